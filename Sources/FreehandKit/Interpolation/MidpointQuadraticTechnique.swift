/// `midpoint-quadratic`: quadratic Béziers with each sample as control point and the midpoints of
/// consecutive samples as end points: P₀, a line to mid(P₀, P₁), then for i ≥ 1 a quadratic with
/// control Pᵢ ending at mid(Pᵢ, Pᵢ₊₁), and at the end a line to Pₙ. Tangent-continuous, cheap, and
/// the most common technique in drawing apps. Lookahead 1: a sample's curve needs the next sample.
public struct MidpointQuadraticTechnique: InterpolationTechnique {
    public var name: String { "midpoint-quadratic" }
    public var lookahead: Int { 1 }

    /// The midpoint-quadratic technique.
    public init() {}

    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        let base = points.startIndex
        // cursor.next is the sample whose midpoint with its predecessor ends the next element.
        while cursor.next < points.count {
            let i = base + cursor.next
            let end = points[i - 1].midpoint(points[i])
            path.append(cursor.next == 1 ? .line(to: end) : .quad(control: points[i - 1], to: end), progress: Double(cursor.next) - 0.5)
            cursor.next += 1
        }
    }

    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        var cursor = cursor
        commit(points, cursor: &cursor, into: &path)
        if points.count > 1, let last = points.last { path.append(.line(to: last), progress: Double(points.count - 1)) }
    }
}
