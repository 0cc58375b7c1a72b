import FreehandKit

/// A polyline indexed by a uniform grid, answering "how far is this point from the polyline" in
/// roughly constant time: only segments in nearby cells are measured. A segment whose bounding
/// box spans more than `longSegmentCells` cells (a reading thrown far away, noise of a billion
/// points) is kept apart and measured on every query instead of filling thousands of cells: the
/// index stays linear in the polyline's length, a query in the number of such segments.
struct SegmentGrid {
    private let points: [Point2D]
    private let origin: Point2D
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Int32]]
    /// Segments too long to list in their cells, measured on every query.
    private var longSegments: [Int32] = []
    /// The most cells a segment's bounding box may span for the segment to be listed in them.
    static let longSegmentCells = 64

    /// Indexes `polyline` (at least one point) with cells of about `cellSize` points.
    init(_ polyline: [Point2D], cellSize requested: Double) {
        points = polyline
        let bounds = Rect2D(enclosing: polyline) ?? Rect2D(point: .zero)
        origin = bounds.min
        // Keep the grid to at most ~64k cells, whatever the requested size.
        let longest = Swift.max(bounds.width, bounds.height, 1e-9)
        cellSize = Swift.max(requested, longest / 256, 1e-9)
        columns = Self.cellIndex(bounds.width / cellSize, below: 257) + 1
        rows = Self.cellIndex(bounds.height / cellSize, below: 257) + 1
        cells = Array(repeating: [], count: columns * rows)
        if polyline.count == 1 {
            cells[0].append(0)
            return
        }
        for index in 0..<(polyline.count - 1) {
            let box = Rect2D(enclosing: [polyline[index], polyline[index + 1]])!
            let (c0, r0) = cell(of: box.min), (c1, r1) = cell(of: box.max)
            guard (c1 - c0 + 1) * (r1 - r0 + 1) <= Self.longSegmentCells else {
                longSegments.append(Int32(index))
                continue
            }
            for row in r0...r1 {
                for column in c0...c1 { cells[row * columns + column].append(Int32(index)) }
            }
        }
    }

    private func cell(of point: Point2D) -> (Int, Int) {
        (Self.cellIndex((point.x - origin.x) / cellSize, below: columns), Self.cellIndex((point.y - origin.y) / cellSize, below: rows))
    }

    /// The cell at `position` (in cell widths from the origin) clamped to 0..<`count`; 0 for NaN.
    private static func cellIndex(_ position: Double, below count: Int) -> Int {
        let clamped = Swift.min(Swift.max(position.rounded(.down), 0), Double(count - 1))
        return clamped.isNaN ? 0 : Int(clamped)
    }

    /// The distance from `point` to the nearest segment of the polyline (not a number from a point
    /// that is not one, infinite from an infinitely far one).
    func distance(from point: Point2D) -> Double {
        guard point.isFinite else { return point.x.isNaN || point.y.isNaN ? .nan : .infinity }
        let (column, row) = cell(of: point)
        var best = Double.infinity
        for index in longSegments { best = Swift.min(best, segmentDistance(point, Int(index))) }
        var ring = 0
        // Search rings of cells outwards until the ring is farther than the best hit so far.
        func measure(row r: Int, column c: Int) {
            for index in cells[r * columns + c] { best = Swift.min(best, segmentDistance(point, Int(index))) }
        }
        while ring <= Swift.max(columns, rows) {
            // The ring's perimeter only, clamped to the grid: O(ring) cells, not O(ring²).
            for r in ring == 0 ? [row] : [row - ring, row + ring] where r >= 0 && r < rows {
                for c in Swift.max(0, column - ring)...Swift.min(columns - 1, column + ring) { measure(row: r, column: c) }
            }
            for c in ring == 0 ? [] : [column - ring, column + ring] where c >= 0 && c < columns {
                let low = Swift.max(0, row - ring + 1), high = Swift.min(rows - 1, row + ring - 1)
                if low <= high { for r in low...high { measure(row: r, column: c) } }
            }
            // Everything within `ring` cells of the query cell has been seen: any unseen segment is at
            // least `ring` cell widths away (less the query's offset inside its own cell).
            if best <= Double(ring) * cellSize { break }
            ring += 1
        }
        if best.isInfinite { best = points.map { $0.distance(to: point) }.min() ?? .infinity }
        return best
    }

    private func segmentDistance(_ point: Point2D, _ index: Int) -> Double {
        let a = points[index]
        guard index + 1 < points.count else { return a.distance(to: point) }
        let ab = points[index + 1] - a
        let lengthSquared = ab.lengthSquared
        let t = lengthSquared > 0 ? Swift.min(1, Swift.max(0, (point - a).dot(ab) / lengthSquared)) : 0
        return (a + ab * t).distance(to: point)
    }
}
