import FreehandKit

/// Turns polygons into exact per-pixel coverage under the non-zero rule, anti-aliased by area (not
/// by supersampling).
///
/// Each pixel row is cut into parts where a chain of edges starts or ends and where two chains
/// cross, so that inside a part no two chains swap order. Walking a part's chains left to right
/// with the winding number, only those where the winding turns non-zero (entering the shape) or
/// back to zero (leaving it) deposit their signed area into a row of cells; a running sum along the
/// row then gives each pixel's covered area exactly — the non-zero rule however many layers
/// overlap, not just where the winding has one sign. Work is proportional to the edges plus the
/// covered spans: only cells an edge touches are summed, and the solid runs between them are
/// handed out whole (`CoverageRun.solid`) for bulk filling.
///
/// A rasterizer keeps its buffers between calls: reuse one for many polygons. It is a class for
/// that reason; it is not safe to share between threads.
public final class Rasterizer {
    /// Coordinates beyond this (pixels) are clamped: far past any canvas (≤ 32,768 px).
    public static let coordinateLimit = 1e9

    /// The buffers, out of the rasterizer while a call uses them (see `rasterize`).
    private var scan: RasterScan? = RasterScan()

    /// A rasterizer with empty scratch buffers.
    public init() {}

    /// Computes the coverage of `polygon` (closed, pixel coordinates, y down) inside `clip` and
    /// calls `body` with each row that has any coverage, the first column and the coverages (0…1)
    /// from that column on. Non-finite points make the polygon draw nothing.
    public func rasterize(
        _ polygon: [Point2D], clip: PixelRect, _ body: (_ row: Int, _ firstColumn: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        var expanded: [Float] = []
        rasterize(CollectionOfOne(polygon), clip: clip) { y, run in
            switch run {
            case .varying(let first, let coverage): body(y, first, coverage)
            case .solid(let first, let count, let coverage):
                if expanded.count < count { expanded = [Float](repeating: 0, count: count) }
                for index in 0..<count { expanded[index] = coverage }
                expanded.withUnsafeBufferPointer { body(y, first, UnsafeBufferPointer(rebasing: $0[0..<count])) }
            }
        }
    }

    /// Computes the coverage of the union of `polygons` (each closed, pixel coordinates, y down;
    /// together filled with the non-zero rule) inside `clip`, and calls `body` once per covered run
    /// of each row, rows top to bottom and runs left to right. A polygon with a non-finite point
    /// draws nothing.
    public func rasterize<Polygons: Sequence<[Point2D]>>(_ polygons: Polygons, clip: PixelRect, _ body: (_ row: Int, _ run: CoverageRun) -> Void) {
        rasterize(polygons, clip: clip, windsOnce: false, body)
    }

    /// `rasterize(_:clip:_:)`; with `windsOnce`, for rings known to cross and touch nowhere, the
    /// first around the others (`OutlinePiece.isResolved`): rows are filled without looking for
    /// overlaps. Other polygons given so would be filled wrongly, hence not public.
    func rasterize<Polygons: Sequence<[Point2D]>>(
        _ polygons: Polygons, clip: PixelRect, windsOnce: Bool, _ body: (_ row: Int, _ run: CoverageRun) -> Void
    ) {
        // Work on a local copy of the buffers: a struct's accesses are checked when compiled, a
        // class's on every access.
        var local = scan ?? RasterScan()
        scan = nil
        local.run(polygons, clip: clip, windsOnce: windsOnce, body)
        scan = local
    }
}

/// One polygon edge as the rasterizer keeps it: top to bottom, inside the clip's rows, never right
/// of the clip (left of it, moved onto its left side).
struct RasterEdge {
    var top: Double
    var bottom: Double
    var xTop: Double
    var slope: Double
    var direction: Int

    @inline(__always)
    func x(at y: Double) -> Double { xTop + (y - top) * slope }

    /// Appends the parts of the edge `a`→`b` that matter inside `clip`.
    static func append(from a: Point2D, to b: Point2D, clip: PixelRect, to edges: RasterBuffer<RasterEdge>) {
        guard a.y != b.y else { return }
        let direction = a.y < b.y ? 1 : -1
        let (upper, lower) = a.y < b.y ? (a, b) : (b, a)
        let minY = Double(clip.minY), maxY = Double(clip.maxY)
        let top = Swift.max(upper.y, minY), bottom = Swift.min(lower.y, maxY)
        guard top < bottom else { return }
        let slope = (lower.x - upper.x) / (lower.y - upper.y)
        // An edge too flat for its slope to be a number (a height of 1e-300 across 1e9 px) covers
        // no area: leaving it out changes no pixel, keeping it would make its x NaN.
        guard slope.isFinite else { return }
        let left = Double(clip.minX), right = Double(clip.maxX)
        // The commonest edge lies wholly inside the clip: kept as it is (what the cuts below give it,
        // without their divisions).
        if top == upper.y, bottom == lower.y, Swift.min(upper.x, lower.x) >= left, Swift.max(upper.x, lower.x) <= right {
            edges.append(RasterEdge(top: top, bottom: bottom, xTop: upper.x, slope: slope, direction: direction))
            return
        }
        func x(_ y: Double) -> Double { y == upper.y ? upper.x : (y == lower.y ? lower.x : upper.x + (y - upper.y) * slope) }
        // Cut where the edge crosses the clip's left and right sides (at most two cuts).
        var first = bottom, second = bottom
        if slope != 0 {
            func cut(at side: Double) {
                let y = upper.y + (side - upper.x) / slope
                guard y > top, y < bottom else { return }
                if y < first { (first, second) = (y, first) } else if y < second { second = y }
            }
            cut(at: left)
            cut(at: right)
        }
        func part(_ y0: Double, _ y1: Double) {
            guard y1 > y0 else { return }
            let x0 = x(y0), x1 = x(y1)
            let middle = (x0 + x1) / 2
            if middle >= right { return }  // right of the clip: changes no covered pixel
            if middle <= left {
                edges.append(RasterEdge(top: y0, bottom: y1, xTop: left, slope: 0, direction: direction))
            } else {
                let start = Swift.min(right, Swift.max(left, x0)), end = Swift.min(right, Swift.max(left, x1))
                edges.append(RasterEdge(top: y0, bottom: y1, xTop: start, slope: (end - start) / (y1 - y0), direction: direction))
            }
        }
        part(top, first)
        part(first, second)
        part(second, bottom)
    }
}

/// A chain inside one row: its x extent there (`top` its left end, `bottom` its right; in a
/// sampled row both its x at the sub-row) and the key it is ordered by (`middle`).
struct RasterPiece {
    var top: Double
    var bottom: Double
    var middle: Double
    var direction: Int
    var chain: Int
    /// Its vertices inside the row (counted by the ordered sweep only).
    var vertices = 0
    /// True when it crosses another chain inside the row (found by the ordered sweep only).
    var crossed = false
}

/// A height inside a row where two chains cross, and the first of the two pieces (its index in
/// the row's list before any reordering).
struct RasterCrossing {
    var y: Double
    var piece: Int
}

/// A run of a row's pieces for the ordered sweep's part-by-part deposit: a cluster of pieces whose
/// x extents overlap, or a piece on its own (see `RasterScan.depositGroups`).
struct RasterGroup {
    /// The pieces, as indices into the row's list.
    var pieces: Range<Int>
    /// True when each of its chains spans the whole row and crosses no other: its order then
    /// holds throughout the row.
    var isSteady: Bool
    /// The sum of its chains' directions (how the winding changes across it, when all are present).
    var net: Int
    /// False once the winding to its left differs between parts (steady groups).
    var isOnce = true
}
