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
    /// zoomed 8× (`PlacedInk.vectorPixelsPerPoint(for:)`: at 1× past a million samples).
    public static func svg(_ drawing: Drawing, size: Point2D? = nil, background: RGBAColor? = .white) -> String {
        svg(PlacedInk(drawing, size: size, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint(for: drawing)), background: background)
    }

    /// An SVG of `ink` on `background` (nil for transparent).
    public static func svg(_ ink: PlacedInk, background: RGBAColor? = .white) -> String {
        svg(ink, background: background, checkpoint: { (_: ExportProgress) in })
    }

    /// An SVG of `ink` on `background`, drawn a chunk of strokes at a time on every core:
    /// `checkpoint` is called before each chunk, and whatever it throws (a request whose time ran
    /// out) stops the work.
    public static func svg<Failure: Error>(
        _ ink: PlacedInk, background: RGBAColor? = .white, checkpoint: (ExportProgress) throws(Failure) -> Void
    ) throws(Failure) -> String {
        var document = SVGDocument(width: ink.size.x, height: ink.size.y, background: background.flatMap { $0.alpha > 0 ? $0.cssText : nil })
        try ink.forEachChunk { (chunk: [PlacedInk.Piece], done: Int) throws(Failure) in
            try checkpoint(ExportProgress(strokesDone: done, strokeCount: ink.strokeCount))
            document.fillOutlines(chunk.map { ($0.piece, $0.color.cssText, $0.piece.opacity * $0.color.alpha) })
        }
        return document.text
    }

    /// A one-page PDF of every stroke's outline in its colour (`PDFDocument`), on `background`
    /// (nil: none); with a `size`, the ink keeps its coordinates on a page of that size.
    /// `creationDate` is PDF date text (`PDFDocument.dateText`), nil to leave it out. Outlined for
    /// a viewer zoomed 8× (at 1× past a million samples).
    public static func pdf(_ drawing: Drawing, size: Point2D? = nil, background: RGBAColor? = nil, creationDate: String? = nil) -> [UInt8] {
        pdf(PlacedInk(drawing, size: size, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint(for: drawing)), background: background, creationDate: creationDate)
    }

    /// A one-page PDF of `ink` on `background` (nil: none), dated `creationDate` (nil: undated).
    public static func pdf(_ ink: PlacedInk, background: RGBAColor? = nil, creationDate: String? = nil) -> [UInt8] {
        pdf(ink, background: background, creationDate: creationDate, checkpoint: { (_: ExportProgress) in })
    }

    /// A one-page PDF of `ink`, drawn a chunk of strokes at a time on every core, `checkpoint` called
    /// before each chunk as in `svg(_:background:checkpoint:)`.
    public static func pdf<Failure: Error>(
        _ ink: PlacedInk, background: RGBAColor? = nil, creationDate: String? = nil, checkpoint: (ExportProgress) throws(Failure) -> Void
    ) throws(Failure) -> [UInt8] {
        var document = PDFDocument(width: ink.size.x, height: ink.size.y, background: background)
        document.creationDate = creationDate
        try ink.forEachChunk { (chunk: [PlacedInk.Piece], done: Int) throws(Failure) in
            try checkpoint(ExportProgress(strokesDone: done, strokeCount: ink.strokeCount))
            document.fillOutlines(chunk.map { ($0.piece, $0.color, $0.piece.opacity) })
        }
        return document.bytes
    }

    /// A PNG of the drawing at `scale` pixels per point on `background`; with a `size`, the ink
    /// keeps its coordinates on a canvas of that size. Outlined for that scale.
    public static func png(_ drawing: Drawing, size: Point2D? = nil, scale: Double = 1, background: RGBAColor = .white) -> [UInt8] {
        png(PlacedInk(drawing, size: size, pixelsPerPoint: scale), scale: scale, background: background)
    }

    /// A PNG of `ink` at `scale` pixels per point on `background`, with `grain` (nil: none). An
    /// image over `ImageLimits` is clamped to it; `InkRenderer.checkSize()` says beforehand whether
    /// it fits.
    public static func png(_ ink: PlacedInk, scale: Double = 1, background: RGBAColor = .white, grain: Grain? = nil) -> [UInt8] {
        png(ink, scale: scale, background: background, grain: grain, checkpoint: { (_: ExportProgress) in })
    }

    /// A PNG of `ink`, painted a chunk of strokes at a time, `checkpoint` called before each chunk
    /// is filled with the pixels painted once it is (`ExportProgress.paintedPixels`) — for ink whose
    /// pieces are held, the whole picture's from the first call — so that a caller refuses too much
    /// work by throwing (`ImageLimits.maximumPaintedPixels`), before any when it can.
    public static func png<Failure: Error>(
        _ ink: PlacedInk, scale: Double = 1, background: RGBAColor = .white, grain: Grain? = nil,
        checkpoint: (ExportProgress) throws(Failure) -> Void
    ) throws(Failure) -> [UInt8] {
        let renderer = InkRenderer(size: ink.size, scale: scale, background: background)
        var painting = renderer.startPainting(grain: grain)
        let whole = ink.heldPieces.map { renderer.paintedPixels($0.lazy.map(\.piece)) }
        var painted = whole ?? 0
        try ink.forEachChunk { (chunk: [PlacedInk.Piece], done: Int) throws(Failure) in
            if whole == nil { painted += renderer.paintedPixels(chunk.lazy.map(\.piece)) }
            try checkpoint(ExportProgress(strokesDone: done, strokeCount: ink.strokeCount, paintedPixels: painted))
            painting.add(chunk)
        }
        return PNGEncoder.encode(painting.finish())
    }
}
