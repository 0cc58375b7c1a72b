/// How each side of an outline turns at each inner vertex of a centreline: one point, a round
/// arc, or a detour through the vertex — chosen so that no segment's quadrilateral folds.
/// Sendable for the concurrent construction: `kept` is only read, and outlives the joins.
struct OutlineJoins: @unchecked Sendable {
    /// What one side of the outline does at a vertex: one point (a mitre outside, a crossing
    /// inside), a round arc (the outer side), or a detour through the vertex (the inner side).
    /// Sixteen bytes (a point, or a marked NaN for the other two), so that the two sides' corners
    /// of a long centreline take half the memory an enum with a payload would.
    struct Corner {
        private let storage: Point2D

        /// One point joins the two offset segments.
        @inline(__always)
        static func single(_ point: Point2D) -> Corner { Corner(storage: point) }
        /// The outer side: an arc of the vertex's radius from one offset segment to the next.
        static var arc: Corner { Corner(storage: Point2D(Double(bitPattern: arcBits), 0)) }
        /// The inner side: from one offset segment through the vertex to the next.
        static var centre: Corner { Corner(storage: Point2D(Double(bitPattern: centreBits), 0)) }

        /// Quiet NaNs with payloads 1 and 2, which arithmetic never makes (its NaNs carry none).
        private static var arcBits: UInt64 { 0x7FF8_0000_0000_0001 }
        private static var centreBits: UInt64 { 0x7FF8_0000_0000_0002 }

        /// The joining point of a single-point corner, else nil.
        @inline(__always)
        var single: Point2D? {
            let bits = storage.x.bitPattern
            return bits == Self.arcBits || bits == Self.centreBits ? nil : storage
        }
        /// True for an arc.
        @inline(__always)
        var isArc: Bool { storage.x.bitPattern == Self.arcBits }
    }

    /// The vertices (none nearly coinciding with the one before).
    let kept: UnsafeBufferPointer<CentrelineVertex>
    /// How far a mitre may stray from the round join it stands for, points.
    let arcTolerance: Double
    /// The unit direction of each segment.
    private(set) var directions: [Point2D]
    /// Both sides' corners at each vertex (ends unused), in one list: one allocation, not two.
    private var corners: [(left: Corner, right: Corner)]

    /// The joins of `kept` (two vertices or more), each half of the vertices' corners computed on
    /// a processor core of its own when `concurrent`. Built in `scratch`'s lists (taken out of it;
    /// hand them back with `recycle(into:)`), so that the pieces of a live stroke reuse their memory.
    init(
        _ kept: UnsafeBufferPointer<CentrelineVertex>, concurrent: Bool = false, arcTolerance: Double = Arc.tolerance, reusing scratch: inout OutlineScratch
    ) {
        self.kept = kept
        self.arcTolerance = arcTolerance
        let count = kept.count
        if concurrent {
            // Only read, and alive until the joins are made.
            nonisolated(unsafe) let vertices = kept
            directions = ConcurrentMap.array(count: count - 1, concurrent: true) { Self.direction(of: $0, in: vertices) }
        } else {
            directions = Self.emptied(&scratch.directions)
            directions.reserveCapacity(count - 1)
            for index in 0..<(count - 1) { directions.append(Self.direction(of: index, in: kept)) }
        }
        corners = []
        guard count > 2 else {
            corners = Self.emptied(&scratch.corners)
            corners.append(contentsOf: repeatElement((.centre, .centre), count: count))
            return
        }
        guard concurrent else {
            // One pass: both sides' corners at each vertex, and whether the segment before it
            // folds with them (read by `unfold` until a corner of that segment changes; made only
            // when one does, which most pieces never need).
            var folding = Self.emptied(&scratch.folding)
            var corners = Self.emptied(&scratch.corners)
            corners.append(contentsOf: repeatElement((left: Corner.centre, right: Corner.centre), count: count))
            corners.withUnsafeMutableBufferPointer { corners in
                // Each segment's offset points are computed once, for the corners at both its ends
                // and its fold check.
                var current = offsets(of: 0)
                for segment in 0..<(count - 1) {
                    let next = segment + 1 < count - 1 ? offsets(of: segment + 1) : current
                    if segment + 1 < count - 1 { corners[segment + 1] = preferredCorners(at: segment + 1, before: current, after: next) }
                    let folded = folds(segment, start: corners[segment], end: corners[segment + 1], offsets: current)
                    current = next
                    guard folded else { continue }
                    if folding.isEmpty { folding.append(contentsOf: repeatElement(false, count: count - 1)) }
                    folding[segment] = true
                }
            }
            // Moved, not copied: `unfold` then changes the only copy in place.
            swap(&self.corners, &corners)
            if !folding.isEmpty { unfold(initiallyFolding: folding, reusing: &scratch) }
            scratch.folding = folding
            return
        }
        // Each half of the vertices' corners on its own core, then whether each segment folds
        // with them, in two halves at once; `unfold` reads these until a segment's corners change.
        // Written once each, straight into place (a long centreline's corners are megabytes).
        corners = ConcurrentMap.array(count: count, concurrent: true) { [self] index in
            index == 0 || index == count - 1 ? (.centre, .centre) : preferredCorners(at: index)
        }
        let middle = (count - 1) / 2
        let folding = ConcurrentMap.results(count: 2) { [self] half in
            (half == 0 ? 0..<middle : middle..<(count - 1)).map { folds($0) }
        }
        unfold(initiallyFolding: folding[0] + folding[1], reusing: &scratch)
    }

    /// The unit direction of segment `index` of `vertices` (from vertex `index` to the next).
    @inline(__always)
    private static func direction(of index: Int, in vertices: UnsafeBufferPointer<CentrelineVertex>) -> Point2D {
        let delta = vertices[index + 1].position - vertices[index].position
        return delta / delta.length
    }

    /// Takes `list` out of its owner (leaving it empty) and empties it, keeping its memory: the
    /// list is then held once, so that filling it again copies nothing.
    private static func emptied<Element>(_ list: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &list)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Hands the joins' lists back to `scratch` for the next outline.
    consuming func recycle(into scratch: inout OutlineScratch) {
        scratch.directions = directions
        scratch.corners = corners
    }

    /// The point at `side` (1 left, −1 right) of vertex `index`, offset along segment `segment`'s normal.
    @inline(__always)
    func offset(_ index: Int, segment: Int, side: Double) -> Point2D {
        kept[index].position + Outline.normal(directions[segment]) * (side * kept[index].radius)
    }

    /// One segment's offset points: each side's at the segment's start and end vertex, offset
    /// along the segment's normal.
    struct SegmentOffsets {
        var leftStart, leftEnd, rightStart, rightEnd: Point2D

        /// The start and end on `side` (1 left, −1 right).
        @inline(__always)
        func ends(side: Double) -> (start: Point2D, end: Point2D) {
            side > 0 ? (leftStart, leftEnd) : (rightStart, rightEnd)
        }
    }

    /// The offset points of segment `segment` (the same points `offset` gives).
    @inline(__always)
    func offsets(of segment: Int) -> SegmentOffsets {
        SegmentOffsets(
            leftStart: offset(segment, segment: segment, side: 1), leftEnd: offset(segment + 1, segment: segment, side: 1),
            rightStart: offset(segment, segment: segment, side: -1), rightEnd: offset(segment + 1, segment: segment, side: -1))
    }

    /// Appends the points of `side` at inner vertex `index`, in the order the outline runs there
    /// (forward on the left, backward on the right).
    func appendSide(at index: Int, side: Double, into builder: inout OutlineSimplifier) {
        let (from, to) = side > 0 ? (index - 1, index) : (index, index - 1)
        let corner = side > 0 ? corners[index].left : corners[index].right
        if let point = corner.single {
            builder.removable(point)
        } else if corner.isArc {
            let start = offset(index, segment: from, side: side)
            builder.fixed(start)
            // An exact reversal has no side of its own: it counts as a right turn (left side outer).
            let exactReversal = directions[from].cross(directions[to]) == 0
            let sweep = exactReversal ? -Double.pi : Arc.signedAngle(from: directions[from], to: directions[to])
            builder.arc(around: kept[index].position, from: start, sweep: sweep)
            builder.fixed(offset(index, segment: to, side: side))
        } else {
            builder.fixed(offset(index, segment: from, side: side))
            builder.fixed(kept[index].position)
            builder.fixed(offset(index, segment: to, side: side))
        }
    }

    /// Both sides' preferred corners at inner vertex `index`: the outer side a mitre point where
    /// that is within the arc tolerance of the round join, else an arc; the inner side the crossing
    /// of its two offset segments, else (where the width changes) the mitre at a gentle turn, else
    /// a detour through the vertex.
    @inline(__always)
    private func preferredCorners(at index: Int) -> (left: Corner, right: Corner) {
        preferredCorners(at: index, before: offsets(of: index - 1), after: offsets(of: index))
    }

    /// `preferredCorners(at:)` given the offset points of the segments before and after the vertex.
    @inline(__always)
    private func preferredCorners(at index: Int, before: SegmentOffsets, after: SegmentOffsets) -> (left: Corner, right: Corner) {
        let a = directions[index - 1], b = directions[index]
        let cross = turn(at: index), dot = a.dot(b)
        let radius = kept[index].radius
        let centre = kept[index].position
        guard radius > 0 else { return (.single(centre), .single(centre)) }
        if cross == 0, dot > 0 { return (.single(after.leftStart), .single(after.rightStart)) }
        let gentle = Outline.isGentle(radius: radius, dot: dot, tolerance: arcTolerance)
        // A positive turn bends towards the left normal: the left side is then the inner one.
        @inline(__always) func corner(side: Double) -> Corner {
            if cross * side > 0 {
                return innerCorner(at: index, side: side, gentle: gentle, before: before.ends(side: side), after: after.ends(side: side))
            }
            return gentle ? .single(Outline.mitre(around: centre, radius: radius, from: a, to: b, side: side)) : .arc
        }
        return (corner(side: 1), corner(side: -1))
    }

    /// The inner side's corner at inner vertex `index`, given that side's offset segments before
    /// and after it: the crossing of the two, when both contain it; else the mitre at a gentle
    /// turn (where the width changes the offset segments can miss each other: the mitre point is
    /// then within the tolerance of both); else a detour through the vertex.
    @inline(__always)
    private func innerCorner(
        at index: Int, side: Double, gentle: Bool, before: (start: Point2D, end: Point2D), after: (start: Point2D, end: Point2D)
    ) -> Corner {
        let (p, q) = before, (u, v) = after
        let first = q - p, second = v - u
        let denominator = first.cross(second)
        if denominator != 0 {
            let t = (u - p).cross(second) / denominator, s = (u - p).cross(first) / denominator
            if t >= 0, t <= 1, s >= 0, s <= 1 { return .single(p + first * t) }
        }
        let a = directions[index - 1], b = directions[index]
        return gentle ? .single(Outline.mitre(around: kept[index].position, radius: kept[index].radius, from: a, to: b, side: side)) : .centre
    }

    /// Replaces single points with arcs or detours wherever a segment's quadrilateral would fold
    /// (a side running backwards, or its two cross edges crossing), until none does.
    /// `initiallyFolding` says for each segment whether it folds with the corners as they are now
    /// (it is read only for segments whose corners have not changed since). Its working lists come
    /// from `scratch` and go back to it.
    private mutating func unfold(initiallyFolding: [Bool], reusing scratch: inout OutlineScratch) {
        // Segments are checked from the last down to the first; a corner that changes sends the
        // segments on either side of it back to be checked again, before the descent goes on (the
        // one sent last first). Segments up to `unchecked` still await their first check. The
        // descent starts at the last segment that folds: those after it neither fold nor have a
        // corner that changes before the descent passes them, so checking them changes nothing
        // (and most pieces have no segment that folds at all).
        guard var unchecked = initiallyFolding.lastIndex(of: true) else { return }
        var again = Self.emptied(&scratch.again)
        var waiting = Self.emptied(&scratch.waiting), changedCorners = Self.emptied(&scratch.changedCorners)
        waiting.append(contentsOf: repeatElement(false, count: kept.count - 1))
        changedCorners.append(contentsOf: repeatElement(false, count: kept.count))
        while true {
            let segment: Int
            if let next = again.popLast() {
                segment = next
                waiting[segment] = false
            } else if unchecked >= 0 {
                segment = unchecked
                unchecked -= 1
            } else {
                break
            }
            let folding = changedCorners[segment] || changedCorners[segment + 1] ? folds(segment) : initiallyFolding[segment]
            guard folding else { continue }
            for index in segment...(segment + 1) where index > 0 && index < kept.count - 1 {
                var changed = false
                if corners[index].left.single != nil { corners[index].left = fallback(at: index, side: 1); changed = true }
                if corners[index].right.single != nil { corners[index].right = fallback(at: index, side: -1); changed = true }
                guard changed else { continue }
                changedCorners[index] = true
                for neighbour in (index - 1)...index where neighbour > unchecked && !waiting[neighbour] {
                    waiting[neighbour] = true
                    again.append(neighbour)
                }
            }
        }
        scratch.again = again
        scratch.waiting = waiting
        scratch.changedCorners = changedCorners
    }

    private func fallback(at index: Int, side: Double) -> Corner {
        turn(at: index) * side > 0 ? .centre : .arc
    }

    /// The cross product of the directions at inner vertex `index`: positive turning left; an exact
    /// reversal counts as a right turn.
    private func turn(at index: Int) -> Double {
        let cross = directions[index - 1].cross(directions[index])
        return cross == 0 && directions[index - 1].dot(directions[index]) < 0 ? -1 : cross
    }

    /// True when the quadrilateral of `segment` folds with the corners chosen now.
    private func folds(_ segment: Int) -> Bool {
        folds(segment, start: corners[segment], end: corners[segment + 1], offsets: offsets(of: segment))
    }

    /// True when the quadrilateral of `segment`, whose offset points are `offsets`, folds with the
    /// given corners at its start and end vertex (those at the centreline's ends are not read).
    @inline(__always)
    private func folds(
        _ segment: Int, start: (left: Corner, right: Corner), end: (left: Corner, right: Corner), offsets: SegmentOffsets
    ) -> Bool {
        @inline(__always) func ends(_ first: Corner, _ second: Corner, side: Double) -> (Point2D, Point2D) {
            var (start, end) = offsets.ends(side: side)
            if segment > 0, let point = first.single { start = point }
            if segment + 1 < kept.count - 1, let point = second.single { end = point }
            return (start, end)
        }
        let direction = directions[segment]
        let (leftStart, leftEnd) = ends(start.left, end.left, side: 1), (rightStart, rightEnd) = ends(start.right, end.right, side: -1)
        if (leftEnd - leftStart).dot(direction) < 0 || (rightEnd - rightStart).dot(direction) < 0 { return true }
        return Self.segmentsCross(leftStart, rightStart, leftEnd, rightEnd)
    }

    /// True when segment ab and segment cd cross at a point inside both.
    private static func segmentsCross(_ a: Point2D, _ b: Point2D, _ c: Point2D, _ d: Point2D) -> Bool {
        let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a)
        let d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
        return d1 * d2 < 0 && d3 * d4 < 0
    }
}
