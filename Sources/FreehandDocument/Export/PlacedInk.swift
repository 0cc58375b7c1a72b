import FreehandKit
import FreehandRender

/// A drawing's ink outlined in its colours and placed on its page: what every picture of it — SVG,
/// PDF, PNG (`DrawingExport`), the command line's `render`, the playground's `/render` — draws.
/// Without a page size the page is the ink's bounds plus a margin (`InkFrame`) and the ink is moved
/// onto it; with one, the ink keeps its coordinates.
///
/// Memory stays bounded by the work, not by the drawing: strokes are outlined a chunk at a time
/// (`forEachChunk(_:)`) and a picture takes each chunk as it comes. A drawing whose outlines fit in
/// `keptPoints` is outlined once and its pieces kept; a bigger one is outlined once to find its
/// bounds and again, chunk by chunk, as it is drawn.
public struct PlacedInk: Sendable {
    /// One stroke's outline, in page coordinates (points), with its colour.
    public typealias Piece = (piece: OutlinePiece, color: RGBAColor)
    /// How one stroke of a drawing is outlined: its samples, technique and style (nil: it draws
    /// nothing). Called on several cores at once.
    public typealias StrokeMaker = @Sendable (StrokeRecord) -> InkStroke.BatchStroke?

    /// The page's width and height, points.
    public var size: Point2D
    /// What is added to each outline's coordinates to place it on the page, points.
    public private(set) var offset: Point2D = .zero
    /// How many strokes the drawing has (or pieces, when made from pieces).
    public let strokeCount: Int
    /// Every piece, already outlined and placed, when they are held (nil when they are outlined as
    /// they are drawn).
    private(set) var heldPieces: [Piece]?
    /// The strokes still to outline, when `heldPieces` is nil.
    private var source: Source?
    /// Whether any stroke left ink, when the strokes were outlined to find the bounds.
    private var foundInk: Bool?

    private struct Source: Sendable {
        var records: [StrokeRecord]
        var pixelsPerPoint: Double
        var makeStroke: StrokeMaker
    }

    /// `pieces` on a page of `size`, or, when nil, on the ink's bounds plus `margin` points (the
    /// pieces moved onto it).
    public init(pieces: [Piece], size: Point2D? = nil, margin: Double = InkFrame.standardMargin) {
        strokeCount = pieces.count
        if let size {
            self.heldPieces = pieces
            self.size = size
        } else {
            let frame = InkFrame(enclosing: pieces.lazy.map(\.piece), margin: margin)
            self.heldPieces = pieces.map { (piece: $0.piece.offset(by: frame.offset), color: $0.color) }
            self.size = frame.size
            self.offset = frame.offset
        }
    }

    /// The ink of `drawing` in points (`Drawing.inPoints`), each stroke outlined on every core,
    /// within a quarter pixel of the true stroke at `pixelsPerPoint` (`InkStyle.fitted`: a PNG's
    /// scale; 8 for vector pictures that a viewer may zoom), on a page of `size` or, when nil, on the
    /// ink's bounds plus `margin` points.
    public init(_ drawing: Drawing, size: Point2D? = nil, margin: Double = InkFrame.standardMargin, pixelsPerPoint: Double = 1) {
        self.init(drawing, size: size, margin: margin, pixelsPerPoint: pixelsPerPoint, strokes: { $0.batchStroke }, checkpoint: { (_: ExportProgress) in })
    }

    /// As `init(_:size:margin:pixelsPerPoint:)`, each stroke outlined as `strokes` makes it (the
    /// command line's technique and brush options over each stroke's saved look), its pieces kept
    /// while they have at most `keptPoints` outline points in all. Without a size,
    /// finding the bounds outlines the strokes: `checkpoint` is called before each chunk, and
    /// whatever it throws (a request whose time ran out) stops the work and lets go of what was done.
    public init<Failure: Error>(
        _ drawing: Drawing, size: Point2D? = nil, margin: Double = InkFrame.standardMargin, pixelsPerPoint: Double = 1,
        strokes makeStroke: @escaping StrokeMaker, keeping keptPoints: Int = PlacedInk.keptPoints,
        checkpoint: (ExportProgress) throws(Failure) -> Void
    ) throws(Failure) {
        let source = Source(records: drawing.inPoints.strokes, pixelsPerPoint: pixelsPerPoint, makeStroke: makeStroke)
        strokeCount = source.records.count
        if let size {
            self.size = size
            self.source = source
            return
        }
        // The bounds first; the pieces are kept while they are few enough.
        var bounds: Rect2D?
        var kept: [Piece]? = []
        var pointsSoFar = 0
        try Self.forEachChunk(of: source) { (chunk: [Piece], done: Int) throws(Failure) in
            try checkpoint(ExportProgress(strokesDone: done, strokeCount: source.records.count))
            for (piece, _) in chunk {
                if let box = piece.bounds { bounds = bounds?.union(box) ?? box }
                pointsSoFar += piece.pointCount
            }
            if pointsSoFar <= keptPoints { kept?.append(contentsOf: chunk) } else { kept = nil }
        }
        let frame = InkFrame(around: bounds, margin: margin)
        self.foundInk = bounds != nil
        self.size = frame.size
        self.offset = frame.offset
        if let kept {
            self.heldPieces = kept.map { (piece: $0.piece.offset(by: frame.offset), color: $0.color) }
        } else {
            self.source = source
        }
    }

    /// Outline points a drawing may have, by default, for its pieces to be kept between finding its
    /// bounds and drawing it (16 bytes each: 64 MiB); past it they are outlined again as they are drawn.
    public static let keptPoints = 4 << 20

    /// True when no stroke leaves ink: known exactly once the strokes were outlined (always without
    /// a page size); on a page of a given size, true when no stroke has a sample.
    public var isEmpty: Bool {
        if let heldPieces { return heldPieces.isEmpty }
        if let foundInk { return !foundInk }
        return source?.records.allSatisfy { $0.samples.isEmpty } ?? true
    }


    /// Every piece in drawing order, all held at once (strokes that draw nothing left out). A
    /// picture takes them a chunk at a time instead (`forEachChunk(_:)`).
    public var pieces: [Piece] {
        var all: [Piece] = []
        forEachChunk { chunk, _ in all.append(contentsOf: chunk) }
        return all
    }

    /// Hands `body` the pieces in drawing order, a chunk at a time (up to `chunkSamples` samples or
    /// `chunkStrokes` strokes outlined together on every core, at least one stroke), with how many
    /// strokes came before the chunk (pieces, when they were kept); only one chunk's outlines are
    /// held at once when they were not kept.
    public func forEachChunk<Failure: Error>(_ body: ([Piece], _ strokesDone: Int) throws(Failure) -> Void) throws(Failure) {
        if let heldPieces {
            var start = 0
            while start < heldPieces.count {
                let end = Swift.min(heldPieces.count, start + Self.chunkStrokes)
                try body(Array(heldPieces[start..<end]), start)
                start = end
            }
            return
        }
        guard let source else { return }
        let offset = self.offset
        try Self.forEachChunk(of: source) { (chunk: [Piece], done: Int) throws(Failure) in
            try body(offset == .zero ? chunk : chunk.map { (piece: $0.piece.offset(by: offset), color: $0.color) }, done)
        }
    }

    /// How many strokes' outlines a chunk holds at most.
    public static let chunkStrokes = 4096
    /// How many samples a chunk outlines at most, unless one stroke alone has more.
    public static let chunkSamples = 1 << 18

    /// The outlines of `source`'s strokes, a chunk at a time, with how many strokes came before it.
    private static func forEachChunk<Failure: Error>(of source: Source, _ body: ([Piece], Int) throws(Failure) -> Void) throws(Failure) {
        let records = source.records
        var start = 0
        while start < records.count {
            var end = start, samples = 0
            while end < records.count, end - start < chunkStrokes, end == start || samples + records[end].samples.count <= chunkSamples {
                samples += records[end].samples.count
                end += 1
            }
            var batch: [InkStroke.BatchStroke] = []
            var colors: [RGBAColor] = []
            batch.reserveCapacity(end - start)
            for record in records[start..<end] {
                guard var stroke = source.makeStroke(record) else { continue }
                stroke.style = stroke.style.fitted(toPixelsPerPoint: source.pixelsPerPoint)
                batch.append(stroke)
                colors.append(record.color)
            }
            let outlines = InkStroke.outlines(for: batch)
            batch = []
            var chunk: [Piece] = []
            chunk.reserveCapacity(outlines.count)
            for (outline, color) in zip(outlines, colors) {
                if let outline { chunk.append((piece: outline, color: color)) }
            }
            try body(chunk, start)
            start = end
        }
    }

    /// The pixels per point vector pictures are outlined for: a viewer zoomed 8× sees no facets.
    public static let vectorPixelsPerPoint = 8.0

    /// Samples a drawing may have for its vector pictures to be outlined for a viewer zoomed 8×
    /// (`vectorPixelsPerPoint`): 1,048,576, about 130 pages of handwriting.
    public static let zoomableVectorSamples = 1 << 20

    /// The pixels per point a vector picture of `drawing` is outlined for: `vectorPixelsPerPoint` up
    /// to `zoomableVectorSamples` samples, 1 past it (the outline within 0.1 pt, as a 1× picture
    /// draws it: about half the points, and curves fitted to them some four times faster — a page
    /// of a million six-sample strokes to SVG in 21 s, not 59 s, on a two-core machine).
    ///
    /// - Complexity: O(s), s the drawing's strokes (`Drawing.sampleCount`).
    public static func vectorPixelsPerPoint(for drawing: Drawing) -> Double {
        drawing.sampleCount > zoomableVectorSamples ? 1 : vectorPixelsPerPoint
    }

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
