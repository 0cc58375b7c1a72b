import FreehandKit
import FreehandRender

/// A drawing's ink outlined once, in its colours, and placed on its page: what every picture of
/// it — SVG, PDF, PNG (`DrawingExport`), the command line's `render`, the playground's `/render` —
/// draws. Without a page size the page is the ink's bounds plus a margin (`InkFrame`) and the ink
/// is moved onto it; with one, the ink keeps its coordinates.
public struct PlacedInk: Sendable {
    /// Each stroke's outline (in page coordinates, points) with its colour, in drawing order;
    /// strokes that draw nothing are left out.
    public var pieces: [(piece: OutlinePiece, color: RGBAColor)]
    /// The page's width and height, points.
    public var size: Point

    /// `pieces` on a page of `size`, or, when nil, on the ink's bounds plus `margin` points (the
    /// pieces moved onto it).
    public init(pieces: [(piece: OutlinePiece, color: RGBAColor)], size: Point? = nil, margin: Double = InkFrame.standardMargin) {
        if let size {
            self.pieces = pieces
            self.size = size
        } else {
            let frame = InkFrame(enclosing: pieces.lazy.map(\.piece), margin: margin)
            self.pieces = pieces.map { (piece: $0.piece.offset(by: frame.offset), color: $0.color) }
            self.size = frame.size
        }
    }

    /// The ink of `drawing` in points (`Drawing.inPoints`), each stroke outlined once on every
    /// core, within a quarter pixel of the true stroke at `pixelsPerPoint` (`InkStyle.fitted`: a
    /// PNG's scale; 8 for vector pictures that a viewer may zoom), placed as `init(pieces:size:margin:)`.
    public init(_ drawing: Drawing, size: Point? = nil, margin: Double = InkFrame.standardMargin, pixelsPerPoint: Double = 1) {
        let drawing = drawing.inPoints
        let outlines = Drawing.outlines(of: drawing.strokes[...], fittedToPixelsPerPoint: pixelsPerPoint)
        let pieces = zip(drawing.strokes, outlines).compactMap { record, piece in piece.map { (piece: $0, color: record.color) } }
        self.init(pieces: pieces, size: size, margin: margin)
    }

    /// The pixels per point vector pictures are outlined for: a viewer zoomed 8× sees no facets.
    public static let vectorPixelsPerPoint = 8.0
}
