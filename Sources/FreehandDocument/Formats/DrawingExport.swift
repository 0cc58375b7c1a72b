import FreehandKit
import FreehandRender

/// Pictures of a drawing: SVG and PDF of the filled outlines, PNG through the renderer. Each is,
/// unless a size is given, the ink's bounds plus a margin (`InkFrame`), the ink moved onto it.
/// Each draws the drawing in points (`Drawing.inPoints`): a recording in tablet units or
/// millimetres at its size on paper, one whose y axis points up the right way up.
public enum DrawingExport {
    /// The page around the drawing's ink with `margin` points on every side.
    public static func frame(of drawing: Drawing, margin: Double = InkFrame.standardMargin) -> InkFrame {
        InkFrame(around: drawing.inPoints.bounds, margin: margin)
    }

    /// Each stroke's outline in its colour, placed by `frame` (nil: as drawn).
    private static func placedOutlines(_ drawing: Drawing, frame: InkFrame?) -> some Sequence<(piece: OutlinePiece, color: RGBAColor)> {
        drawing.lazyOutlines.map { entry in
            (piece: frame.map { entry.piece.offset(by: $0.offset) } ?? entry.piece, color: entry.color)
        }
    }

    /// An SVG of every stroke's outline in its colour, on `background` (nil for transparent); with
    /// a `size`, the ink keeps its coordinates on a canvas of that size.
    public static func svg(_ drawing: Drawing, size: Point? = nil, background: RGBAColor? = .white) -> String {
        let drawing = drawing.inPoints
        let frame = size == nil ? frame(of: drawing) : nil
        let canvas = size ?? frame?.size ?? Point(1, 1)
        var document = SVGDocument(width: canvas.x, height: canvas.y, background: background.flatMap { $0.alpha > 0 ? $0.cssText : nil })
        for (piece, color) in placedOutlines(drawing, frame: frame) {
            document.fillOutline(piece, color: color.cssText, opacity: piece.opacity * color.alpha)
        }
        return document.text
    }

    /// A one-page PDF of every stroke's outline in its colour (`PDFDocument`), on `background`
    /// (nil: none); with a `size`, the ink keeps its coordinates on a page of that size.
    /// `creationDate` is PDF date text (`PDFDocument.dateText`), nil to leave it out.
    public static func pdf(_ drawing: Drawing, size: Point? = nil, background: RGBAColor? = nil, creationDate: String? = nil) -> [UInt8] {
        let drawing = drawing.inPoints
        let frame = size == nil ? frame(of: drawing) : nil
        let canvas = size ?? frame?.size ?? Point(1, 1)
        var document = PDFDocument(width: canvas.x, height: canvas.y, background: background)
        document.creationDate = creationDate
        for (piece, color) in placedOutlines(drawing, frame: frame) {
            document.fillOutline(piece, color: color, opacity: piece.opacity)
        }
        return document.bytes
    }

    /// A PNG of the drawing at `scale` pixels per point on `background`; with a `size`, the ink
    /// keeps its coordinates on a canvas of that size.
    public static func png(_ drawing: Drawing, size: Point? = nil, scale: Double = 1, background: RGBAColor = .white) -> [UInt8] {
        let drawing = drawing.inPoints
        let frame = size == nil ? frame(of: drawing) : nil
        let renderer = InkRenderer(size: size ?? frame?.size ?? Point(1, 1), scale: scale, background: background)
        return PNGEncoder.encode(renderer.render(placedOutlines(drawing, frame: frame)))
    }
}
