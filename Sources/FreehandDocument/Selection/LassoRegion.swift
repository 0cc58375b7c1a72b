import FreehandKit

/// The area a lasso encloses — a closed freehand path, its last point joined to its first — with
/// its edges binned by height so that asking whether a point is inside costs the few edges at
/// that height, not all of them, and its bounds cut into a 64 × 64 grid whose cells no edge
/// crosses are known inside or outside at once (even–odd rule: a lasso that crosses itself leaves
/// its twice-wound parts outside).
struct LassoRegion {
    /// The lasso's bounds.
    let bounds: Rect2D
    private let edges: [(a: Point2D, b: Point2D)]
    private let bins: [[Int32]]
    private let binHeight: Double
    /// Per grid cell: 1 inside, 2 outside, 0 crossed by an edge (ask the edges).
    private var cells: [UInt8] = []
    private static let grid = 64

    /// The region of `path` (fewer than three finite points enclose nothing).
    init?(_ path: [Point2D]) {
        let points = path.filter { $0.isFinite }
        guard points.count >= 3, let bounds = Rect2D(enclosing: points), bounds.height > 0, bounds.width > 0, bounds.height.isFinite,
              bounds.width.isFinite else { return nil }
        self.bounds = bounds
        var edges: [(a: Point2D, b: Point2D)] = []
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            if a.y != b.y { edges.append((a, b)) }
        }
        self.edges = edges
        let count = Swift.max(1, Swift.min(256, edges.count / 2))
        binHeight = bounds.height / Double(count)
        // A lasso a few units of the last place tall has no usable bins.
        guard binHeight > 0, (bounds.width / Double(Self.grid)) > 0 else { return nil }
        var bins = [[Int32]](repeating: [], count: count)
        for (number, edge) in edges.enumerated() {
            let low = Swift.min(edge.a.y, edge.b.y), high = Swift.max(edge.a.y, edge.b.y)
            for bin in Self.bin(low, bounds, binHeight, count)...Self.bin(high, bounds, binHeight, count) { bins[bin].append(Int32(number)) }
        }
        self.bins = bins
        // Cells an edge's bounds touch need the edges; every other cell is wholly in or out, as
        // its centre is.
        let grid = Self.grid
        var cells = [UInt8](repeating: 3, count: grid * grid)
        func column(_ x: Double) -> Int { Self.cell((x - bounds.min.x) / bounds.width * Double(grid), grid) }
        func row(_ y: Double) -> Int { Self.cell((y - bounds.min.y) / bounds.height * Double(grid), grid) }
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            for y in row(Swift.min(a.y, b.y))...row(Swift.max(a.y, b.y)) {
                for x in column(Swift.min(a.x, b.x))...column(Swift.max(a.x, b.x)) { cells[y * grid + x] = 0 }
            }
        }
        self.cells = cells
        for y in 0..<grid {
            for x in 0..<grid where cells[y * grid + x] == 3 {
                let centre = Point2D(bounds.min.x + (Double(x) + 0.5) * bounds.width / Double(grid), bounds.min.y + (Double(y) + 0.5) * bounds.height / Double(grid))
                cells[y * grid + x] = crossings(centre) ? 1 : 2
            }
        }
        self.cells = cells
    }

    private static func bin(_ y: Double, _ bounds: Rect2D, _ height: Double, _ count: Int) -> Int {
        cell((y - bounds.min.y) / height, count)
    }

    /// `position` (in cells) as a cell number 0..<count; NaN and out-of-range positions clamp.
    private static func cell(_ position: Double, _ count: Int) -> Int {
        guard position > 0 else { return 0 }
        return position < Double(count - 1) ? Int(position) : count - 1
    }

    /// True when `point` is inside the lasso.
    func contains(_ point: Point2D) -> Bool {
        guard bounds.contains(point) else { return false }
        let grid = Self.grid
        let x = Self.cell((point.x - bounds.min.x) / bounds.width * Double(grid), grid)
        let y = Self.cell((point.y - bounds.min.y) / bounds.height * Double(grid), grid)
        switch cells[y * grid + x] {
        case 1: return true
        case 2: return false
        default: return crossings(point)
        }
    }

    /// True when a ray from `point` towards +x crosses the lasso's edges an odd number of times.
    private func crossings(_ point: Point2D) -> Bool {
        var inside = false
        for number in bins[Self.bin(point.y, bounds, binHeight, bins.count)] {
            let (a, b) = edges[Int(number)]
            // The half-open rule counts a vertex at the point's height once.
            guard (a.y > point.y) != (b.y > point.y) else { continue }
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > point.x { inside.toggle() }
        }
        return inside
    }
}
