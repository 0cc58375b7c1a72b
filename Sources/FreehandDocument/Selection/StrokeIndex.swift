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

    private struct Piece {
        /// The piece's ink bounds (samples' bounds grown by the half width).
        var bounds: Rect
        /// The first sample of the piece; it runs to the next piece's first sample.
        var start: Int32
        var end: Int32
    }

    private struct Entry {
        var bounds: Rect
        var halfWidth: Double
        var pieces: [Piece]
        /// The cells the stroke is filed in.
        var cells: [Int64]
    }

    private var entries: [Entry?] = []
    private var cells: [Int64: [Int32]] = [:]
    private var freeSlots: [Int32] = []
    private var order = StrokeOrder()

    /// An index of every stroke of `drawing`.
    public init(_ drawing: Drawing = Drawing()) {
        for (position, stroke) in drawing.strokes.enumerated() { insert(stroke, at: position) }
    }

    /// How many strokes are indexed.
    public var count: Int { order.count }

    /// The bytes the index occupies (its arrays' capacities and the grid's lists; dictionary
    /// overhead estimated at 48 bytes a cell).
    public var memoryFootprint: Int {
        var bytes = order.memoryFootprint + 4 * freeSlots.capacity + MemoryLayout<Entry?>.stride * entries.capacity
        for entry in entries {
            guard let entry else { continue }
            bytes += MemoryLayout<Piece>.stride * entry.pieces.capacity + 8 * entry.cells.capacity + 64
        }
        for list in cells.values { bytes += 4 * list.capacity + 48 + 32 }
        return bytes
    }

    /// Brings the index up to date with `edit`, just applied to the drawing (`drawing` is the drawing after it).
    public mutating func apply(_ edit: DrawingEdit) {
        for entry in edit.removed.reversed() { remove(at: entry.index) }
        for entry in edit.inserted { insert(entry.stroke, at: entry.index) }
    }

    /// Files `stroke` as the stroke at `position`.
    mutating func insert(_ stroke: StrokeRecord, at position: Int) {
        let slot = freeSlots.popLast() ?? Int32(entries.count)
        if Int(slot) == entries.count { entries.append(nil) }
        let entry = Self.entry(for: stroke)
        for cell in entry.cells { cells[cell, default: []].append(slot) }
        entries[Int(slot)] = entry
        order.insert(slot, at: position)
    }

    /// Forgets the stroke at `position`.
    mutating func remove(at position: Int) {
        let slot = order.remove(at: position)
        guard slot >= 0, let entry = entries[Int(slot)] else { return }
        for cell in entry.cells {
            guard var list = cells[cell], let found = list.firstIndex(of: slot) else { continue }
            list.swapAt(found, list.count - 1)
            list.removeLast()
            cells[cell] = list.isEmpty ? nil : list
        }
        entries[Int(slot)] = nil
        freeSlots.append(slot)
    }

    private static func entry(for stroke: StrokeRecord) -> Entry {
        let halfWidth = stroke.maximumHalfWidth
        let samples = stroke.samples
        var pieces: [Piece] = []
        var bounds: Rect?
        var start = 0
        while start < samples.count {
            let end = Swift.min(start + pieceLength, samples.count - 1)
            var pieceBounds: Rect?
            for index in start...end {
                let location = samples.location(at: index)
                if location.isFinite { pieceBounds.formUnion(Rect(point: location)) }
            }
            if let found = pieceBounds?.expanded(by: halfWidth) {
                pieces.append(Piece(bounds: found, start: Int32(start), end: Int32(end)))
                bounds.formUnion(found)
            }
            start = end == samples.count - 1 ? samples.count : end
        }
        var filed = Set<Int64>()
        for piece in pieces { filed.formUnion(cellKeys(covering: piece.bounds)) }
        return Entry(bounds: bounds ?? Rect(point: .zero), halfWidth: halfWidth, pieces: pieces, cells: filed.sorted())
    }

    /// The keys of the cells `rect` covers (at most 4,096 cells a side: a stroke larger than that is
    /// filed by the cells at its corners' ranges clamped).
    private static func cellKeys(covering rect: Rect) -> [Int64] {
        let (x0, x1) = (cell(rect.min.x), cell(rect.max.x)), (y0, y1) = (cell(rect.min.y), cell(rect.max.y))
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

    /// The slots of the strokes filed in the cells `area` covers, each once; when the area covers more
    /// cells than the grid holds, every filed stroke.
    private func candidates(in area: Rect) -> [Int32] {
        let (x0, x1) = (Self.cell(area.min.x), Self.cell(area.max.x)), (y0, y1) = (Self.cell(area.min.y), Self.cell(area.max.y))
        var found: [Int32] = []
        if (x1 - x0 + 1) * (y1 - y0 + 1) > Int64(cells.count) {
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

    /// Positions of the slots that pass `test`, ascending (drawing order).
    private func positions(of slots: [Int32], where test: (Entry, StrokeRecord) -> Bool, in drawing: Drawing) -> [Int] {
        var result: [Int] = []
        for slot in slots {
            guard let entry = entries[Int(slot)] else { continue }
            let position = order.position(of: slot)
            guard drawing.strokes.indices.contains(position), test(entry, drawing.strokes[position]) else { continue }
            result.append(position)
        }
        return result.sorted()
    }

    /// The strokes whose ink passes within `radius` points of `point`, in drawing order (the topmost last).
    public func strokes(near point: Point, radius: Double, in drawing: Drawing) -> [Int] {
        guard point.isFinite, radius.isFinite, radius >= 0 else { return [] }
        let area = Rect(point: point).expanded(by: radius)
        return positions(of: candidates(in: area), where: { entry, stroke in
            entry.bounds.intersects(area) && entry.pieces.contains { piece in
                piece.bounds.intersects(area)
                    && Self.anySegment(of: piece, in: stroke) { point.distance(toSegment: $0, $1) <= radius + entry.halfWidth }
            }
        }, in: drawing)
    }

    /// The strokes whose ink meets `rect`, in drawing order.
    public func strokes(intersecting rect: Rect, in drawing: Drawing) -> [Int] {
        positions(of: candidates(in: rect), where: { entry, stroke in
            guard entry.bounds.intersects(rect) else { return false }
            return entry.pieces.contains { piece in
                guard piece.bounds.intersects(rect) else { return false }
                let reach = rect.expanded(by: entry.halfWidth)
                return Self.anySegment(of: piece, in: stroke) { VectorEraser.parameters(of: $0, $1, within: reach) != nil }
            }
        }, in: drawing)
    }

    /// The strokes the eraser disc of `radius` points touches as it moves from `a` to `b` (one event of
    /// an erase sweep), in drawing order.
    public func strokes(touchingSegmentFrom a: Point, to b: Point, radius: Double, in drawing: Drawing) -> [Int] {
        guard a.isFinite, b.isFinite, radius.isFinite, radius >= 0 else { return [] }
        let area = Rect(enclosing: [a, b])!.expanded(by: radius)
        return positions(of: candidates(in: area), where: { entry, stroke in
            entry.bounds.intersects(area) && entry.pieces.contains { piece in
                piece.bounds.intersects(area)
                    && Self.anySegment(of: piece, in: stroke) { VectorEraser.distance(fromSegment: $0, $1, to: [a, b]) <= radius + entry.halfWidth }
            }
        }, in: drawing)
    }

    /// The strokes whose ink bounds come within `radius` of the polyline `path` (a superset of those
    /// the eraser touches, for the erasers' exact test), in drawing order.
    func candidates(alongPath path: [Point], radius: Double, in drawing: Drawing) -> [Int] {
        let finite = path.filter(\.isFinite)
        guard let first = finite.first else { return [] }
        let segments = finite.count == 1 ? [(first, first)] : Array(zip(finite, finite.dropFirst()))
        var slots: [Int32] = []
        for (a, b) in segments { slots += candidates(in: Rect(enclosing: [a, b])!.expanded(by: radius)) }
        slots.sort()
        var unique: [Int32] = []
        for slot in slots where slot != unique.last { unique.append(slot) }
        return positions(of: unique, where: { entry, _ in
            entry.pieces.contains { piece in
                segments.contains { a, b in piece.bounds.expanded(by: radius).intersects(Rect(enclosing: [a, b])!) }
            }
        }, in: drawing)
    }

    /// The strokes the lasso `path` (closed: its last point joins its first) holds: those with at
    /// least `coverage` (0…1) of their centreline's length inside it (a stroke of one sample: its
    /// sample inside), in drawing order.
    public func strokes(inLasso path: [Point], coverage: Double = 0.5, in drawing: Drawing) -> [Int] {
        guard let lasso = LassoRegion(path) else { return [] }
        let needed = Swift.min(1, Swift.max(0, coverage.isFinite ? coverage : 1))
        return positions(of: candidates(in: lasso.bounds), where: { entry, stroke in
            guard entry.bounds.intersects(lasso.bounds) else { return false }
            let samples = stroke.samples
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
        }, in: drawing)
    }

    /// The topmost stroke whose ink passes within `tolerance` points of `point`, or nil.
    public func topmostStroke(at point: Point, tolerance: Double = 4, in drawing: Drawing) -> Int? {
        strokes(near: point, radius: tolerance, in: drawing).last
    }

    /// True when `test` holds for some segment of the piece's polyline (a lone sample: a segment of
    /// length 0), read straight from the stored samples.
    private static func anySegment(of piece: Piece, in stroke: StrokeRecord, _ test: (Point, Point) -> Bool) -> Bool {
        let samples = stroke.samples
        let start = Int(piece.start), end = Swift.min(Int(piece.end), samples.count - 1)
        guard start < end else {
            guard start < samples.count else { return false }
            let location = samples.location(at: start)
            return test(location, location)
        }
        var previous = samples.location(at: start)
        for index in (start + 1)...end {
            let next = samples.location(at: index)
            if test(previous, next) { return true }
            previous = next
        }
        return false
    }
}
