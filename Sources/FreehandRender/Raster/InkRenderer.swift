import FreehandKit
import Foundation

/// Renders finished ink: outline pieces filled into a new bitmap, in bands on every core at once.
public struct InkRenderer {
    /// Canvas size in points.
    public var size: Point
    /// Pixels per point (2 or 3 for retina output), 0.01…64.
    public var scale: Double
    /// The background, or `.transparent`.
    public var background: RGBAColor
    /// The most threads a render uses, 1…8 (default 8; 1 renders on the calling thread alone).
    /// Fewer are used on a machine with fewer cores, and for images under 64 rows a thread.
    public var maximumThreads = 8

    /// A renderer for a canvas of `size` points at `scale` pixels per point.
    public init(size: Point, scale: Double = 1, background: RGBAColor = .white) {
        self.size = size
        self.scale = Swift.min(64, Swift.max(0.01, scale.isFinite ? scale : 1))
        self.background = background
    }

    /// The image's size in pixels, clamped to `ImageLimits` (ink beyond them is cut off; call
    /// `checkSize()` first to refuse such a canvas instead).
    public var pixelSize: (width: Int, height: Int) {
        ImageLimits.clamped(width: ImageLimits.pixels(size.x, scale: scale), height: ImageLimits.pixels(size.y, scale: scale))
    }

    /// Throws `ImageSizeError` when the canvas is over `ImageLimits`.
    public func checkSize() throws(ImageSizeError) {
        try ImageLimits.check(size: (size.x, size.y), scale: scale)
    }

    /// `pieces` filled in order, each with `color` at its own opacity (non-zero rule, anti-aliased),
    /// with `grain` when given.
    public func render(_ pieces: [OutlinePiece], color: RGBAColor = .black, grain: Grain? = nil) -> Bitmap {
        render(pieces.map { ($0, color) }, grain: grain)
    }

    /// `pieces` filled in order, each in its own colour at its own opacity.
    ///
    /// The image is cut into horizontal bands, four per processor core used (at most
    /// `maximumThreads` cores; no band shorter than 64 rows), filled at the same time: each band
    /// takes every piece in order, so the result is the same as one pass. Pieces are taken in
    /// batches of `batchSize`: a lazy sequence renders a drawing without holding all its outlines
    /// at once. A drawing of fewer than `pointsWorthThreads` outline points is filled on the calling
    /// thread.
    public func render<Pieces: Sequence<(piece: OutlinePiece, color: RGBAColor)>>(_ pieces: Pieces, grain: Grain? = nil) -> Bitmap {
        let (width, height) = pixelSize
        var bitmap = Bitmap(width: width, height: height, color: background)
        // The bands are cut when the first batch is full or the pieces end: a drawing of a few
        // strokes is filled on the calling thread alone (starting workers, each with buffers of
        // its own, costs more than they save there).
        var bands: BandedFill?
        var batch: [BandedFill.Item] = []
        batch.reserveCapacity(Self.batchSize)
        var points = 0
        func fillBatch(last: Bool) {
            if bands == nil {
                let workers = last && points < Self.pointsWorthThreads ? 1 : Self.workerCount(height: height, threads: maximumThreads)
                bands = BandedFill(bitmap: bitmap, bands: Self.bandCount(height: height, workers: workers), workers: workers)
            }
            bands?.fill(batch, into: &bitmap, grain: grain)
            batch.removeAll(keepingCapacity: true)
        }
        for (piece, color) in pieces {
            // A band passes over a piece whose rows cannot reach it.
            let placed = scale == 1 ? piece : piece.scaled(by: scale)
            batch.append(BandedFill.Item(
                polygon: placed.polygon, holes: placed.holes, windsOnce: placed.isResolved, rows: BandedFill.Item.rows(of: piece.bounds, scale: scale),
                ink: Bitmap.ink(color, opacity: piece.opacity)))
            points += piece.pointCount
            if batch.count == Self.batchSize { fillBatch(last: false) }
        }
        fillBatch(last: true)
        return bitmap
    }

    /// Outline points below which a whole drawing is filled on one thread (about 40 strokes of
    /// handwriting).
    static let pointsWorthThreads = 4096

    /// Pieces filled together by the bands (the bands wait for one another after each batch).
    static let batchSize = 1024

    /// Threads for an image `height` rows tall: one per active processor core, at most `threads`
    /// (and 8), each with at least 64 rows.
    static func workerCount(height: Int, threads: Int) -> Int {
        Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, threads, 8, height / 64))
    }

    /// Bands for an image `height` rows tall filled by `workers` threads: four a thread (one on a
    /// single thread), each at least 64 rows.
    static func bandCount(height: Int, workers: Int) -> Int {
        workers == 1 ? 1 : Swift.max(workers, Swift.min(4 * workers, height / 64))
    }
}
