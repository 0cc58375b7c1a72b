/// The row of cells a sweep deposits into, and the coverage runs read back from it.
extension RasterScan {
    /// Spreads `amount` (the height of the part of the row the edge spans, signed) over the cells
    /// the edge crosses from `x0` to `x1` (relative to the clip's first column, already within
    /// 0…width): each cell gets the share of the area to the right of the edge that falls in it,
    /// and the next cell the rest, so that the running sum equals the area right of the edge in
    /// each pixel.
    mutating func deposit(_ xa: Double, _ xb: Double, amount: Double, width: Int) {
        // Clamped: rounding in an edge's x at a part's boundary (a steep edge far from its top) may
        // stray a hair outside 0…width, and a cell outside the buffer must never be written.
        guard xa.isFinite, xb.isFinite, amount.isFinite else { return }
        let x0 = Swift.max(0, Swift.min(xa, xb)), x1 = Swift.min(Double(width), Swift.max(xa, xb, 0))
        // Both are within 0…width: truncation is the floor, and the ceiling one more where it cut
        // (no call to the C library's floor and ceil on every deposit).
        let whole0 = Int(x0), whole1 = Int(x1)
        let first = Swift.min(width, whole0), last = Swift.min(width + 1, Double(whole1) < x1 ? whole1 + 1 : whole1)
        let cells = self.cells.pointer
        do {
            if last <= first + 1 {
                // The edge stays within one pixel column: its mean x decides the split.
                let inside = (x0 + x1) / 2 - Double(first)
                cells[first] += Float(amount * (1 - inside))
                cells[first + 1] += Float(amount * inside)
                addRange(first..<(first + 2))
                return
            }
            // Across several columns the covered area grows linearly: triangle in the first and last
            // column, equal slices between.
            let perColumn = 1 / (x1 - x0)
            let firstFraction = x0 - Double(first)
            let firstShare = 0.5 * perColumn * (1 - firstFraction) * (1 - firstFraction)
            let lastFraction = x1 - Double(last) + 1
            let lastShare = 0.5 * perColumn * lastFraction * lastFraction
            cells[first] += Float(amount * firstShare)
            if last == first + 2 {
                cells[first + 1] += Float(amount * (1 - firstShare - lastShare))
            } else {
                let secondShare = perColumn * (1.5 - firstFraction)
                cells[first + 1] += Float(amount * (secondShare - firstShare))
                let slice = Float(amount * perColumn)
                for column in (first + 2)..<(last - 1) { cells[column] += slice }
                let beforeLast = secondShare + Double(last - first - 3) * perColumn
                cells[last - 1] += Float(amount * (1 - beforeLast - lastShare))
            }
            if last <= width + 1 { cells[last] += Float(amount * lastShare) }
            addRange(first..<Swift.min(last + 1, width + 2))
        }
    }

    /// Records cells written by a deposit. The edges of a chain come one after another and touch:
    /// a range that reaches within `mergedGap` of the last one recorded joins it (`emitRow` would
    /// join them anyway), so a row holds about one range per chain, not one per edge, to sort.
    @inline(__always)
    private func addRange(_ range: Range<Int>) {
        if let last = ranges.last, range.lowerBound <= last.upperBound + Self.mergedGap, range.upperBound + Self.mergedGap >= last.lowerBound {
            ranges[ranges.count - 1] = Swift.min(last.lowerBound, range.lowerBound)..<Swift.max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }

    /// Cells between two deposited ranges up to which they are handed out as one run.
    static let mergedGap = 8

    /// Turns the row's deposits into runs (clearing the cells) and hands them to `body`.
    mutating func emitRow(_ y: Int, clip: PixelRect, _ body: (_ row: Int, _ run: CoverageRun) -> Void) {
        let rangeCount = ranges.count
        guard rangeCount > 0 else { return }
        // A row holds few ranges: insertion sort.
        Self.insertionSort(ranges) { $0.lowerBound < $1.lowerBound }
        let ranges = self.ranges
        let width = clip.width
        var sum: Float = 0
        var position = 0
        var index = 0
        let cells = self.cells.pointer, row = self.row.pointer
        do {
            do {
                while index < rangeCount {
                    // Merge the overlapping ranges that start here, and those a short gap away: one
                    // run of a few more pixels costs less than a run for each side of a thin stroke.
                    var range = ranges[index]
                    index += 1
                    while index < rangeCount, ranges[index].lowerBound <= range.upperBound + Self.mergedGap {
                        range = range.lowerBound..<Swift.max(range.upperBound, ranges[index].upperBound)
                        index += 1
                    }
                    let start = Swift.max(range.lowerBound, position)
                    if start > position, sum > 1e-6, position < width {
                        body(y, .solid(first: clip.minX + position, count: Swift.min(start, width) - position, coverage: Swift.min(1, sum)))
                    }
                    let end = Swift.min(range.upperBound, width)
                    var peak: Float = 0
                    for column in start..<Swift.max(start, end) {
                        sum += cells[column]
                        cells[column] = 0
                        // Selects, not Swift.min / max: they compile to minss / maxss, no branch.
                        let positive = sum > 0 ? sum : 0
                        let coverage: Float = positive < 1 ? positive : 1
                        row[column - start] = coverage
                        peak = coverage > peak ? coverage : peak
                    }
                    // The cell one past the clip's last column (and any beyond) still adds to the sum.
                    for column in Swift.max(start, end)..<range.upperBound {
                        sum += cells[column]
                        cells[column] = 0
                    }
                    if peak > 0, end > start {
                        body(y, .varying(first: clip.minX + start, coverage: UnsafeBufferPointer(start: row, count: end - start)))
                    }
                    position = Swift.max(position, range.upperBound)
                }
            }
        }
        // Ink that runs on past the last edge inside the clip (its right edge lies beyond).
        if sum > 1e-6, position < width {
            body(y, .solid(first: clip.minX + position, count: width - position, coverage: Swift.min(1, sum)))
        }
        self.ranges.removeAll()
    }
}
