import FreehandKit

/// The rasterizer's sweep and its reusable buffers (see `Rasterizer`).
///
/// Edges are grouped into chains: runs of consecutive polygon edges that all go down (or all up).
/// A chain crosses each row once, so a row is cut into parts only where a chain starts or ends,
/// or where two chains cross — not at every polygon vertex.
struct RasterScan {
    /// The polygon edges, clipped, each chain's edges together from top to bottom.
    var edges = RasterBuffer<RasterEdge>()
    var chains = RasterBuffer<RasterChain>()
    var active = RasterBuffer<Int>()
    /// Signed area deposits of the current row, one cell per column (and one past the end).
    var cells = FloatBuffer()
    /// The column ranges of the current row's cells that deposits wrote.
    let ranges = RasterBuffer<Range<Int>>()
    var pieces = RasterBuffer<RasterPiece>()
    var breaks = RasterBuffer<Double>()
    /// Runs of pieces whose x extents overlap one another (the ordered sweep's).
    var clusters = RasterBuffer<Range<Int>>()
    /// The clusters and lone pieces of a row deposited part by part (`depositGroups`).
    var groups = RasterBuffer<RasterGroup>()
    /// The row's crossings with the piece each belongs to, its parts' entering windings (a row of
    /// groups per part) and one group's own breaks (`depositGroups`).
    var crossingBreaks = RasterBuffer<RasterCrossing>()
    var enterings = RasterBuffer<Int>()
    var ownBreaks = RasterBuffer<Double>()
    /// The coverages of the current run.
    var row = FloatBuffer()
    private var polygonEdges = RasterBuffer<RasterEdge>()

    /// The winding number inside polygons known to wind once around their ink and nowhere else
    /// (±1, the sign of their orientation), or 0 when nothing is known: then every row is checked
    /// for overlaps.
    var windingOnce = 0

    /// Rasterizes the union of `polygons` inside `clip`, handing each covered run to `body`. With
    /// `windsOnce`, the polygons are rings that cross and touch nowhere, the first around all the
    /// others and turning the other way to them (`OutlinePiece.isResolved`): rows are deposited
    /// without looking for overlaps.
    mutating func run<Polygons: Sequence<[Point2D]>>(
        _ polygons: Polygons, clip: PixelRect, windsOnce: Bool = false, _ body: (_ row: Int, _ run: CoverageRun) -> Void
    ) {
        guard !clip.isEmpty else { return }
        windingOnce = 0
        if windsOnce, let outer = polygons.first(where: { _ in true }) {
            // An edge running down (+y) has direction +1, and the winding inside a ring of positive
            // area (each corner crossed with the next, summed) is −1.
            var twiceArea = 0.0
            var previous = outer.last ?? .zero
            for point in outer {
                twiceArea += previous.cross(point)
                previous = point
            }
            windingOnce = twiceArea > 0 ? -1 : (twiceArea < 0 ? 1 : 0)
        }
        edges.removeAll()
        chains.removeAll()
        for polygon in polygons where polygon.count >= 3 && polygon.allSatisfy({ $0.isFinite }) {
            polygonEdges.removeAll()
            var previous = Self.clamped(polygon[polygon.count - 1])
            for point in polygon {
                let current = Self.clamped(point)
                RasterEdge.append(from: previous, to: current, clip: clip, to: polygonEdges)
                previous = current
            }
            addChains()
        }
        guard !chains.isEmpty else { return }
        chains.sort { $0.top < $1.top }
        let width = clip.width
        cells.reserve(width + 2)
        row.reserve(width + 2)
        active.removeAll()
        var next = 0
        var y = Swift.max(clip.minY, Int(chains[0].top.rounded(.down)))
        while y < clip.maxY, next < chains.count || !active.isEmpty {
            let top = Double(y), bottom = top + 1
            while next < chains.count, chains[next].top < bottom {
                active.append(next)
                next += 1
            }
            // Chains that ended above this row leave (most rows: none, and the list is not written).
            if active.contains(where: { chains[$0].bottom <= top }) {
                var kept = 0
                for index in active.indices where chains[active[index]].bottom > top {
                    active[kept] = active[index]
                    kept += 1
                }
                active.removeLast(active.count - kept)
            }
            if active.isEmpty {
                // Skip the empty rows to the next chain.
                if next < chains.count { y = Swift.max(y + 1, Int(chains[next].top.rounded(.down))) } else { break }
                continue
            }
            sweepRow(top, clip: clip)
            emitRow(y, clip: clip, body)
            y += 1
        }
    }

    /// Groups `polygonEdges` (one polygon's, in order) into chains appended to `chains`.
    private mutating func addChains() {
        var start = 0
        while start < polygonEdges.count {
            let direction = polygonEdges[start].direction
            var end = start + 1
            while end < polygonEdges.count, polygonEdges[end].direction == direction,
                direction > 0 ? polygonEdges[end].top == polygonEdges[end - 1].bottom : polygonEdges[end].bottom == polygonEdges[end - 1].top
            {
                end += 1
            }
            let first = edges.count
            // Index loops: a slice of a class's collection is read through an accessor per element.
            if direction > 0 {
                for index in start..<end { edges.append(polygonEdges[index]) }
            } else {
                for index in (start..<end).reversed() { edges.append(polygonEdges[index]) }
            }
            chains.append(RasterChain(first: first, last: edges.count - 1, top: edges[first].top, bottom: edges[edges.count - 1].bottom, direction: direction))
            start = end
        }
    }

    /// Sorts a short list in place, stably (few elements, often nearly in order).
    static func insertionSort<Element>(_ items: RasterBuffer<Element>, by isBefore: (Element, Element) -> Bool) {
        guard items.count > 1 else { return }
        for index in 1..<items.count {
            let item = items[index]
            var slot = index
            while slot > 0, isBefore(item, items[slot - 1]) {
                items[slot] = items[slot - 1]
                slot -= 1
            }
            items[slot] = item
        }
    }

    private static func clamped(_ point: Point2D) -> Point2D {
        let limit = Rasterizer.coordinateLimit
        return Point2D(Swift.min(limit, Swift.max(-limit, point.x)), Swift.min(limit, Swift.max(-limit, point.y)))
    }

    /// Deposits the boundary of the non-zero region between `top` and `top + 1` into the cells:
    /// exactly, in parts where the chains keep their order (`sweepOrderedRow`), or — for a row
    /// that would cost too much so (hostile outlines, the densest scribbles) — sampled.
    private mutating func sweepRow(_ top: Double, clip: PixelRect) {
        if sweepOrderedRow(top, clip: clip) { return }
        sampleRow(top, clip: clip)
    }

    /// The x of chain `index` at `y` (inside the chain), found from its cursor on.
    @inline(__always)
    func x(of index: Int, at y: Double) -> Double {
        let chain = chains[index]
        var edge = chain.cursor
        while edge < chain.last, edges[edge].bottom < y { edge += 1 }
        return edges[edge].x(at: y)
    }

    /// Moves chain `index`'s cursor to its first edge that reaches below `top` and returns it.
    /// Rows and their parts come in order down the canvas, so a cursor only moves forward.
    @discardableResult
    mutating func advanceCursor(of index: Int, to top: Double) -> Int {
        let last = chains[index].last
        var cursor = chains[index].cursor
        while cursor < last, edges[cursor].bottom <= top { cursor += 1 }
        // Written only when it moved (a write checks its index).
        if cursor != chains[index].cursor { chains[index].cursor = cursor }
        return cursor
    }

    /// Deposits each edge of chain `index` between `top` and `bottom`, with its height times
    /// `sign` (+1 entering the filled region, −1 leaving it).
    mutating func depositChain(_ index: Int, from top: Double, to bottom: Double, sign: Double, clip: PixelRect) {
        let chain = chains[index]
        let origin = Double(clip.minX)
        var edgeIndex = chain.cursor
        while edgeIndex <= chain.last, edges[edgeIndex].top < bottom {
            let edge = edges[edgeIndex]
            let y0 = Swift.max(top, edge.top), y1 = Swift.min(bottom, edge.bottom)
            if y1 > y0 { deposit(edge.x(at: y0) - origin, edge.x(at: y1) - origin, amount: (y1 - y0) * sign, width: clip.width) }
            edgeIndex += 1
        }
    }
}
