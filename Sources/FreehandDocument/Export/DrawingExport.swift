import FreehandKit
import FreehandRender

/// Pictures of a drawing — SVG and PDF of the filled outlines, PNG through the renderer — the one
/// path every front end takes (`freehand render` and `convert`, the playground, FreehandUI). Each
/// draws `PlacedInk`: the drawing in points (`Drawing.inPoints`: a recording in tablet units or
/// millimetres at its size on paper, one whose y axis points up the right way up), each stroke
/// outlined once; unless a size is given, the page is the ink's bounds plus a margin.
public enum DrawingExport {
    /// The page around the drawing's ink with `margin` points on every side.
    public static func frame(of drawing: Drawing, margin: Double = InkFrame.standardMargin) -> InkFrame {
        InkFrame(around: drawing.inPoints.bounds, margin: margin)
    }

    /// An SVG of every stroke's outline in its colour, on `background` (nil for transparent); with
    /// a `size`, the ink keeps its coordinates on a canvas of that size. Outlined for a viewer
    /// zoomed 8× (`PlacedInk.vectorPixelsPerPoint`).
    public static func svg(_ drawing: Drawing, size: Point2D? = nil, background: RGBAColor? = .white) -> String {
        svg(PlacedInk(drawing, size: size, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint), background: background)
    }

    /// An SVG of `ink` on `background` (nil for transparent).
    public static func svg(_ ink: PlacedInk, background: RGBAColor? = .white) -> String {
        var document = SVGDocument(width: ink.size.x, height: ink.size.y, background: background.flatMap { $0.alpha > 0 ? $0.cssText : nil })
        for (piece, color) in ink.pieces {
            document.fillOutline(piece, color: color.cssText, opacity: piece.opacity * color.alpha)
        }
        return document.text
    }

    /// A one-page PDF of every stroke's outline in its colour (`PDFDocument`), on `background`
    /// (nil: none); with a `size`, the ink keeps its coordinates on a page of that size.
    /// `creationDate` is PDF date text (`PDFDocument.dateText`), nil to leave it out. Outlined for
    /// a viewer zoomed 8×.
    public static func pdf(_ drawing: Drawing, size: Point2D? = nil, background: RGBAColor? = nil, creationDate: String? = nil) -> [UInt8] {
        pdf(PlacedInk(drawing, size: size, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint), background: background, creationDate: creationDate)
    }

    /// A one-page PDF of `ink` on `background` (nil: none), dated `creationDate` (nil: undated).
    public static func pdf(_ ink: PlacedInk, background: RGBAColor? = nil, creationDate: String? = nil) -> [UInt8] {
        var document = PDFDocument(width: ink.size.x, height: ink.size.y, background: background)
        document.creationDate = creationDate
        for (piece, color) in ink.pieces {
            document.fillOutline(piece, color: color, opacity: piece.opacity)
        }
        return document.bytes
    }

    /// A PNG of the drawing at `scale` pixels per point on `background`; with a `size`, the ink
    /// keeps its coordinates on a canvas of that size. Outlined for that scale.
    public static func png(_ drawing: Drawing, size: Point2D? = nil, scale: Double = 1, background: RGBAColor = .white) -> [UInt8] {
        png(PlacedInk(drawing, size: size, pixelsPerPoint: scale), scale: scale, background: background)
    }

    /// A PNG of `ink` at `scale` pixels per point on `background`, with `grain` (nil: none). An
    /// image over `ImageLimits` is clamped to it; `InkRenderer.checkSize()` and `checkWork(_:)`
    /// say beforehand whether it fits.
    public static func png(_ ink: PlacedInk, scale: Double = 1, background: RGBAColor = .white, grain: Grain? = nil) -> [UInt8] {
        PNGEncoder.encode(InkRenderer(size: ink.size, scale: scale, background: background).render(ink.pieces, grain: grain))
    }
}
