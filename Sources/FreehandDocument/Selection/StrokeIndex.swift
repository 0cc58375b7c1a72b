import FreehandKit

/// A spatial index over a drawing's strokes, for hit-testing, erasing and selection on big drawings:
/// each stroke's ink area — its samples' polyline swept by its widest half width
/// (`StrokeRecord.maximumHalfWidth`) — cut into pieces of up to 32 samples, each piece's bounds filed
/// in a grid of 64-point cells. A query visits only the cells it covers, tests piece bounds, then
/// the few segments left exactly; results are stroke positions in drawing order.
///
/// `DrawingEditor` keeps one up to date through every edit (`apply(_:to:)`): an edit touches only the
/// strokes it removes and inserts, each in O(log n) for its position (`StrokeOrder`) plus the cells its
/// pieces cover. The index keeps no samples: queries read them from the drawing they are given,
/// which must be the drawing the index was built and updated with.
public struct StrokeIndex: Sendable {
    /// The side of a grid cell, points.
    public static let cellSize = 64.0
    /// The most samples in one piece of a stroke.
    static let pieceLength = 32

    /// What the index keeps of one stroke (no reference: reading it costs no retain).
    private struct Entry {
        /// The stroke's ink bounds.
        var bounds: CompactRect
        /// Half the ink's widest width, rounded up, points.
        var halfWidth: Float
        /// The number of samples; -1 for a free slot.
        var sampleCount: Int32

        /// Half the ink's widest width as a double.
        var reach: Double { Double(halfWidth) }

        static let free = Entry(bounds: .empty, halfWidth: 0, sampleCount: -1)
    }

    /// Per slot, the stroke's entry (`Entry.free` for a free slot).
    private var entries: [Entry] = []
    /// Per slot, the ink bounds of each `pieceLength`-sample piece of a stroke longer than one piece
    /// (piece k runs from sample k × `pieceLength` to the next piece's first sample); empty: the
    /// whole stroke is one piece.
    private var pieceLists: [[CompactRect]] = []
    private var cells: [Int64: [Int32]] = [:]
    /// Strokes whose pieces would cover more than `cellsPerStroke` cells (a line across a 10⁹-point
    /// page): not filed in the grid, every query looks at them.
    private var oversized: [Int32] = []
    /// The most cells one stroke is filed in.
    static let cellsPerStroke = 256
    private var freeSlots: [Int32] = []
    private var order = StrokeOrder()

    /// True when `body` holds for some piece of the stroke in `slot` — its ink bounds and its range of
    /// samples — (the whole stroke when it has one piece).
    @inline(__always)
    private func anyPiece(of slot: Int32, _ entry: Entry, _ body: (CompactRect, Range<Int>) -> Bool) -> Bool {
        let count = Int(entry.sampleCount)
        let pieces = pieceLists[Int(slot)]
        guard !pieces.isEmpty else { return body(entry.bounds, 0..<count) }
        for (number, bounds) in pieces.enumerated() {
            let start = number * Self.pieceLength
            if body(bounds, start..<Swift.min(start + Self.pieceLength + 1, count)) { return true }
        }
        return false
    }

    /// An index of every stroke of `drawing`.
    public init(_ drawing: Drawing = Drawing()) {
        for (position, stroke) in drawing.strokes.enumerated() { insert(stroke, at: position) }
    }

    /// How many strokes are indexed.
    public var count: Int { order.count }

    /// The bytes the index occupies: its arrays' capacities, the grid's lists and an estimate of
    /// the dictionary's own table (two words and a list header a cell).
    public var memoryFootprint: Int {
        var bytes = order.memoryFootprint + 4 * freeSlots.capacity + 4 * oversized.capacity + MemoryLayout<Entry>.stride * entries.capacity
            + MemoryLayout<[CompactRect]>.stride * pieceLists.capacity
        for pieces in pieceLists where pieces.capacity > 0 { bytes += MemoryLayout<CompactRect>.stride * pieces.capacity + 32 }
        for list in cells.values { bytes += 4 * list.capacity + 32 + 16 }
        return bytes
    }

    /// Brings the index up to date with `edit`, just applied to the drawing.
    public mutating func apply(_ edit: DrawingEdit) {
        for entry in edit.removed.reversed() { remove(at: entry.index) }
        for entry in edit.inserted { insert(entry.stroke, at: entry.index) }
    }

    /// Files `stroke` as the stroke at `position`.
    mutating func insert(_ stroke: StrokeRecord, at position: Int) {
        let slot = freeSlots.popLast() ?? Int32(entries.count)
        if Int(slot) == entries.count {
            entries.append(.free)
            pieceLists.append([])
        }
        let (entry, pieces) = Self.entry(for: stroke)
        if let filed = Self.cells(of: entry, pieces) {
            for cell in filed { cells[cell, default: []].append(slot) }
        } else {
            oversized.append(slot)
        }
        entries[Int(slot)] = entry
        pieceLists[Int(slot)] = pieces
        order.insert(slot, at: position)
    }

    /// Forgets the stroke at `position`.
    mutating func remove(at position: Int) {
        let slot = order.remove(at: position)
        guard slot >= 0, entries[Int(slot)].sampleCount >= 0 else { return }
        let entry = entries[Int(slot)]
        if let found = oversized.firstIndex(of: slot) { oversized.remove(at: found) }
        for cell in Self.cells(of: entry, pieceLists[Int(slot)]) ?? [] {
            guard var list = cells[cell], let found = list.firstIndex(of: slot) else { continue }
            list.swapAt(found, list.count - 1)
            list.removeLast()
            cells[cell] = list.isEmpty ? nil : list
        }
        entries[Int(slot)] = .free
        pieceLists[Int(slot)] = []
        freeSlots.append(slot)
    }

    /// The cells an entry is filed in: those its pieces' bounds cover, each once, in order; nil when
    /// that is more than `cellsPerStroke` (the stroke is kept aside, in `oversized`).
    private static func cells(of entry: Entry, _ pieces: [CompactRect]) -> [Int64]? {
        let rects = pieces.isEmpty ? [entry.bounds] : pieces
        var covered: Int64 = 0
        for rect in rects where !rect.isEmpty { covered += cellCount(covering: rect.rect) }
        guard covered <= Int64(cellsPerStroke) else { return nil }
        var filed = Set<Int64>()
        for rect in rects where !rect.isEmpty { filed.formUnion(cellKeys(covering: rect.rect)) }
        return filed.sorted()
    }

    /// How many cells `rect` covers (0 for an inverted one); at most 2²¹ × 2²¹, far below overflow.
    private static func cellCount(covering rect: Rect2D) -> Int64 {
        let (x0, x1) = (cell(rect.min.x), cell(rect.max.x)), (y0, y1) = (cell(rect.min.y), cell(rect.max.y))
        guard x1 >= x0, y1 >= y0 else { return 0 }
        return (x1 - x0 + 1) * (y1 - y0 + 1)
    }

    private static func entry(for stroke: StrokeRecord) -> (Entry, [CompactRect]) {
        let halfWidth = stroke.maximumHalfWidth
        let reach = Float(halfWidth) < Float.greatestFiniteMagnitude ? Float(halfWidth).nextUp : .infinity
        let samples = stroke.samples
        var pieces: [CompactRect] = []
        var bounds: Rect2D?
        guard !samples.isEmpty else { return (Entry(bounds: .empty, halfWidth: reach, sampleCount: 0), []) }
        var start = 0
        // Piece k holds samples k × pieceLength … (k + 1) × pieceLength: neighbours share a sample.
        while start == 0 || start < samples.count - 1 {
            let end = Swift.min(start + pieceLength, samples.count - 1)
            var pieceBounds: Rect2D?
            for index in start...end {
                let location = samples.location(at: index)
                if location.isFinite { pieceBounds.formUnion(Rect2D(point: location)) }
            }
            let grown = pieceBounds?.expanded(by: Double(reach))
            pieces.append(grown.map(CompactRect.init) ?? .empty)
            bounds.formUnion(grown)
            start += pieceLength
        }
        let entry = Entry(bounds: bounds.map(CompactRect.init) ?? .empty, halfWidth: reach, sampleCount: Int32(samples.count))
        return (entry, pieces.count > 1 ? pieces : [])
    }

    /// The keys of the cells `rect` covers (callers keep it to `cellsPerStroke` cells).
    private static func cellKeys(covering rect: Rect2D) -> [Int64] {
        let (x0, x1) = (cell(rect.min.x), cell(rect.max.x)), (y0, y1) = (cell(rect.min.y), cell(rect.max.y))
        guard x1 >= x0, y1 >= y0 else { return [] }
        var keys: [Int64] = []
        keys.reserveCapacity(Int((x1 - x0 + 1) * (y1 - y0 + 1)))
        for y in y0...y1 {
            for x in x0...x1 { keys.append(key(x, y)) }
        }
        return keys
    }

    private static let cellLimit = Int64(1 << 20)

    private static func cell(_ coordinate: Double) -> Int64 {
        let value = (coordinate / cellSize).rounded(.down)
        guard value.isFinite else { return value > 0 ? cellLimit : -cellLimit }
        return Int64(Swift.max(-Double(cellLimit), Swift.min(Double(cellLimit), value)))
    }

    private static func key(_ x: Int64, _ y: Int64) -> Int64 { (x + cellLimit) << 22 | (y + cellLimit) }

    /// The slots of the strokes filed in the cells `area` covers and of the oversized strokes, each
    /// once; when the area covers more cells than the grid holds, every stroke.
    private func candidates(in area: Rect2D) -> [Int32] {
        let (x0, x1) = (Self.cell(area.min.x), Self.cell(area.max.x)), (y0, y1) = (Self.cell(area.min.y), Self.cell(area.max.y))
        var found = oversized
        if x1 < x0 || y1 < y0 {
            // An inverted area (or one with a NaN corner) covers no cell.
        } else if (x1 - x0 + 1) * (y1 - y0 + 1) > Int64(cells.count) {
            for list in cells.values { found.append(contentsOf: list) }
        } else {
            for y in y0...y1 {
                for x in x0...x1 { if let list = cells[Self.key(x, y)] { found.append(contentsOf: list) } }
            }
        }
        found.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(found.count)
        for slot in found where slot != unique.last { unique.append(slot) }
        return unique
    }

    /// Positions of the slots whose entries `quick` accepts (true) or cannot decide on (nil) and whose
    /// samples then pass `test`, ascending (drawing order).
    private func positions(
        of slots: [Int32], in drawing: Drawing, where quick: (Entry) -> Bool?, _ test: (Int32, Entry, StoredSamples) -> Bool
    ) -> [Int] {
        var result: [Int] = []
        drawing.strokes.withUnsafeBufferPointer { strokes in
            for slot in slots {
                let entry = entries[Int(slot)]
                guard entry.sampleCount >= 0 else { continue }
                let decided = quick(entry)
                if decided == false { continue }
                let position = order.position(of: slot)
                guard position < strokes.count else { continue }
                if decided == true || test(slot, entry, strokes[position].samples) { result.append(position) }
            }
        }
        return result.sorted()
    }

    /// The strokes whose ink passes within `radius` points of `point`, in drawing order (the topmost last).
    ///
    /// - Complexity: O(c + p + s + k log k): c cells the disc covers, p pieces filed in them, s samples
    ///   of the pieces whose bounds it meets, k strokes found (sorted into drawing order).
    public func strokes(near point: Point2D, radius: Double, in drawing: Drawing) -> [Int] {
        guard point.isFinite, radius.isFinite, radius >= 0 else { return [] }
        let area = Rect2D(point: point).expanded(by: radius)
        return positions(of: candidates(in: area), in: drawing, where: { $0.bounds.intersects(area) ? nil : false }) { slot, entry, samples in
            anyPiece(of: slot, entry) { bounds, range in
                bounds.intersects(area) && Self.anySegment(of: range, in: samples) { point.distance(toSegment: $0, $1) <= radius + entry.reach }
            }
        }
    }

    /// The strokes whose ink meets `rect`, in drawing order.
    ///
    /// - Complexity: O(c + p + s + k log k): c cells `rect` covers, p pieces filed in them, s samples
    ///   of the pieces whose bounds it meets, k strokes found.
    public func strokes(intersecting rect: Rect2D, in drawing: Drawing) -> [Int] {
        guard rect.min.isFinite, rect.max.isFinite, rect.min.x <= rect.max.x, rect.min.y <= rect.max.y else { return [] }
        // A stroke whose ink lies inside is in at once; one whose ink misses is out.
        return positions(of: candidates(in: rect), in: drawing, where: { $0.bounds.isInside(rect) ? true : ($0.bounds.intersects(rect) ? nil : false) }) {
            slot, entry, samples in
            anyPiece(of: slot, entry) { bounds, range in
                guard bounds.intersects(rect) else { return false }
                if bounds.isInside(rect) { return true }
                // A sample inside settles it; only then the segments crossing the rectangle's edge.
                if range.contains(where: { rect.contains(samples.location(at: $0)) }) { return true }
                let reach = rect.expanded(by: entry.reach)
                return Self.anySegment(of: range, in: samples) { VectorEraser.parameters(of: $0, $1, within: reach) != nil }
            }
        }
    }

    /// The strokes the eraser disc of `radius` points touches as it moves from `a` to `b` (one event of
    /// an erase sweep), in drawing order.
    ///
    /// - Complexity: O(c + p + s + k log k): c cells the swept disc's bounds cover, p pieces filed in
    ///   them, s samples of the pieces whose bounds it meets, k strokes found.
    public func strokes(touchingSegmentFrom a: Point2D, to b: Point2D, radius: Double, in drawing: Drawing) -> [Int] {
        guard a.isFinite, b.isFinite, radius.isFinite, radius >= 0 else { return [] }
        let area = Rect2D(enclosing: [a, b])!.expanded(by: radius)
        return positions(of: candidates(in: area), in: drawing, where: { $0.bounds.intersects(area) ? nil : false }) { slot, entry, samples in
            anyPiece(of: slot, entry) { bounds, range in
                bounds.intersects(area) && Self.anySegment(of: range, in: samples) { VectorEraser.distance(betweenSegment: $0, $1, andSegment: a, b) <= radius + entry.reach }
            }
        }
    }

    /// The strokes whose ink bounds (samples' bounds grown by the widest half width) come within
    /// `radius` of a segment of the polyline `path`, in drawing order: the candidates of the vector
    /// erasers, whose exact test on the smoothed ink follows (a smoothed curve can bulge past its
    /// samples' polyline, never, as the erasers take it, past those bounds).
    func candidates(alongPath path: [Point2D], radius: Double, in drawing: Drawing) -> [Int] {
        let finite = path.filter { $0.isFinite }
        guard let first = finite.first, radius.isFinite, radius >= 0 else { return [] }
        let areas = (finite.count == 1 ? [(first, first)] : Array(zip(finite, finite.dropFirst()))).map {
            Rect2D(enclosing: [$0.0, $0.1])!.expanded(by: radius)
        }
        var slots: [Int32] = []
        for area in areas { slots += candidates(in: area) }
        slots.sort()
        var unique: [Int32] = []
        for slot in slots where slot != unique.last { unique.append(slot) }
        return positions(of: unique, in: drawing, where: { entry in areas.contains { entry.bounds.intersects($0) } ? true : false }) { _, _, _ in true }
    }

    /// The strokes the lasso `path` (closed: its last point joins its first) holds: those with at
    /// least `coverage` (0…1) of their centreline's length inside it (a stroke of one sample: its
    /// sample inside), in drawing order.
    ///
    /// - Complexity: O(c + n·m + k log k): c cells the lasso's bounds cover, n samples of the candidate
    ///   strokes, m points of `path`, k strokes found.
    public func strokes(inLasso path: [Point2D], coverage: Double = 0.5, in drawing: Drawing) -> [Int] {
        guard let lasso = LassoRegion(path) else { return [] }
        let needed = Swift.min(1, Swift.max(0, coverage.isFinite ? coverage : 1))
        return positions(of: candidates(in: lasso.bounds), in: drawing, where: { $0.bounds.intersects(lasso.bounds) ? nil : false }) { _, _, samples in
            if samples.count == 1 { return lasso.contains(samples.location(at: 0)) }
            var inside = 0.0, total = 0.0
            var previous = samples.location(at: 0)
            for index in 1..<samples.count {
                let location = samples.location(at: index)
                let length = previous.distance(to: location)
                if length.isFinite {
                    total += length
                    if lasso.contains(previous.midpoint(location)) { inside += length }
                }
                previous = location
            }
            return total > 0 ? inside >= needed * total : lasso.contains(samples.location(at: 0))
        }
    }

    /// The topmost stroke whose ink passes within `tolerance` points of `point`, or nil.
    ///
    /// - Complexity: as `strokes(near:radius:in:)`.
    public func topmostStroke(at point: Point2D, tolerance: Double = 4, in drawing: Drawing) -> Int? {
        strokes(near: point, radius: tolerance, in: drawing).last
    }

    /// True when `test` holds for some segment of the polyline through the samples in `range` (a lone
    /// sample: a segment of length 0), read straight from the stored samples.
    private static func anySegment(of range: Range<Int>, in samples: StoredSamples, _ test: (Point2D, Point2D) -> Bool) -> Bool {
        guard let start = range.first, range.upperBound <= samples.count else { return false }
        var previous = samples.location(at: start)
        guard range.count > 1 else { return test(previous, previous) }
        for index in range.dropFirst() {
            let next = samples.location(at: index)
            if test(previous, next) { return true }
            previous = next
        }
        return false
    }
}
