/// `midpoint-cubic`: grouped cubic Béziers whose junctions are moved to the midpoint of the two
/// control points around them, which makes the joins tangent-continuous (the classic iOS
/// "smooth freehand drawing" technique).
///
/// The first cubic runs P₀→mid(P₂, P₄) with controls P₁, P₂; the next starts there with controls
/// P₄, P₅ and ends at mid(P₅, P₇); and so on, every three samples (P₃, P₆, … are replaced by the
/// junctions). At the end, the samples after the last junction reach the last sample: one is a
/// line, two a quadratic, three a cubic. Lookahead 3: up to three samples wait for their group.
public struct MidpointCubicTechnique: InterpolationTechnique {
    public var name: String { "midpoint-cubic" }
    public var lookahead: Int { 3 }

    /// The midpoint-cubic technique.
    public init() {}

    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        let base = points.startIndex
        // cursor.next is the first control point of the next cubic; it ends beyond the sample after
        // its second control point, so it needs the sample three after the first control.
        while cursor.next + 3 < points.count {
            let i = base + cursor.next
            let junction = points[i + 1].midpoint(points[i + 3])
            path.append(.cubic(control1: points[i], control2: points[i + 1], to: junction), progress: Double(cursor.next + 2))
            cursor.next += 3
        }
    }

    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        var cursor = cursor
        commit(points, cursor: &cursor, into: &path)
        appendLeftovers(points, cursor: cursor, into: &path)
    }
}
