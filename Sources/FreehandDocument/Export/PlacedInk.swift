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
    public var size: Point2D

    /// `pieces` on a page of `size`, or, when nil, on the ink's bounds plus `margin` points (the
    /// pieces moved onto it).
    public init(pieces: [(piece: OutlinePiece, color: RGBAColor)], size: Point2D? = nil, margin: Double = InkFrame.standardMargin) {
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
    public init(_ drawing: Drawing, size: Point2D? = nil, margin: Double = InkFrame.standardMargin, pixelsPerPoint: Double = 1) {
        let drawing = drawing.inPoints
        let outlines = Drawing.outlines(of: drawing.strokes[...], fittedToPixelsPerPoint: pixelsPerPoint)
        let pieces = zip(drawing.strokes, outlines).compactMap { record, piece in piece.map { (piece: $0, color: record.color) } }
        self.init(pieces: pieces, size: size, margin: margin)
    }

    /// The pixels per point vector pictures are outlined for: a viewer zoomed 8× sees no facets.
    public static let vectorPixelsPerPoint = 8.0

    /// The smallest page that strokes whose samples span `sampleBounds` can be placed on, known
    /// before any of them is outlined: `size` when one is given, else the samples' span less
    /// `centrelineSlack` on each side (smoothing and steadying pull a curve inside its samples)
    /// plus `margin` on each side. A picture this size too big to draw is refused without the work.
    public static func leastSize(ofSamplesIn sampleBounds: Rect2D?, size: Point2D? = nil, margin: Double = InkFrame.standardMargin) -> Point2D {
        if let size { return size }
        guard let sampleBounds else { return .zero }
        let span = sampleBounds.max - sampleBounds.min
        return Point2D(Swift.max(0, span.x - 2 * centrelineSlack), Swift.max(0, span.y - 2 * centrelineSlack)) + Point2D(2 * margin, 2 * margin)
    }

    /// How far inside its samples' bounds a stroke's curve may lie, points: a stabilizer at full
    /// strength trails the pen by 16 points; the rest is room for the denoiser.
    public static let centrelineSlack = 32.0
}
