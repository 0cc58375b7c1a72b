import Foundation

/// The boundary of the region a self-crossing polygon fills under the non-zero rule: one outer ring
/// and the holes inside it, none crossing another or itself, so that the region is the same under
/// the non-zero and the even-odd rule and no point of it is covered twice.
///
/// A stroke's outline crosses itself wherever the pen doubles back within the nib's width (jitter,
/// a hairpin) and where the ink loops. Filled non-zero that is right, but each crossing costs a
/// rasterizer the exact overlap work on every row it touches, and a plotter or an even-odd fill
/// draws the inner edges. This keeps only the edges with ink on one side and none on the other.
///
/// Method: the segments meet where they cross, where a corner lies on another segment and where
/// two corners coincide; a sweep over the polygon's y-monotone chains finds those meetings, and
/// each segment is split at them. Walking the polygon, the winding number on the left of the walk changes only at
/// a meeting: by −1 for each other edge leaving the meeting and +1 for each one arriving, among the
/// edges between the walk's way in and its way out on its left. It starts at the leftmost corner,
/// where the outside (winding 0) is known. A piece with winding 1 on its left and 0 on its right (or
/// 0 and −1) is boundary; the pieces are linked into rings where they meet.
///
/// Segments overlapping along a line split each other where the overlap ends; the pieces between the
/// same two nodes count as one, their windings added. Meetings that do not close into rings, or two
/// outer rings touching at a point, give nil, and the caller keeps the polygon as it was (the
/// non-zero rule fills it exactly either way).
public struct NonZeroBoundary: Hashable, Sendable {
    /// The outer ring, counter-clockwise in a y-up frame (positive signed area).
    public var outer: [Point]
    /// The holes: rings inside `outer`, clockwise, that the fill leaves empty (the ink's own loops).
    public var holes: [[Point]]

    /// The outer ring and the holes: every ring the fill is bounded by.
    public var rings: [[Point]] { [outer] + holes }

    /// Rings with less area than this (square points) are dropped: slivers between nearly
    /// coincident meetings, a millionth of a pixel.
    static let negligibleArea = 1e-6

    /// How close (as a fraction of a segment) a meeting may come to a segment's end and still count
    /// as that end.
    static let endMargin = 1e-9

    /// Corners closer than this (points) to the corner kept before them are dropped first: an
    /// outline's caps and joins can meet a few ulps apart, and a segment that short would make its
    /// neighbours seem to touch.
    static let repeatDistance = 1e-9

    /// The boundary of `polygon`'s non-zero fill, or nil when the polygon does not cross or touch
    /// itself (it is its own boundary) or its fill's boundary is not one outer ring with holes (see
    /// the type's note).
    public init?(resolving polygon: [Point]) {
        guard case .resolved(let boundary) = Self.resolve(polygon) else { return nil }
        self = boundary
    }

    private init(outer: [Point], holes: [[Point]]) {
        self.outer = outer
        self.holes = holes
    }

    /// What resolving a polygon finds.
    enum Outcome: Hashable, Sendable {
        /// The polygon neither crosses nor touches itself: it is its own boundary.
        case simple
        /// The boundary of its non-zero fill.
        case resolved(NonZeroBoundary)
        /// It crosses itself in a way not resolved (see the type's note), or has fewer than three
        /// corners or a corner that is not a number.
        case unresolved
    }

    /// Whether `polygon` is simple, and its boundary where it is not.
    static func resolve(_ polygon: [Point]) -> Outcome {
        guard polygon.count >= 3, polygon.allSatisfy(\.isFinite) else { return .unresolved }
        let kept = withoutRepeats(polygon)
        // Three corners (or fewer left once repeats go) cannot cross.
        guard kept.count >= 4 else { return kept.count == 3 ? .simple : .unresolved }
        var meetings = Meetings(kept)
        guard meetings.find() else { return .unresolved }
        meetings.mergeCoincidentCrossings()
        guard !meetings.splits.isEmpty || meetings.merged else { return .simple }
        guard let rings = rings(of: kept, meetings: &meetings) else { return .unresolved }
        var outer: [Point]?
        var holes: [[Point]] = []
        for ring in rings {
            let area = signedArea(ring)
            if abs(area) < negligibleArea { continue }
            if area > 0 {
                // Two outer rings: the region touches itself at a point. Left as it was.
                guard outer == nil else { return .unresolved }
                outer = ring
            } else {
                holes.append(ring)
            }
        }
        guard let outer else { return .unresolved }
        return .resolved(NonZeroBoundary(outer: outer, holes: holes))
    }

    /// The signed area of `ring`: positive when counter-clockwise in a y-up frame.
    static func signedArea(_ ring: [Point]) -> Double {
        guard var previous = ring.last else { return 0 }
        var sum = 0.0
        for point in ring {
            sum += previous.cross(point)
            previous = point
        }
        return sum / 2
    }

    /// A meeting inside segment `segment` at parameter `t`, with node `node`.
    private struct Split {
        var segment: Int32
        var t: Double
        var node: Int32
    }

    /// The rings of the boundary of `polygon` (repeats removed) given its `meetings`, or nil where
    /// the windings around a node disagree or the kept pieces do not close into rings.
    private static func rings(of polygon: [Point], meetings: inout Meetings) -> [[Point]]? {
        let n = polygon.count
        let crossings = meetings.crossings
        @inline(__always) func position(_ node: Int) -> Point { node < n ? polygon[node] : crossings[node - n] }
        let nodeCount = n + crossings.count

        // The pieces of every segment in order: each segment from its first corner's node through
        // its meetings to its second corner's node.
        meetings.splits.sort { $0.segment != $1.segment ? $0.segment < $1.segment : $0.t < $1.t }
        var from: [Int] = [], to: [Int] = []
        from.reserveCapacity(n + meetings.splits.count)
        to.reserveCapacity(n + meetings.splits.count)
        var firstPiece = [Int](repeating: 0, count: n)
        var splitIndex = 0
        for segment in 0..<n {
            firstPiece[segment] = from.count
            var node = meetings.node(of: segment)
            while splitIndex < meetings.splits.count, meetings.splits[splitIndex].segment == segment {
                let next = meetings.node(of: Int(meetings.splits[splitIndex].node))
                splitIndex += 1
                if next == node { continue }
                from.append(node)
                to.append(next)
                node = next
            }
            let end = meetings.node(of: (segment + 1) % n)
            if end != node {
                from.append(node)
                to.append(end)
            }
        }
        let pieceCount = from.count

        // The pieces at each node: most nodes have two (the walk in and out).
        var degree = [Int](repeating: 0, count: nodeCount + 1)
        for piece in 0..<pieceCount {
            degree[from[piece]] += 1
            degree[to[piece]] += 1
        }
        var halfStart = [Int](repeating: 0, count: nodeCount + 1)
        for node in 0..<nodeCount { halfStart[node + 1] = halfStart[node] + degree[node] }
        // Each half: the piece, signed + for a piece leaving the node and − for one arriving.
        var halves = [Int](repeating: 0, count: halfStart[nodeCount])
        var filled = halfStart
        for piece in 0..<pieceCount {
            halves[filled[from[piece]]] = piece + 1
            filled[from[piece]] += 1
            halves[filled[to[piece]]] = -(piece + 1)
            filled[to[piece]] += 1
        }

        // The leftmost corner (lowest y among ties): the outside lies west of it.
        var start = 0
        for index in 1..<n where polygon[index].x < polygon[start].x || (polygon[index].x == polygon[start].x && polygon[index].y < polygon[start].y) {
            start = index
        }
        let startNode = meetings.node(of: start)
        guard degree[startNode] == 2, from[firstPiece[start]] == startNode else { return nil }
        let outgoing = position(to[firstPiece[start]]) - position(startNode)
        let lastPiece = (firstPiece[start] + pieceCount - 1) % pieceCount
        let incoming = position(startNode) - position(from[lastPiece])
        let turn = outgoing.cross(-incoming)
        // Collinear neighbours: the wedge at the corner is not known.
        guard turn != 0, turn.isFinite else { return nil }
        // The corner's wedge (the ink near it) lies left of the way out when the way in, reversed,
        // turns counter-clockwise from it: winding 1 there, 0 outside.
        var winding = turn > 0 ? 1 : 0

        var leftWinding = [Int](repeating: 0, count: pieceCount)
        for step in 0..<pieceCount {
            let piece = (firstPiece[start] + step) % pieceCount
            if step > 0 {
                let previous = (piece + pieceCount - 1) % pieceCount
                let node = from[piece]
                if degree[node] > 2 {
                    guard let change = windingChange(
                        at: node, arrivingFrom: position(from[previous]), leavingTo: position(to[piece]), skipping: (previous, piece),
                        halves: halves[halfStart[node]..<halfStart[node + 1]], from: from, to: to, position: position)
                    else { return nil }
                    winding += change
                }
            }
            leftWinding[piece] = winding
        }
        // Around every node where more than the walk meet, the windings the walk gave must agree
        // sector by sector (else some meeting was missed or misread: left as it was).
        for node in 0..<nodeCount where degree[node] > 2 {
            guard windingsAgree(around: node, halves: halves[halfStart[node]..<halfStart[node + 1]], leftWinding: leftWinding, from: from, to: to, position: position)
            else { return nil }
        }

        // A piece is boundary when the fill is on one side of it only. Pieces between the same two
        // nodes (segments overlapping along a line) count as one, their windings added.
        var multiplicity = [Int](repeating: 1, count: pieceCount)
        for piece in 0..<pieceCount where degree[from[piece]] > 2 && degree[to[piece]] > 2 && multiplicity[piece] != 0 {
            // The other pieces between the same two nodes (only nodes where more than the walk meet
            // can have them); the first of them stands for all.
            var total = 1
            for half in halves[halfStart[from[piece]]..<halfStart[from[piece] + 1]] {
                let other = abs(half) - 1
                guard other != piece else { continue }
                let far = half > 0 ? to[other] : from[other]
                guard far == to[piece] else { continue }
                total += half > 0 ? 1 : -1
                multiplicity[other] = 0
            }
            multiplicity[piece] = total
        }
        var keptFrom: [Int] = [], keptTo: [Int] = []
        keptFrom.reserveCapacity(pieceCount)
        keptTo.reserveCapacity(pieceCount)
        for piece in 0..<pieceCount where multiplicity[piece] != 0 {
            let left = leftWinding[piece], right = left - multiplicity[piece]
            if left != 0, right == 0 {
                keptFrom.append(from[piece])
                keptTo.append(to[piece])
            } else if left == 0, right != 0 {
                keptFrom.append(to[piece])
                keptTo.append(from[piece])
            }
        }
        return link(from: keptFrom, to: keptTo, nodes: nodeCount, position: position)
    }

    /// How the winding on the walk's left changes as it passes `node`, arriving from `arrivalStart`
    /// and leaving toward `departureEnd`: the other pieces at the node between the way back and the
    /// way on, turning clockwise (the walk's left), each −1 when it leaves the node and +1 when it
    /// arrives (a piece along the way in or out is beside the walk, not across it). Nil when the way
    /// out turns straight back along the way in.
    private static func windingChange(
        at node: Int, arrivingFrom arrivalStart: Point, leavingTo departureEnd: Point, skipping walk: (Int, Int),
        halves: ArraySlice<Int>, from: [Int], to: [Int], position: (Int) -> Point
    ) -> Int? {
        let here = position(node)
        let back = arrivalStart - here
        let onward = clockwiseAngle(from: back, to: departureEnd - here)
        // Straight back the way it came: the walk's left goes all the way round the node.
        let sector = onward > 0 ? onward : 4
        var change = 0
        for half in halves {
            let piece = abs(half) - 1
            let leaving = half > 0
            if (leaving && piece == walk.1) || (!leaving && piece == walk.0) { continue }
            let far = leaving ? to[piece] : from[piece]
            let angle = clockwiseAngle(from: back, to: position(far) - here)
            // A piece along the way in or out (segments overlapping along a line) lies on the
            // sector's edge: the walk's left is beside it, not across it.
            if angle > 0, angle < sector { change += leaving ? -1 : 1 }
        }
        return change
    }

    /// Whether the windings the walk gave the pieces at `node` agree around it: going clockwise,
    /// the winding on the clockwise side of each piece (or of pieces along the same line, taken
    /// together) is the winding on the counter-clockwise side of the next.
    private static func windingsAgree(
        around node: Int, halves: ArraySlice<Int>, leftWinding: [Int], from: [Int], to: [Int], position: (Int) -> Point
    ) -> Bool {
        let here = position(node)
        let entries = halves.map { half in
            let piece = abs(half) - 1
            return (angle: clockwiseAngle(from: Point(1, 0), to: position(half > 0 ? to[piece] : from[piece]) - here), half: half)
        }.sorted { $0.angle < $1.angle }
        // (counter-clockwise side, clockwise side) of each direction's pieces.
        var sides: [(Int, Int)] = []
        var index = 0
        while index < entries.count {
            var leaving: Int?, arriving: Int?
            var change = 0
            var end = index
            while end < entries.count, entries[end].angle == entries[index].angle {
                let half = entries[end].half
                let winding = leftWinding[abs(half) - 1]
                // A piece leaving has its left on the counter-clockwise side; one arriving, on the
                // clockwise side. Crossing clockwise, the first lowers the winding, the second raises it.
                if half > 0 {
                    if let known = leaving, known != winding { return false }
                    leaving = winding
                    change -= 1
                } else {
                    if let known = arriving, known != winding { return false }
                    arriving = winding
                    change += 1
                }
                end += 1
            }
            if let leaving {
                if let arriving, arriving != leaving + change { return false }
                sides.append((leaving, leaving + change))
            } else if let arriving {
                sides.append((arriving - change, arriving))
            }
            index = end
        }
        for k in sides.indices where sides[k].1 != sides[(k + 1) % sides.count].0 { return false }
        return true
    }

    /// A measure of the angle turning clockwise (in a y-up frame) from `a` to `b`, in [0, 4): it
    /// grows with the angle (0 at none, 1 at a quarter turn, …) but needs no trigonometry; 0 for a
    /// zero vector.
    @inline(__always)
    private static func clockwiseAngle(from a: Point, to b: Point) -> Double {
        let x = a.dot(b), y = -a.cross(b)
        if y >= 0 {
            if x > 0 { return y / (x + y) }
            return y + x == 0 && y == 0 ? 0 : 1 + -x / (-x + y)
        }
        if x < 0 { return 2 + -y / (-x - y) }
        return 3 + x / (x - y)
    }

    /// `polygon` without the corners within `repeatDistance` of the one kept before them (nor a
    /// last corner that close to the first).
    private static func withoutRepeats(_ polygon: [Point]) -> [Point] {
        let limit = repeatDistance * repeatDistance
        var kept: [Point] = []
        kept.reserveCapacity(polygon.count)
        for point in polygon where kept.isEmpty || (point - kept[kept.count - 1]).lengthSquared > limit {
            kept.append(point)
        }
        while kept.count > 1, (kept[kept.count - 1] - kept[0]).lengthSquared <= limit { kept.removeLast() }
        return kept
    }

    /// Where a polygon's segments meet: crossings (new nodes), corners on other segments (splits
    /// at the corner's node) and coinciding corners (merged nodes).
    private struct Meetings {
        let polygon: [Point]
        /// The crossing points; node n + i is crossing i.
        var crossings: [Point] = []
        var splits: [Split] = []
        /// Whether any two corners were merged.
        var merged = false
        /// Whether two segments overlap along a line (their shared stretch becomes two pieces between
        /// the same nodes).
        var overlapped = false
        /// Union-find over the corners (coinciding corners are one node).
        private var parent: [Int32]

        init(_ polygon: [Point]) {
            self.polygon = polygon
            parent = (0..<Int32(polygon.count)).map { $0 }
        }

        /// The node standing for node `corner` (a corner, or n + i for crossing i) and those merged
        /// with it.
        mutating func node(of corner: Int) -> Int {
            var root = Int(parent[corner])
            guard Int(parent[root]) != root else { return root }
            while Int(parent[root]) != root { root = Int(parent[root]) }
            var walk = corner
            while Int(parent[walk]) != root {
                let next = Int(parent[walk])
                parent[walk] = Int32(root)
                walk = next
            }
            return root
        }

        private mutating func merge(_ a: Int, _ b: Int) {
            let (ra, rb) = (node(of: a), node(of: b))
            guard ra != rb else { return }
            parent[Swift.max(ra, rb)] = Int32(Swift.min(ra, rb))
            merged = true
        }

        /// Makes crossings at the same place (within `repeatDistance`) one node: where a segment
        /// crosses two that overlap along a line, or three cross at one point.
        mutating func mergeCoincidentCrossings() {
            let n = polygon.count, k = crossings.count
            parent += (Int32(n)..<Int32(n + k)).map { $0 }
            guard k > 1 else { return }
            let order = (0..<k).sorted { crossings[$0].x < crossings[$1].x }
            for i in 0..<k {
                let a = crossings[order[i]]
                var j = i + 1
                while j < k, crossings[order[j]].x - a.x <= repeatDistance {
                    if abs(crossings[order[j]].y - a.y) <= repeatDistance { merge(n + order[i], n + order[j]) }
                    j += 1
                }
            }
        }

        /// Finds every meeting; false for a degenerate one (two neighbours folded back along one
        /// line).
        ///
        /// The polygon is cut into chains whose y strictly rises or falls (a chain cannot meet
        /// itself); chains are swept in order of their lowest y, and two chains whose bounds meet
        /// are walked side by side, each segment tested against the other chain's segments level
        /// with it. Work: the segments, plus the pairs of chains that overlap, plus the pairs of
        /// segments level with each other in them.
        mutating func find() -> Bool {
            let n = polygon.count
            // Chains: runs of segments with the same sign of dy (a level segment is a chain alone).
            var chainStart: [Int] = []
            var previousSign = 0.0
            for index in 0..<n {
                let a = polygon[index], b = polygon[index + 1 == n ? 0 : index + 1]
                let sign: Double = b.y > a.y ? 1 : (b.y < a.y ? -1 : 0)
                if index == 0 || sign == 0 || sign != previousSign { chainStart.append(index) }
                previousSign = sign
                // Neighbours meet at their shared corner; folded back along one line they overlap.
                let next = polygon[index + 2 >= n ? index + 2 - n : index + 2] - b
                if (b - a).cross(next) == 0, (b - a).dot(next) < 0 { return false }
            }
            let chainCount = chainStart.count
            // Each chain's bounds: (low x, low y, high x, high y).
            var bounds: [SIMD4<Double>] = []
            bounds.reserveCapacity(chainCount)
            for chain in 0..<chainCount {
                let end = chain + 1 < chainCount ? chainStart[chain + 1] : n
                var low = polygon[chainStart[chain]], high = low
                for index in chainStart[chain]...end {
                    let point = polygon[index == n ? 0 : index]
                    low = pointwiseMin(low, point)
                    high = pointwiseMax(high, point)
                }
                bounds.append(SIMD4(low.x, low.y, high.x, high.y))
            }
            let order = (0..<chainCount).sorted { bounds[$0].y < bounds[$1].y }
            var active: [Int] = []
            for chain in order {
                let box = bounds[chain]
                var index = 0
                while index < active.count {
                    let other = active[index]
                    let otherBox = bounds[other]
                    if otherBox.w < box.y {
                        active.swapAt(index, active.count - 1)
                        active.removeLast()
                        continue
                    }
                    index += 1
                    if otherBox.x > box.z || otherBox.z < box.x { continue }
                    guard meetChains(chain, other, starts: chainStart) else { return false }
                }
                active.append(chain)
            }
            return true
        }

        /// The y range of segment `index`.
        @inline(__always)
        private func levels(_ index: Int) -> (low: Double, high: Double) {
            let a = polygon[index].y, b = polygon[index + 1 == polygon.count ? 0 : index + 1].y
            return a < b ? (a, b) : (b, a)
        }

        /// The x range of segment `index`.
        @inline(__always)
        private func columns(_ index: Int) -> (low: Double, high: Double) {
            let a = polygon[index].x, b = polygon[index + 1 == polygon.count ? 0 : index + 1].x
            return a < b ? (a, b) : (b, a)
        }

        /// Chain `chain`'s segments as (first, count, step): segment k in order of rising y is
        /// first + k·step.
        @inline(__always)
        private func layout(of chain: Int, starts: [Int]) -> (first: Int, count: Int, step: Int) {
            let n = polygon.count
            let start = starts[chain], end = chain + 1 < starts.count ? starts[chain + 1] : n
            let rising = polygon[start + 1 == n ? 0 : start + 1].y >= polygon[start].y
            return rising ? (start, end - start, 1) : (end - 1, end - start, -1)
        }

        /// The first position k of `chain` (segments in order of rising y) whose `high(segment)`
        /// reaches `level`, by bisection; the count when none does.
        @inline(__always)
        private static func firstReaching(_ level: Double, in chain: (first: Int, count: Int, step: Int), high: (Int) -> Double) -> Int {
            var lower = 0, upper = chain.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if high(chain.first + middle * chain.step) < level { lower = middle + 1 } else { upper = middle }
            }
            return lower
        }

        /// Records the meetings between two chains, walking them side by side in y; false for an
        /// overlap that cannot be read.
        private mutating func meetChains(_ first: Int, _ second: Int, starts: [Int]) -> Bool {
            let n = polygon.count
            let one = layout(of: first, starts: starts), other = layout(of: second, starts: starts)
            // Only the segments of each chain level with the other chain's bounds.
            let otherLow = levels(other.first).low, otherHigh = levels(other.first + (other.count - 1) * other.step).high
            var k = Self.firstReaching(otherLow, in: one) { levels($0).high }
            var from = k < one.count ? Self.firstReaching(levels(one.first + k * one.step).low, in: other) { levels($0).high } : other.count
            while k < one.count {
                let a = one.first + k * one.step
                k += 1
                let level = levels(a), span = columns(a)
                if level.low > otherHigh { break }
                while from < other.count, levels(other.first + from * other.step).high < level.low { from += 1 }
                var index = from
                while index < other.count {
                    let b = other.first + index * other.step
                    if levels(b).low > level.high { break }
                    index += 1
                    let bSpan = columns(b)
                    if bSpan.low > span.high || bSpan.high < span.low { continue }
                    let (lower, upper) = a < b ? (a, b) : (b, a)
                    if upper == lower + 1 || (lower == 0 && upper == n - 1) { continue }
                    guard meet(lower, upper) else { return false }
                }
            }
            return true
        }

        /// Records where segments `a` < `b` (not neighbours) meet; false for an
        /// overlap along a line.
        private mutating func meet(_ a: Int, _ b: Int) -> Bool {
            let n = polygon.count
            let p = polygon[a], r = polygon[a + 1 == n ? 0 : a + 1] - p
            let q0 = polygon[b], q = polygon[b + 1 == n ? 0 : b + 1] - q0
            let denominator = r.cross(q)
            let offset = q0 - p
            if denominator == 0 {
                // Parallel: apart, they never meet; along one line, each corner of one inside the
                // other splits it there, and corners at the same place are one node.
                guard offset.cross(r) == 0 else { return true }
                let t0 = offset.dot(r) / r.lengthSquared, t1 = (offset + q).dot(r) / r.lengthSquared
                let margin = endMargin
                if Swift.max(t0, t1) < -margin || Swift.min(t0, t1) > 1 + margin { return true }
                guard t0.isFinite, t1.isFinite else { return false }
                overlapped = true
                let u0 = -offset.dot(q) / q.lengthSquared, u1 = (r - offset).dot(q) / q.lengthSquared
                for (corner, on, t) in [(b, a, t0), (b + 1 == n ? 0 : b + 1, a, t1), (a, b, u0), (a + 1 == n ? 0 : a + 1, b, u1)] {
                    if t > margin, t < 1 - margin {
                        splits.append(Split(segment: Int32(on), t: t, node: Int32(corner)))
                    } else if abs(t) <= margin {
                        merge(corner, on)
                    } else if abs(t - 1) <= margin {
                        merge(corner, on + 1 == n ? 0 : on + 1)
                    }
                }
                return true
            }
            let t = offset.cross(q) / denominator
            let u = offset.cross(r) / denominator
            guard t.isFinite, u.isFinite else { return false }
            let margin = endMargin
            if t < -margin || t > 1 + margin || u < -margin || u > 1 + margin { return true }
            let aEnd = t <= margin ? a : (t >= 1 - margin ? (a + 1 == n ? 0 : a + 1) : -1)
            let bEnd = u <= margin ? b : (u >= 1 - margin ? (b + 1 == n ? 0 : b + 1) : -1)
            if aEnd >= 0, bEnd >= 0 {
                merge(aEnd, bEnd)
            } else if aEnd >= 0 {
                splits.append(Split(segment: Int32(b), t: u, node: Int32(aEnd)))
            } else if bEnd >= 0 {
                splits.append(Split(segment: Int32(a), t: t, node: Int32(bEnd)))
            } else {
                let point = p + t * r
                let node = Int32(n + crossings.count)
                crossings.append(point)
                splits.append(Split(segment: Int32(a), t: t, node: node))
                splits.append(Split(segment: Int32(b), t: u, node: node))
            }
            return true
        }
    }

    /// The kept pieces linked into rings at their shared nodes; nil when they do not close.
    private static func link(from: [Int], to: [Int], nodes: Int, position: (Int) -> Point) -> [[Point]]? {
        // Outgoing pieces of each node, as singly linked lists.
        var firstOut = [Int](repeating: -1, count: nodes)
        var nextOut = [Int](repeating: -1, count: from.count)
        for piece in from.indices.reversed() {
            nextOut[piece] = firstOut[from[piece]]
            firstOut[from[piece]] = piece
        }
        var used = [Bool](repeating: false, count: from.count)
        var rings: [[Point]] = []
        for first in from.indices where !used[first] {
            var ring: [Point] = []
            var piece = first
            while true {
                used[piece] = true
                ring.append(position(from[piece]))
                let node = to[piece]
                if node == from[first] { break }
                let arriving = position(node) - position(from[piece])
                guard let next = nextPiece(at: node, arrivingAlong: arriving, firstOut: firstOut, nextOut: nextOut, used: used, to: to, position: position)
                else { return nil }
                piece = next
            }
            rings.append(ring)
        }
        return rings
    }

    /// The unused piece leaving `node` that bounds the same ink as the piece arriving along
    /// `arriving` (the first one clockwise from the way back), or nil when none is left.
    private static func nextPiece(
        at node: Int, arrivingAlong arriving: Point, firstOut: [Int], nextOut: [Int], used: [Bool], to: [Int], position: (Int) -> Point
    ) -> Int? {
        var piece = firstOut[node]
        while piece >= 0, used[piece] { piece = nextOut[piece] }
        guard piece >= 0 else { return nil }
        var other = nextOut[piece]
        while other >= 0, used[other] { other = nextOut[other] }
        // Most nodes have one piece leaving them.
        if other < 0 { return piece }
        var best = piece
        var bestAngle = clockwiseAngle(from: -arriving, to: position(to[piece]) - position(node))
        while other >= 0 {
            if !used[other] {
                let angle = clockwiseAngle(from: -arriving, to: position(to[other]) - position(node))
                if angle < bestAngle {
                    bestAngle = angle
                    best = other
                }
            }
            other = nextOut[other]
        }
        return best
    }
}
