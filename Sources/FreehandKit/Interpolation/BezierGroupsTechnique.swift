/// `bezier-groups`: cubic Béziers through every third sample — P₀→P₃ with P₁, P₂ as controls, then
/// P₃→P₆ with P₄, P₅, and so on. Joins share end points but not tangents (the classic baseline).
///
/// At the end, leftovers are not dropped: one leftover sample is a line to it, two are a quadratic
/// with the first as its control point. Lookahead 2: up to two samples wait for their group.
public struct BezierGroupsTechnique: InterpolationTechnique {
    public var name: String { "bezier-groups" }
    public var lookahead: Int { 2 }

    /// The grouped-cubic technique.
    public init() {}

    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        let base = points.startIndex
        // cursor.next is the first control point of the next group.
        while cursor.next + 2 < points.count {
            let i = base + cursor.next
            path.append(.cubic(control1: points[i], control2: points[i + 1], to: points[i + 2]), progress: Double(cursor.next + 2))
            cursor.next += 3
        }
    }

    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        var cursor = cursor
        commit(points, cursor: &cursor, into: &path)
        appendLeftovers(points, cursor: cursor, into: &path)
    }
}
