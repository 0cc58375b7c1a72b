import FreehandKit

/// Turns polygons into exact per-pixel coverage, anti-aliased by area (not by supersampling).
///
/// Every edge deposits, in each pixel row it crosses, the signed area it encloses to its right into
/// a row of cells; a running sum along the row then gives each pixel's covered area exactly (the
/// accumulation method of libart, font-rs and stb_truetype). Coverage is |sum| clamped to 1, which
/// is the non-zero rule wherever the polygon's winding has one sign — as FreehandKit's outlines do.
///
/// A rasterizer keeps its cell buffer between calls: reuse one for many polygons. It is a class
/// for that reason; it is not safe to share between threads.
public final class Rasterizer {
    private var cells: [Float] = []

    /// A rasterizer with an empty scratch buffer.
    public init() {}

    /// Computes the coverage of `polygon` (closed, pixel coordinates, y down) inside `clip`, and
    /// calls `body` once per row that has any coverage with the row index, the first column and the
    /// coverages (0…1) from that column on. Non-finite points make the polygon draw nothing.
    public func rasterize(
        _ polygon: [Point], clip: PixelRect, _ body: (_ row: Int, _ firstColumn: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        guard polygon.count >= 3, polygon.allSatisfy(\.isFinite), let bounds = Rect(enclosing: polygon) else { return }
        let area = PixelRect(covering: bounds, margin: 0).intersection(clip)
        guard !area.isEmpty else { return }
        let width = area.width, height = area.height
        let stride = width + 2
        let needed = stride * height
        if cells.count < needed { cells = [Float](repeating: 0, count: needed) }
        cells.withUnsafeMutableBufferPointer { cells in
            for index in 0..<needed { cells[index] = 0 }
            let origin = Point(Double(area.minX), Double(area.minY))
            var previous = polygon[polygon.count - 1] - origin
            for point in polygon {
                let current = point - origin
                deposit(from: previous, to: current, width: width, height: height, stride: stride, cells: cells)
                previous = current
            }
            // Running sums turn deposits into coverage; report rows with any ink.
            var row = [Float](repeating: 0, count: width)
            row.withUnsafeMutableBufferPointer { row in
                for y in 0..<height {
                    var sum: Float = 0
                    var any = false
                    let base = y * stride
                    for x in 0..<width {
                        sum += cells[base + x]
                        let coverage = Swift.min(1, abs(sum))
                        row[x] = coverage
                        any = any || coverage > 0
                    }
                    if any { body(area.minY + y, area.minX, UnsafeBufferPointer(row)) }
                }
            }
        }
    }

    /// Deposits one edge's signed area into the cells. Coordinates are relative to the area's
    /// corner; x beyond the right edge does not matter (sums run left to right), x left of 0 counts
    /// as x = 0 (the whole row to the right is covered).
    private func deposit(from start: Point, to end: Point, width: Int, height: Int, stride: Int, cells: UnsafeMutableBufferPointer<Float>) {
        guard start.y != end.y else { return }
        let direction: Double = start.y < end.y ? 1 : -1
        let (top, bottom) = start.y < end.y ? (start, end) : (end, start)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let firstRow = Swift.max(0, Int(top.y.rounded(.down)))
        let lastRow = Swift.min(height - 1, Int(bottom.y.rounded(.up)) - 1)
        guard firstRow <= lastRow else { return }
        let rightLimit = Double(width) + 1
        for row in firstRow...lastRow {
            let y0 = Swift.max(top.y, Double(row)), y1 = Swift.min(bottom.y, Double(row + 1))
            guard y1 > y0 else { continue }
            let xa = top.x + (y0 - top.y) * slope, xb = top.x + (y1 - top.y) * slope
            if xa >= 0, xb >= 0, xa <= rightLimit, xb <= rightLimit {
                depositRow(Swift.min(xa, xb), Swift.max(xa, xb), amount: (y1 - y0) * direction, base: row * stride, stride: stride, cells: cells)
                continue
            }
            // Split the piece where it leaves the cells that matter: left of 0 it covers the whole
            // row to its right (as if at x = 0); right of the last cell it changes no sum we read.
            var cuts = [y0, y1]
            for boundary in [0, rightLimit] where (xa - boundary) * (xb - boundary) < 0 {
                cuts.append(y0 + (boundary - xa) / (xb - xa) * (y1 - y0))
            }
            cuts.sort()
            for (lower, upper) in zip(cuts, cuts.dropFirst()) where upper > lower {
                let xl = top.x + (lower - top.y) * slope, xu = top.x + (upper - top.y) * slope
                let middle = (xl + xu) / 2
                guard middle < rightLimit else { continue }
                let amount = (upper - lower) * direction
                if middle <= 0 {
                    add(amount, at: 0, base: row * stride, limit: stride - 1, cells: cells)
                } else {
                    depositRow(Swift.min(xl, xu), Swift.max(xl, xu), amount: amount, base: row * stride, stride: stride, cells: cells)
                }
            }
        }
    }

    /// Spreads `amount` (the row height the edge spans, signed) over the cells from `x0` to `x1`:
    /// each cell gets the share of the trapezoid to the right of the edge that falls in it, and the
    /// next cell the rest, so that the running sum equals the area right of the edge in each pixel.
    private func depositRow(_ x0: Double, _ x1: Double, amount: Double, base: Int, stride: Int, cells: UnsafeMutableBufferPointer<Float>) {
        let first = Int(x0.rounded(.down)), last = Int(x1.rounded(.up))
        let limit = stride - 1
        if last <= first + 1 {
            // The edge stays within one pixel column: its mean x decides the split.
            let inside = (x0 + x1) / 2 - Double(first)
            add(amount * (1 - inside), at: first, base: base, limit: limit, cells: cells)
            add(amount * inside, at: first + 1, base: base, limit: limit, cells: cells)
            return
        }
        // Across several columns the covered area grows linearly: triangle in the first and last
        // column, equal slices between.
        let perColumn = 1 / (x1 - x0)
        let firstFraction = x0 - Double(first)
        let firstShare = 0.5 * perColumn * (1 - firstFraction) * (1 - firstFraction)
        let lastFraction = x1 - Double(last) + 1
        let lastShare = 0.5 * perColumn * lastFraction * lastFraction
        add(amount * firstShare, at: first, base: base, limit: limit, cells: cells)
        if last == first + 2 {
            add(amount * (1 - firstShare - lastShare), at: first + 1, base: base, limit: limit, cells: cells)
        } else {
            let secondShare = perColumn * (1.5 - firstFraction)
            add(amount * (secondShare - firstShare), at: first + 1, base: base, limit: limit, cells: cells)
            for column in (first + 2)..<(last - 1) { add(amount * perColumn, at: column, base: base, limit: limit, cells: cells) }
            let beforeLast = secondShare + Double(last - first - 3) * perColumn
            add(amount * (1 - beforeLast - lastShare), at: last - 1, base: base, limit: limit, cells: cells)
        }
        add(amount * lastShare, at: last, base: base, limit: limit, cells: cells)
    }

    @inline(__always)
    private func add(_ value: Double, at column: Int, base: Int, limit: Int, cells: UnsafeMutableBufferPointer<Float>) {
        guard column < limit else { return }
        cells[base + Swift.max(0, column)] += Float(value)
    }
}
