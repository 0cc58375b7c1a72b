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
    public var outer: [Point2D]
    /// The holes: rings inside `outer`, clockwise, that the fill leaves empty (the ink's own loops).
    public var holes: [[Point2D]]

    /// The outer ring and the holes: every ring the fill is bounded by.
    public var rings: [[Point2D]] { [outer] + holes }

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
    /// Corners of the largest polygon resolved: 2,097,152 (its segments and their bookkeeping take
    /// a few hundred bytes a corner). A bigger one — a stroke of millions of samples — is left as it
    /// is (it fills the same under the non-zero rule), so that memory stays within budget.
    static let maximumCorners = 1 << 21

    /// The boundary of `polygon`'s non-zero fill, or nil when the polygon does not cross or touch
    /// itself (it is its own boundary) or its fill's boundary is not one outer ring with holes (see
    /// the type's note).
    public init?(resolving polygon: [Point2D]) {
        guard case .resolved(let boundary) = Self.resolve(polygon) else { return nil }
        self = boundary
    }

    private init(outer: [Point2D], holes: [[Point2D]]) {
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
    static func resolve(_ polygon: [Point2D]) -> Outcome {
        var tested = 0
        return resolve(polygon, pairsTested: &tested)
    }

    /// `resolve(_:)`, counting the pairs of segments it tested (the work its budget bounds).
    static func resolve(_ polygon: [Point2D], pairsTested: inout Int) -> Outcome {
        // Nodes are numbered in 32 bits (corners, then crossings: at most one per pair of segments
        // met, in practice a few per corner).
        guard polygon.count >= 3, polygon.count <= maximumCorners, polygon.allSatisfy({ $0.isFinite }) else { return .unresolved }
        let kept = withoutRepeats(polygon)
        // Three corners (or fewer left once repeats go) cannot cross.
        guard kept.count >= 4 else { return kept.count == 3 ? .simple : .unresolved }
        var meetings = Meetings(kept)
        defer { pairsTested = meetings.tests }
        guard meetings.find() else { return .unresolved }
        meetings.mergeCoincidentCrossings()
        guard !meetings.splits.isEmpty || meetings.merged else { return .simple }
        guard let rings = rings(of: kept, meetings: &meetings) else { return .unresolved }
        var outer: [Point2D]?
        var holes: [[Point2D]] = []
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
    package static func signedArea(_ ring: [Point2D]) -> Double {
        guard var previous = ring.last else { return 0 }
        var sum = 0.0
        for point in ring {
            sum += previous.cross(point)
            previous = point
        }
        return sum / 2
    }

    /// A meeting inside segment `segment` at parameter `t`, with node `node`.
    struct Split {
        var segment: Int32
        var t: Double
        var node: Int32
    }

    /// The rings of the boundary of `polygon` (repeats removed) given its `meetings`, or nil where
    /// the windings around a node disagree or the kept pieces do not close into rings.
    private static func rings(of polygon: [Point2D], meetings: inout Meetings) -> [[Point2D]]? {
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
    private static func withoutRepeats(_ polygon: [Point2D]) -> [Point2D] {
        let limit = repeatDistance * repeatDistance
        var kept: [Point2D] = []
        kept.reserveCapacity(polygon.count)
        for point in polygon where kept.isEmpty || (point - kept[kept.count - 1]).lengthSquared > limit {
            kept.append(point)
        }
        while kept.count > 1, (kept[kept.count - 1] - kept[0]).lengthSquared <= limit { kept.removeLast() }
        return kept
    }

}
