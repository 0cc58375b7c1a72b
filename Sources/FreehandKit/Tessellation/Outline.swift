/// The closed polygon around a variable-width centreline, with round caps and round joins, to be
/// filled with the non-zero rule.
///
/// Construction: the left offsets run forward, a cap turns around the end, the right offsets run
/// back, a cap turns around the start. At each vertex each side gets as few points as keep it
/// within `Arc.tolerance` of the true stroke:
/// - where the turn is gentle, the outer side gets one point (the mitre of the two offset
///   segments, within the tolerance of the round join) and the inner side one point (where the
///   two offset segments cross);
/// - where the outer side turns sharply it gets a circular arc of the vertex's radius;
/// - where the inner offset segments do not cross (a turn sharper than the segments are long) the
///   inner side goes through the vertex itself, as Skia's stroker does.
///
/// The polygon is then the sum of consistently oriented pieces — one quadrilateral per segment
/// (never folded: a side that would run backwards falls back to the vertex), a sector per outer
/// arc and per cap — so every point inside the stroke has a non-zero winding number and nothing is
/// filled twice. Nothing reaches farther from the centreline than the widest radius (plus the
/// tolerance), so there are no spikes; no NaN can arise from finite input. Runs of single join
/// points are then thinned where they lie within `simplificationTolerance` of a straight line
/// (`OutlineSimplifier`), so straight and gently curved ink costs a few vertices.
public enum Outline {
    /// How a piece of outline ends: with a round cap, or cut straight across through the centreline
    /// (where a neighbouring piece continues).
    public enum End: Hashable, Sendable {
        /// A half disc of the end vertex's radius.
        case round
        /// A straight cut; `joining` is the direction of the segment before the piece (for a start)
        /// whose outer join sector this piece includes, or nil.
        case cut(joining: Point2D?)
    }

    /// Vertices closer than this (points) to the previous kept vertex are skipped.
    static let minimumSegment = 1e-7

    /// How far (points) a thinned run of outline points may stray from the points it replaces.
    public static let simplificationTolerance = 0.1

    /// The polygon around `vertices` with round caps at both ends. One vertex (or several at one
    /// place) gives a disc of its width; no vertex gives an empty polygon.
    public static func polygon(around vertices: [CentrelineVertex]) -> [Point2D] {
        polygon(around: vertices[...], start: .round, end: .round)
    }

    /// The polygon around `vertices`, with the given kinds of start and end.
    /// A long centreline's polygon is built on two processor cores (the same points).
    public static func polygon(around vertices: ArraySlice<CentrelineVertex>, start: End, end: End) -> [Point2D] {
        var scratch = OutlineScratch()
        return polygonAndBounds(around: vertices, start: start, end: end, concurrent: isWorthTwoCores(vertices.count), scratch: &scratch).polygon
    }

    /// The outline piece around `vertices` with the given ends and opacity, its polygon built in
    /// `scratch`'s working lists (a live stroke keeps one for all its pieces) and its bounds
    /// gathered on the way.
    static func piece(
        around vertices: ArraySlice<CentrelineVertex>, start: End, end: End, opacity: Double, tolerance: Double = simplificationTolerance,
        scratch: inout OutlineScratch
    ) -> OutlinePiece {
        let (polygon, bounds) = polygonAndBounds(
            around: vertices, start: start, end: end, concurrent: isWorthTwoCores(vertices.count), tolerance: tolerance, scratch: &scratch)
        return OutlinePiece(polygon: polygon, opacity: opacity, bounds: bounds)
    }

    /// The polygon around `vertices`, built on two processor cores when `concurrent`.
    static func polygon(around vertices: ArraySlice<CentrelineVertex>, start: End, end: End, concurrent: Bool) -> [Point2D] {
        var scratch = OutlineScratch()
        return polygonAndBounds(around: vertices, start: start, end: end, concurrent: concurrent, scratch: &scratch).polygon
    }

    /// The outline piece of a whole stroke's `vertices` (round caps) with the given opacity: the
    /// polygon of `polygon(around:)`, its bounds gathered while it is built.
    /// Past `budgetVertices` vertices the tolerance grows in proportion to their count (joins'
    /// arcs and the simplification coarser), so that a stroke of millions of sharp corners keeps
    /// its polygon within memory.
    static func piece(around vertices: [CentrelineVertex], opacity: Double, tolerance: Double = simplificationTolerance) -> OutlinePiece {
        let tolerance = vertices.count > budgetVertices ? tolerance * Double(vertices.count) / Double(budgetVertices) : tolerance
        var scratch = OutlineScratch()
        let (polygon, bounds) = polygonAndBounds(
            around: vertices[...], start: .round, end: .round, concurrent: isWorthTwoCores(vertices.count), tolerance: tolerance, scratch: &scratch)
        return OutlinePiece(polygon: polygon, opacity: opacity, bounds: bounds)
    }

    /// The polygon around `vertices` and its bounds.
    private static func polygonAndBounds(
        around vertices: ArraySlice<CentrelineVertex>, start: End, end: End, concurrent: Bool, tolerance: Double = simplificationTolerance,
        scratch: inout OutlineScratch
    ) -> (polygon: [Point2D], bounds: Rect2D?) {
        distinct(vertices).withUnsafeBufferPointer {
            polygonAndBounds(around: $0, start: start, end: end, concurrent: concurrent, tolerance: tolerance, scratch: &scratch)
        }
    }

    /// The polygon around `kept`, vertices none of which nearly coincides with the one before it,
    /// and its bounds.
    private static func polygonAndBounds(
        around kept: UnsafeBufferPointer<CentrelineVertex>, start: End, end: End, concurrent: Bool, tolerance: Double,
        scratch: inout OutlineScratch
    ) -> (polygon: [Point2D], bounds: Rect2D?) {
        guard let first = kept.first else { return ([], nil) }
        guard kept.count > 1 else {
            let radius = kept.map { $0.radius }.max() ?? first.radius
            var disc = [first.position + Point2D(radius, 0)]
            Arc.append(around: first.position, from: disc[0], sweep: 2 * .pi, tolerance: tolerance / 2, to: &disc)
            disc.removeLast()
            return (disc, Rect2D(enclosing: disc))
        }
        let joins = OutlineJoins(kept, concurrent: concurrent, arcTolerance: tolerance / 2, reusing: &scratch)
        // Room for the kept points: about one per vertex a side, and a cap's arc.
        let capacity = kept.count * 2 + 32
        guard concurrent else {
            var builder = OutlineSimplifier(capacity: capacity, tolerance: tolerance, reusing: &scratch)
            appendForward(joins, start: start, end: end, into: &builder)
            appendBackward(joins, start: start, into: &builder)
            let polygon = builder.finish()
            joins.recycle(into: &scratch)
            return (polygon, Rect2D(enclosing: polygon))
        }
        // The run forward ends on a point that stays (the end cap's last): thinning the run back
        // from that point on its own gives the same points as thinning the whole loop at once.
        // Each run is built and thinned on its own core; the run back starts from the end cap's
        // last point, computed here the same way the run forward computes it.
        var cap = OutlineSimplifier(capacity: 8, tolerance: tolerance)
        cap.fixed(joins.offset(kept.count - 1, segment: kept.count - 2, side: 1))
        appendEnd(joins, end: end, into: &cap)
        let turnPoint = cap.lastPoint
        var halves = ConcurrentMap.results(count: 2) { half in
            // The run forward's list becomes the polygon: it has room for the run back too.
            var run = OutlineSimplifier(capacity: half == 0 ? capacity : capacity / 2, tolerance: tolerance)
            if half == 0 {
                appendForward(joins, start: start, end: end, into: &run)
            } else {
                run.fixed(turnPoint)
                appendBackward(joins, start: start, into: &run)
            }
            let thinned = run.thinned()
            return (points: thinned, bounds: Rect2D(enclosing: thinned))
        }
        // Moved out of the results, so that appending to it copies nothing already in it.
        var polygon: [Point2D] = []
        swap(&polygon, &halves[0].points)
        // Exactly the room both runs need: growing by doubling could hold twice the polygon.
        if polygon.capacity < polygon.count + halves[1].points.count { polygon.reserveCapacity(polygon.count + halves[1].points.count) }
        polygon.append(contentsOf: halves[1].points.dropFirst())
        OutlineSimplifier.close(&polygon)
        // The run back starts on the run forward's last point, and the closing repeat dropped is
        // the first: the two runs' bounds are the polygon's.
        var bounds = halves[0].bounds
        bounds.formUnion(halves[1].bounds)
        return (polygon, bounds)
    }

    /// Vertices of a whole stroke past which its outline's tolerance grows (`piece(around:opacity:tolerance:)`):
    /// a million, where handwriting has at most a few thousand.
    static let budgetVertices = 1 << 20

    /// Vertices from which a polygon is built on two processor cores (each side on its own).
    static let concurrentVertices = 16_384

    /// True when a polygon around `count` vertices is built on two cores: it is long enough, and
    /// the process has two.
    private static func isWorthTwoCores(_ count: Int) -> Bool {
        count >= concurrentVertices && ProcessorCores.active > 1
    }

    /// The start (a cut's join sector), the left side forward and the end (cap or cut).
    private static func appendForward(_ joins: OutlineJoins, start: End, end: End, into builder: inout OutlineSimplifier) {
        let kept = joins.kept
        let last = kept.count - 1
        // Start: the cut (with the join sector owed to the previous piece) or nothing yet; the
        // start cap closes the loop at the very end.
        if case .cut(let joining?) = start, kept[0].radius > 0 {
            let p = kept[0].position, r = kept[0].radius
            let turn = Arc.signedAngle(from: joining, to: joins.directions[0])
            if turn < 0 {
                builder.fixed(p)
                builder.fixed(p + normal(joining) * r)
                appendOuterJoin(around: p, radius: r, from: joining, to: joins.directions[0], sweep: turn, side: 1, into: &builder)
            }
        }
        builder.fixed(joins.offset(0, segment: 0, side: 1))
        for index in 1..<last { joins.appendSide(at: index, side: 1, into: &builder) }
        builder.fixed(joins.offset(last, segment: last - 1, side: 1))
        appendEnd(joins, end: end, into: &builder)
    }

    /// The end (cap or cut), after the left side's last offset point.
    private static func appendEnd(_ joins: OutlineJoins, end: End, into builder: inout OutlineSimplifier) {
        let kept = joins.kept
        let last = kept.count - 1
        switch end {
        case .round:
            let from = joins.offset(last, segment: last - 1, side: 1)
            builder.arc(around: kept[last].position, from: from, sweep: -.pi)
        case .cut:
            builder.fixed(kept[last].position)
            builder.fixed(joins.offset(last, segment: last - 1, side: -1))
        }
    }

    /// The right side back and the start (cap or cut).
    private static func appendBackward(_ joins: OutlineJoins, start: End, into builder: inout OutlineSimplifier) {
        let kept = joins.kept
        var index = kept.count - 2
        while index >= 1 {
            joins.appendSide(at: index, side: -1, into: &builder)
            index -= 1
        }
        builder.fixed(joins.offset(0, segment: 0, side: -1))
        switch start {
        case .round:
            builder.arc(around: kept[0].position, from: joins.offset(0, segment: 0, side: -1), sweep: -.pi, dropLast: true)
        case .cut(let joining):
            let p = kept[0].position, r = kept[0].radius
            if let joining, r > 0 {
                let turn = Arc.signedAngle(from: joining, to: joins.directions[0])
                if turn > 0 {
                    appendOuterJoin(around: p, radius: r, from: joining, to: joins.directions[0], sweep: -turn, side: -1, into: &builder, reversed: true)
                }
            }
            builder.fixed(p)
        }
    }

    /// Appends the outer join on `side` (1 left, −1 right) turning from `incoming` to `outgoing`
    /// (unit directions) around `centre`: one mitre point where that is within the arc tolerance of
    /// the round join, else the arc sweeping `sweep` radians; the start offset is already in place
    /// and the end offset is added. `reversed` walks it from `outgoing` back to `incoming` (the
    /// right side runs back).
    static func appendOuterJoin(
        around centre: Point2D, radius: Double, from incoming: Point2D, to outgoing: Point2D, sweep: Double, side: Double,
        into builder: inout OutlineSimplifier, reversed: Bool = false
    ) {
        let dot = incoming.dot(outgoing)
        let (a, b) = reversed ? (outgoing, incoming) : (incoming, outgoing)
        let start = centre + normal(a) * (side * radius), end = centre + normal(b) * (side * radius)
        if isGentle(radius: radius, dot: dot, tolerance: builder.arcTolerance) {
            builder.fixed(mitre(around: centre, radius: radius, from: a, to: b, side: side))
        } else {
            builder.arc(around: centre, from: start, sweep: sweep)
        }
        builder.fixed(end)
    }

    /// True when a turn whose directions have dot product `dot` is gentle enough at `radius` for
    /// one mitre point per side: the mitre then strays from the round join by at most the arc
    /// tolerance (r(1/cos(θ/2) − 1) ≈ r(1 − cos θ)/4).
    @inline(__always)
    static func isGentle(radius: Double, dot: Double, tolerance: Double = Arc.tolerance) -> Bool {
        radius * (1 - dot) / 4 <= tolerance && dot > 0
    }

    /// The point where the offsets at `radius` on `side` (1 left, −1 right) of the two directions
    /// `a` and `b` (unit vectors, not opposite) meet around `centre`.
    @inline(__always)
    static func mitre(around centre: Point2D, radius: Double, from a: Point2D, to b: Point2D, side: Double) -> Point2D {
        centre + (normal(a) + normal(b)) * (side * radius / (1 + a.dot(b)))
    }

    /// The left normal of a unit direction (rotated a quarter turn from +x towards +y).
    @inline(__always)
    static func normal(_ direction: Point2D) -> Point2D { Point2D(-direction.y, direction.x) }

    /// True when `a` and `b` are less than `minimumSegment` apart. The length is at least the larger
    /// coordinate difference, so only points that close need it computed.
    @inline(__always)
    static func nearlyCoincide(_ a: Point2D, _ b: Point2D) -> Bool {
        let delta = b - a
        guard Swift.max(abs(delta.x), abs(delta.y)) < minimumSegment else { return false }
        return delta.length < minimumSegment
    }

    /// The vertices without those that nearly coincide with the one kept before them (the widest
    /// radius of a cluster is kept).
    static func distinct(_ vertices: ArraySlice<CentrelineVertex>) -> ArraySlice<CentrelineVertex> {
        // Most strokes have no such vertex: then there is nothing to copy.
        let hasRepeats = zip(vertices, vertices.dropFirst()).contains { nearlyCoincide($0.position, $1.position) }
        guard hasRepeats else { return vertices }
        var kept: [CentrelineVertex] = []
        kept.reserveCapacity(vertices.count)
        for vertex in vertices {
            if let last = kept.last, nearlyCoincide(last.position, vertex.position) {
                kept[kept.count - 1].width = Swift.max(last.width, vertex.width)
                continue
            }
            kept.append(vertex)
        }
        return kept[...]
    }
}
