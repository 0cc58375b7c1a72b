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
/// two corners coincide; a sweep along the longer side of the polygon's bounds finds those
/// meetings, and each segment is split at them. Walking the polygon, the winding number on the
/// left of the walk changes only at a meeting: by −1 for each other piece leaving it and +1 for each
/// one arriving, among the pieces between the walk's way in and its way out on its left. It starts
/// at the leftmost corner, where the outside (winding 0) is known. A piece with ink (a non-zero
/// winding) on one side only is boundary; the pieces are linked into rings where they meet.
///
/// Segments overlapping along a line split each other where the overlap ends; the pieces between the
/// same two nodes count as one, their windings added. Where the windings the walk gives disagree
/// around a meeting, the kept pieces do not close into rings, or two outer rings touch at a point,
/// the result is nil and the caller keeps the polygon as it was (the non-zero rule fills it exactly
/// either way).
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
        // Nodes are numbered in 32 bits (corners, then crossings: at most one per pair of segments
        // met, in practice a few per corner).
        guard polygon.count >= 3, polygon.count < Int(Int32.max) / 8, polygon.allSatisfy(\.isFinite) else { return .unresolved }
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
        // Every node's place: the corners, then the crossings.
        let positions = polygon + crossings
        let nodeCount = n + crossings.count

        // The pieces of every segment in order: each segment from its first corner's node through
        // its meetings to its second corner's node.
        meetings.sortSplits()
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
        let outgoing = positions[to[firstPiece[start]]] - positions[startNode]
        let lastPiece = (firstPiece[start] + pieceCount - 1) % pieceCount
        let incoming = positions[startNode] - positions[from[lastPiece]]
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
                    winding += windingChange(
                        at: node, arrivingFrom: positions[from[previous]], leavingTo: positions[to[piece]], skipping: (previous, piece),
                        halves: halves[halfStart[node]..<halfStart[node + 1]], from: from, to: to, positions: positions)
                }
            }
            leftWinding[piece] = winding
        }
        // Around every node where more than the walk meet, the windings the walk gave must agree
        // sector by sector (else some meeting was missed or misread: left as it was).
        var around: [(angle: Double, half: Int)] = [], sides: [(Int, Int)] = []
        for node in 0..<nodeCount where degree[node] > 2 {
            guard windingsAgree(
                around: node, halves: halves[halfStart[node]..<halfStart[node + 1]], leftWinding: leftWinding, from: from, to: to, positions: positions,
                scratch: &around, sides: &sides)
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
        return link(from: keptFrom, to: keptTo, positions: positions)
    }

    /// How the winding on the walk's left changes as it passes `node`, arriving from `arrivalStart`
    /// and leaving toward `departureEnd`: the other pieces at the node between the way back and the
    /// way on, turning clockwise (the walk's left), each −1 when it leaves the node and +1 when it
    /// arrives (a piece along the way in or out is beside the walk, not across it; where the way out
    /// turns straight back along the way in, the walk's left goes all the way round).
    private static func windingChange(
        at node: Int, arrivingFrom arrivalStart: Point, leavingTo departureEnd: Point, skipping walk: (Int, Int),
        halves: ArraySlice<Int>, from: [Int], to: [Int], positions: [Point]
    ) -> Int {
        let here = positions[node]
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
            let angle = clockwiseAngle(from: back, to: positions[far] - here)
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
        around node: Int, halves: ArraySlice<Int>, leftWinding: [Int], from: [Int], to: [Int], positions: [Point],
        scratch entries: inout [(angle: Double, half: Int)], sides: inout [(Int, Int)]
    ) -> Bool {
        let here = positions[node]
        // The pieces in clockwise order (insertion: a node has a handful).
        entries.removeAll(keepingCapacity: true)
        for half in halves {
            let piece = abs(half) - 1
            let entry = (angle: clockwiseAngle(from: Point(1, 0), to: positions[half > 0 ? to[piece] : from[piece]] - here), half: half)
            var at = entries.count
            entries.append(entry)
            while at > 0, entries[at - 1].angle > entry.angle {
                entries[at] = entries[at - 1]
                at -= 1
            }
            entries[at] = entry
        }
        // (counter-clockwise side, clockwise side) of each direction's pieces.
        sides.removeAll(keepingCapacity: true)
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

        /// Puts the splits in order of segment, and along each segment in order of t: counted into
        /// their segments, then each segment's few put in order by insertion.
        mutating func sortSplits() {
            let n = polygon.count
            var starts = [Int](repeating: 0, count: n + 1)
            for split in splits { starts[Int(split.segment) + 1] += 1 }
            for segment in 0..<n { starts[segment + 1] += starts[segment] }
            var sorted = splits
            var fill = starts
            for split in splits {
                let segment = Int(split.segment)
                var at = fill[segment]
                fill[segment] += 1
                // Insertion within the segment's run.
                while at > starts[segment], sorted[at - 1].t > split.t {
                    sorted[at] = sorted[at - 1]
                    at -= 1
                }
                sorted[at] = split
            }
            splits = sorted
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
        /// line) or past the work budget (more than 16·n·√n pairs tested, or 64 crossings found
        /// a segment).
        ///
        /// The segments are swept along the longer side of the polygon's bounds (a stroke's
        /// outline is long and thin: across it, few segments overlap at once), each tested against
        /// the segments still open whose extents on the other axis overlap its own.
        mutating func find() -> Bool {
            let n = polygon.count
            var low = polygon[0], high = polygon[0]
            for index in 0..<n {
                let a = polygon[index], b = polygon[index + 1 == n ? 0 : index + 1]
                low = pointwiseMin(low, a)
                high = pointwiseMax(high, a)
                // Neighbours meet at their shared corner; folded back along one line they overlap.
                let next = polygon[index + 2 >= n ? index + 2 - n : index + 2] - b
                if (b - a).cross(next) == 0, (b - a).dot(next) < 0 { return false }
            }
            // Sweep along x when the bounds are wider than tall, else along y: `along` and `across`
            // pick the coordinates.
            let alongX = high.x - low.x >= high.y - low.y
            // Each segment's extent (low, high) along the sweep and across it.
            var extents: [SIMD4<Double>] = []
            extents.reserveCapacity(n)
            for index in 0..<n {
                let a = polygon[index], b = polygon[index + 1 == n ? 0 : index + 1]
                let lower = pointwiseMin(a, b), upper = pointwiseMax(a, b)
                extents.append(alongX ? SIMD4(lower.x, upper.x, lower.y, upper.y) : SIMD4(lower.y, upper.y, lower.x, upper.x))
            }
            let order = Self.byStart(extents, from: alongX ? low.x : low.y, to: alongX ? high.x : high.y)
            var open: [Int] = []
            // A hostile polygon (every segment across every other) would take quadratic time and
            // memory: past this many pairs tested, or crossings found, it is left as it is.
            var tests = 0
            // A compact scribble keeps most of its segments open at once: n·√n pairs leaves room.
            let testBudget = Int(Swift.min(16 * Double(n) * Double(n).squareRoot(), 1e15)) + 4096, crossingBudget = 64 * n + 4096
            for segment in order {
                let extent = extents[segment]
                let start = extent.x
                var index = 0
                while index < open.count {
                    let other = open[index]
                    let otherExtent = extents[other]
                    if otherExtent.y < start {
                        open.swapAt(index, open.count - 1)
                        open.removeLast()
                        continue
                    }
                    index += 1
                    tests += 1
                    guard tests <= testBudget, crossings.count <= crossingBudget else { return false }
                    if otherExtent.z > extent.w || otherExtent.w < extent.z { continue }
                    let (a, b) = segment < other ? (segment, other) : (other, segment)
                    if b == a + 1 || (a == 0 && b == n - 1) { continue }
                    guard meet(a, b) else { return false }
                }
                open.append(segment)
            }
            return true
        }

        /// The segments in order of their extents' start (`x` of each): counted into as many
        /// buckets as segments over `low`…`high`, then put in order within each by insertion.
        private static func byStart(_ extents: [SIMD4<Double>], from low: Double, to high: Double) -> [Int] {
            let n = extents.count
            let scale = high > low ? Double(n) / (high - low) : 0
            @inline(__always) func bucket(_ start: Double) -> Int {
                let position = (start - low) * scale
                // NaN compares false: the first bucket.
                guard position >= 1 else { return 0 }
                return position >= Double(n - 1) ? n - 1 : Int(position)
            }
            var starts = [Int](repeating: 0, count: n + 1)
            for extent in extents { starts[bucket(extent.x) + 1] += 1 }
            for index in 0..<n { starts[index + 1] += starts[index] }
            var order = [Int](repeating: 0, count: n)
            var fill = starts
            for (segment, extent) in extents.enumerated() {
                let home = bucket(extent.x)
                var at = fill[home]
                fill[home] += 1
                while at > starts[home], extents[order[at - 1]].x > extent.x {
                    order[at] = order[at - 1]
                    at -= 1
                }
                order[at] = segment
            }
            return order
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
    private static func link(from: [Int], to: [Int], positions: [Point]) -> [[Point]]? {
        // Outgoing pieces of each node, as singly linked lists.
        var firstOut = [Int](repeating: -1, count: positions.count)
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
                ring.append(positions[from[piece]])
                let node = to[piece]
                if node == from[first] { break }
                let arriving = positions[node] - positions[from[piece]]
                guard let next = nextPiece(at: node, arrivingAlong: arriving, firstOut: firstOut, nextOut: nextOut, used: used, to: to, positions: positions)
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
        at node: Int, arrivingAlong arriving: Point, firstOut: [Int], nextOut: [Int], used: [Bool], to: [Int], positions: [Point]
    ) -> Int? {
        var piece = firstOut[node]
        while piece >= 0, used[piece] { piece = nextOut[piece] }
        guard piece >= 0 else { return nil }
        var other = nextOut[piece]
        while other >= 0, used[other] { other = nextOut[other] }
        // Most nodes have one piece leaving them.
        if other < 0 { return piece }
        var best = piece
        var bestAngle = clockwiseAngle(from: -arriving, to: positions[to[piece]] - positions[node])
        while other >= 0 {
            if !used[other] {
                let angle = clockwiseAngle(from: -arriving, to: positions[to[other]] - positions[node])
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
