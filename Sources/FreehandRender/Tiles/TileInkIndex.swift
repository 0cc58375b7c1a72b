import FreehandKit

/// The finished ink of a tiled canvas, found by area: each outline's bounds filed in a grid of
/// `cellSize`-point cells, so that a tile reads only the strokes that can reach it, in drawing
/// order. An outline covering more than `largeCells` cells (a stroke across the page) is kept in a
/// short list every query reads.
struct TileInkIndex: Sendable {
    /// The grid's cell side, points.
    static let cellSize = 256.0
    /// Cells above which an outline is listed apart instead of in each cell.
    static let largeCells = 256

    private struct Cell: Hashable {
        var column: Int
        var row: Int
    }

    private var cells: [Cell: [Int]] = [:]
    private var large: [Int] = []

    /// An index of `bounds` (an outline's bounds each, nil for one that draws nothing), by position.
    init(_ bounds: [Rect2D?]) {
        for (index, rect) in bounds.enumerated() { insert(index, bounds: rect) }
    }

    /// Files outline `index` under `bounds`. Indices must be filed in increasing order for a query's
    /// answer to come out in drawing order without sorting (an appended stroke is the newest).
    mutating func insert(_ index: Int, bounds: Rect2D?) {
        guard let range = Self.cells(of: bounds) else { return }
        if Double(range.columns.count) * Double(range.rows.count) > Double(Self.largeCells) {
            large.append(index)
            return
        }
        for row in range.rows {
            for column in range.columns { cells[Cell(column: column, row: row), default: []].append(index) }
        }
    }

    /// The outlines whose bounds may reach `rect` (points; a tile's, a few cells across), in
    /// drawing order, each once.
    func candidates(in rect: Rect2D) -> [Int] {
        guard let range = Self.cells(of: rect) else { return [] }
        var found = large
        for row in range.rows {
            for column in range.columns { found += cells[Cell(column: column, row: row)] ?? [] }
        }
        found.sort()
        var unique: [Int] = []
        unique.reserveCapacity(found.count)
        for index in found where unique.last != index { unique.append(index) }
        return unique
    }

    /// The cells `rect` covers, or nil for no rectangle or one that is not finite or too large to
    /// address (beyond ±2⁴⁰ points: no ink is drawn there).
    private static func cells(of rect: Rect2D?) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard let rect, rect.min.isFinite, rect.max.isFinite else { return nil }
        let limit = 1_099_511_627_776.0
        guard abs(rect.min.x) < limit, abs(rect.min.y) < limit, abs(rect.max.x) < limit, abs(rect.max.y) < limit else { return nil }
        let minColumn = Int((rect.min.x / cellSize).rounded(.down)), maxColumn = Int((rect.max.x / cellSize).rounded(.down))
        let minRow = Int((rect.min.y / cellSize).rounded(.down)), maxRow = Int((rect.max.y / cellSize).rounded(.down))
        guard minColumn <= maxColumn, minRow <= maxRow else { return nil }
        return (minColumn...maxColumn, minRow...maxRow)
    }
}
