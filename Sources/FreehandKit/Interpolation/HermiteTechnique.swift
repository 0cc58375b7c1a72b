/// `hermite`: a cubic Hermite spline through every sample with tangents mᵢ = (Pᵢ₊₁ − Pᵢ₋₁)/2 inside
/// and one-sided at the ends (m₀ = P₁ − P₀, mₙ = Pₙ − Pₙ₋₁); each span is the cubic Bézier with
/// controls Pᵢ + mᵢ/3 and Pᵢ₊₁ − mᵢ₊₁/3. (The reflected phantom points give exactly those end
/// tangents.) Lookahead 1: a span is final once the sample after its end has arrived.
public struct HermiteTechnique: InterpolationTechnique {
    public var name: String { "hermite" }
    public var lookahead: Int { 1 }

    /// The cubic Hermite technique.
    public init() {}

    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.commit(points, cursor: &cursor, into: &path, span: Self.span)
    }

    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.finish(points, cursor: cursor, into: &path, span: Self.span)
    }

    @inline(__always)
    static func span(_ p0: Point2D, _ p1: Point2D, _ p2: Point2D, _ p3: Point2D) -> PathElement {
        let tangent1 = (p2 - p0) / 2, tangent2 = (p3 - p1) / 2
        return .cubic(control1: p1 + tangent1 / 3, control2: p2 - tangent2 / 3, to: p2)
    }
}
