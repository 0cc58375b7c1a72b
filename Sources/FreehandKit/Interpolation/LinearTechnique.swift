/// `linear`: straight segments P₀→P₁→…→Pₙ. The baseline every smooth technique is measured against.
/// Lookahead 0: each segment is final as soon as its end sample arrives.
public struct LinearTechnique: InterpolationTechnique {
    public var name: String { "linear" }
    public var lookahead: Int { 0 }

    /// The straight-line technique.
    public init() {}

    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        let base = points.startIndex
        while cursor.next < points.count {
            path.append(.line(to: points[base + cursor.next]), progress: Double(cursor.next))
            cursor.next += 1
        }
    }

    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        var cursor = cursor
        commit(points, cursor: &cursor, into: &path)
    }
}
