import Dispatch
import Foundation
import FreehandKit

/// Fills polygons into a bitmap (or an area of it) in horizontal bands at the same time, one
/// rasterizer per band.
///
/// Every band takes the polygons in the same order and blends only its own rows, so the pixels
/// are exactly those of one pass over the whole image; no two bands touch the same row. Sendable
/// by that division of the work: band `i` uses `rasterizers[i]` (a class, not thread-safe) and
/// writes rows inside `clips[i]` only, and each band is filled by one worker.
///
/// There are more bands than workers, each worker taking the next band left until none is: ink is
/// rarely spread evenly down a page, and one band a worker would leave the others waiting for the
/// one with the most ink at every batch.
struct BandedFill: @unchecked Sendable {
    /// Each band's rows (all columns), top to bottom.
    let clips: [PixelRect]
    /// One rasterizer per band (a rasterizer is not shared between threads).
    let rasterizers: [Rasterizer]
    /// The threads that fill the bands at once (at least one, at most the band count).
    let workers: Int

    /// Bands for `bitmap` (its size), `bands` of them (at least one), filled by `workers` threads.
    init(bitmap: Bitmap, bands: Int, workers: Int = 1) {
        self.init(area: bitmap.bounds, bands: bands, workers: workers)
    }

    /// Bands across `area` (pixels: the rows and columns filled), `bands` of them (at least one),
    /// filled by `workers` threads; the first band with `rasterizer` when given (its buffers,
    /// grown by earlier fills, are reused), the others each with a new one.
    init(area: PixelRect, bands: Int, workers: Int = 1, reusing rasterizer: Rasterizer? = nil) {
        let height = Swift.max(0, area.maxY - area.minY)
        let count = Swift.max(1, Swift.min(bands, Swift.max(1, height)))
        clips = (0..<count).map { band in
            PixelRect(minX: area.minX, minY: area.minY + band * height / count, maxX: area.maxX, maxY: area.minY + (band + 1) * height / count)
        }
        rasterizers = clips.indices.map { band in band == 0 ? rasterizer ?? Rasterizer() : Rasterizer() }
        self.workers = Swift.max(1, Swift.min(workers, count))
    }

    /// A polygon to fill (pixel coordinates, non-zero rule) and its holes, the rows it may reach
    /// (pixels; nil when unknown: every band takes it) and its premultiplied ink (channels 0…1).
    struct Item {
        var polygon: [Point2D]
        var holes: [[Point2D]] = []
        /// The rings cross and touch nowhere (`OutlinePiece.isResolved`).
        var windsOnce = false
        var rows: ClosedRange<Double>?
        var ink: SIMD4<Float>
        /// How the ink combines with what is under it.
        var mode: InkBlendMode = .sourceOver

        /// The rows, in pixels, that a polygon with `bounds` (points) drawn at `scale` pixels per
        /// point may reach, widened a pixel; nil for no bounds or bounds that are not numbers.
        static func rows(of bounds: Rect2D?, scale: Double) -> ClosedRange<Double>? {
            guard let bounds else { return nil }
            let low = (bounds.min.y * scale).rounded(.down) - 1, high = (bounds.max.y * scale).rounded(.up) + 1
            return low <= high ? low...high : nil
        }
    }

    /// Fills each of `polygons` with its ink, by its blend, in order, optionally modulated by
    /// `grain`. A band passes over the polygons whose rows lie outside its own.
    func fill(_ polygons: [Item], into bitmap: inout Bitmap, grain: Grain?) {
        guard !polygons.isEmpty else { return }
        let width = bitmap.width
        bitmap.pixels.withUnsafeMutableBytes { bytes in
            let blender = PixelBlender(bytes: bytes, width: width)
            let work = { @Sendable (band: Int) in
                let rasterizer = rasterizers[band], clip = clips[band]
                let bandRows = Double(clip.minY)...Double(clip.maxY)
                for item in polygons where item.rows?.overlaps(bandRows) ?? true {
                    // The ink alone is captured: the item (its polygon's storage) is not copied per row.
                    let ink = item.ink, mode = item.mode
                    func fill<Rings: Sequence<[Point2D]>>(_ rings: Rings) {
                        rasterizer.rasterize(rings, clip: clip, windsOnce: item.windsOnce) { row, run in
                            blender.blend(row, run, ink: ink, mode: mode, grain: grain)
                        }
                    }
                    // Most pieces have no holes: their one ring goes without a new array.
                    if item.holes.isEmpty { fill(CollectionOfOne(item.polygon)) } else { fill([item.polygon] + item.holes) }
                }
            }
            if workers == 1 {
                for band in clips.indices { work(band) }
            } else {
                // Each worker takes the next band not yet taken until none is left.
                let queue = BandQueue(count: clips.count)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while let band = queue.next() { work(band) }
                }
            }
        }
    }
}

/// The bands of one batch not yet taken by a worker, handed out in order.
private final class BandQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = 0
    private let count: Int

    init(count: Int) { self.count = count }

    /// The next band, or nil when every band has been taken. Safe to call from any thread (it
    /// is Sendable on that condition: `taken` is read and written under `lock` only).
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }
}
