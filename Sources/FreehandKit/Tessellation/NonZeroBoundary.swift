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

    /// Pairs of segments a resolve may test per corner (plus `testAllowance`) before it leaves
    /// the polygon as it is. Handwriting needs few: over the shared recordings' outlines (three
    /// brushes) 3.4 a corner at the median, 11 at the 99th percentile and 48 at most; over the
    /// bundled fixtures in every brush (a finger's wide contact radius among them) 86 at most. A
    /// scribble back and forth over one spot needs hundreds or thousands (a 10,000-sample one in a
    /// 30-point square, 1,400 a corner: two seconds, now refused in a sixth of that).
    static let testsPerCorner = 256
    /// Pairs any polygon may test, whatever its size (a few milliseconds).
    static let testAllowance = 500_000
    /// Crossings a resolve may find per corner (plus 4,096) before it leaves the polygon as it is
    /// (the shared recordings' outlines: at most 1.9; the fixtures', 11).
    static let crossingsPerCorner = 32
    /// Pairs any one resolve may test, whatever its size: 10,000,000 (a few seconds where every
    /// pair meets). A polygon of millions of corners (a hostile stroke flattened to its point
    /// budget) is left as it is past it, instead of testing for a minute; handwriting of 100,000
    /// corners at the most tests a corner seen (48) needs under half of it.
    static let maximumTests = 10_000_000
    /// Crossings any one resolve may keep, whatever its size: 2,097,152 (about 100 MB with their
    /// bookkeeping). Past it the polygon is left as it is, so that memory stays within budget.
    static let maximumCrossings = 1 << 21

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
        var tested = 0
        return resolve(polygon, pairsTested: &tested)
    }

    /// `resolve(_:)`, counting the pairs of segments it tested (the work its budget bounds).
    static func resolve(_ polygon: [Point], pairsTested: inout Int) -> Outcome {
        // Nodes are numbered in 32 bits (corners, then crossings: at most one per pair of segments
        // met, in practice a few per corner).
        guard polygon.count >= 3, polygon.count < Int(Int32.max) / 8, polygon.allSatisfy(\.isFinite) else { return .unresolved }
        let kept = withoutRepeats(polygon)
        // Three corners (or fewer left once repeats go) cannot cross.
        guard kept.count >= 4 else { return kept.count == 3 ? .simple : .unresolved }
        var meetings = Meetings(kept)
        defer { pairsTested = meetings.tests }
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

    /// The signed area of `ring`: positive when counter-clockwise in a y-up frame (shoelace).
    package static func signedArea(_ ring: [Point]) -> Double {
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
        // The leftmost corner (lowest y among ties): the outside lies west of it.
        var start = 0
        for index in 1..<n where polygon[index].x < polygon[start].x || (polygon[index].x == polygon[start].x && polygon[index].y < polygon[start].y) {
            start = index
        }
        // The walk's stops: each segment from its first corner's node through its meetings, in
        // order, to the next corner's (a piece whose ends are one node is left out).
        meetings.sortSplits()
        var stops: [Int32] = []
        stops.reserveCapacity(n + meetings.splits.count)
        var startStop = 0
        var splitIndex = 0
        for segment in 0..<n {
            if segment == start { startStop = stops.count }
            var node = meetings.node(of: segment)
            while splitIndex < meetings.splits.count, meetings.splits[splitIndex].segment == segment {
                let next = meetings.node(of: Int(meetings.splits[splitIndex].node))
                splitIndex += 1
                if next == node { continue }
                stops.append(Int32(node))
                node = next
            }
            if meetings.node(of: (segment + 1) % n) != node { stops.append(Int32(node)) }
        }
        guard stops.count >= 3 else { return nil }
        startStop %= stops.count
        let walk = BoundaryWalk(stops: stops, polygon: polygon, crossings: meetings.crossings, startStop: startStop)
        let startNode = meetings.node(of: start)
        guard Int(stops[startStop]) == startNode, !walk.isMeeting(atStop: startStop) else { return nil }
        let crossings = meetings.crossings
        let position = { (node: Int32) in node < n ? polygon[Int(node)] : crossings[Int(node) - n] }
        let here = position(stops[startStop])
        let outgoing = position(stops[(startStop + 1) % stops.count]) - here
        let incoming = here - position(stops[(startStop + stops.count - 1) % stops.count])
        let turn = outgoing.cross(-incoming)
        // Collinear neighbours: the wedge at the corner is not known.
        guard turn != 0, turn.isFinite else { return nil }
        // The corner's wedge (the ink near it) lies left of the way out when the way in, reversed,
        // turns counter-clockwise from it: winding 1 there, 0 outside.
        return walk.rings(startStop: startStop, startWinding: turn > 0 ? 1 : 0)
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
        /// Pairs of segments tested by `find()` (its work, bounded by the budget).
        var tests = 0
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
        /// line) or past the work budget (`testsPerCorner` pairs tested a corner plus
        /// `testAllowance`, or `crossingsPerCorner` crossings a corner, plus 4,096; at most
        /// `maximumTests` and `maximumCrossings`).
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
            // memory, and so would a long scribble back and forth over one spot: past this many
            // pairs tested, or crossings found, it is left as it is.
            tests = 0
            let testBudget = Swift.min(NonZeroBoundary.testsPerCorner * n + NonZeroBoundary.testAllowance, NonZeroBoundary.maximumTests)
            let crossingBudget = Swift.min(NonZeroBoundary.crossingsPerCorner * n + 4096, NonZeroBoundary.maximumCrossings)
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
                order[fill[home]] = segment
                fill[home] += 1
            }
            // Each bucket in order of start, ties by segment: by insertion where it is small (most
            // hold one or two), else by a sort (a polygon whose segments all start in a few places
            // would make insertion quadratic). Both give the same order.
            for home in 0..<n where starts[home + 1] - starts[home] > 1 {
                let range = starts[home]..<starts[home + 1]
                if range.count > 32 {
                    order[range].sort { (extents[$0].x, $0) < (extents[$1].x, $1) }
                    continue
                }
                for position in range.dropFirst() {
                    let segment = order[position]
                    var at = position
                    while at > range.lowerBound, extents[order[at - 1]].x > extents[segment].x {
                        order[at] = order[at - 1]
                        at -= 1
                    }
                    order[at] = segment
                }
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
}
