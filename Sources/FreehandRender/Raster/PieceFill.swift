import FreehandKit
import Foundation

/// Finished outline pieces filled in order into an area of a bitmap, a batch at a time: the area is
/// cut into horizontal bands filled on several cores at once (`BandedFill`), or filled on the
/// calling thread when the pieces are few. What `InkRenderer` renders with and `InkCanvas` repaints with.
///
/// The bands are cut when the first batch is full or the pieces end: a drawing of a few strokes is
/// filled on the calling thread alone (starting workers, each with buffers of its own, costs more
/// than they save there). A batch holds `batchSize` pieces, so a lazy sequence of pieces is filled
/// without holding all its outlines at once.
struct PieceFill {
    /// The pixels filled: rows and columns outside are left as they are.
    private let area: PixelRect
    private let scale: Double
    private let pixelOrigin: Point2D
    private let maximumThreads: Int
    private let grain: Grain?
    private let rasterizer: Rasterizer?
    private var bands: BandedFill?
    private var batch: [BandedFill.Item] = []
    private var points = 0

    /// Outline points below which the pieces are filled on one thread (about 40 strokes of
    /// handwriting).
    static let pointsWorthThreads = 4096

    /// Pieces filled together by the bands (the bands wait for one another after each batch).
    static let batchSize = 1024

    /// A fill of `area` with pieces in points drawn at `scale` pixels per point (point p at pixel
    /// p × `scale` − `pixelOrigin`), on up to
    /// `maximumThreads` threads, with `grain` when given; the first band (the only one of a small
    /// fill) with `rasterizer` when given, so that frequent small fills reuse its buffers.
    init(area: PixelRect, scale: Double, pixelOrigin: Point2D = .zero, maximumThreads: Int, grain: Grain?, reusing rasterizer: Rasterizer? = nil) {
        self.area = area
        self.pixelOrigin = pixelOrigin
        self.rasterizer = rasterizer
        self.scale = scale
        self.maximumThreads = maximumThreads
        self.grain = grain
        batch.reserveCapacity(Self.batchSize)
    }

    /// Adds `piece` (points) in `color` at its opacity, by its layering; fills the batch into `bitmap`
    /// when it is full.
    mutating func add(_ piece: OutlinePiece, color: RGBAColor, into bitmap: inout Bitmap) {
        // A band passes over a piece whose rows cannot reach it.
        let placed = scale == 1 && pixelOrigin == .zero ? piece : piece.scaled(by: scale, movedBy: -pixelOrigin)
        batch.append(BandedFill.Item(
            polygon: placed.polygon, holes: placed.holes, windsOnce: placed.isResolved, rows: BandedFill.Item.rows(of: placed.bounds, scale: 1),
            ink: Bitmap.ink(color, opacity: piece.opacity), mode: InkBlendMode(piece.layering)))
        points += piece.pointCount
        if batch.count == Self.batchSize { fillBatch(into: &bitmap, last: false) }
    }

    /// Fills the pieces still waiting into `bitmap`.
    mutating func finish(into bitmap: inout Bitmap) {
        fillBatch(into: &bitmap, last: true)
    }

    private mutating func fillBatch(into bitmap: inout Bitmap, last: Bool) {
        if bands == nil {
            let height = area.maxY - area.minY
            let workers = last && points < Self.pointsWorthThreads ? 1 : Self.workerCount(height: height, threads: maximumThreads)
            bands = BandedFill(area: area, bands: Self.bandCount(height: height, workers: workers), workers: workers, reusing: rasterizer)
        }
        bands?.fill(batch, into: &bitmap, grain: grain)
        batch.removeAll(keepingCapacity: true)
    }

    /// Threads for an area `height` rows tall: one per active processor core, at most `threads`
    /// (and 8), each with at least 64 rows.
    static func workerCount(height: Int, threads: Int) -> Int {
        Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, threads, 8, height / 64))
    }

    /// Bands for an area `height` rows tall filled by `workers` threads: four a thread (one on a
    /// single thread), each at least 64 rows.
    static func bandCount(height: Int, workers: Int) -> Int {
        workers == 1 ? 1 : Swift.max(workers, Swift.min(4 * workers, height / 64))
    }
}
