/// `catmull-rom`: a Catmull–Rom spline through every sample, each span emitted as an exact cubic
/// Bézier.
///
/// `alpha` sets the knot spacing tᵢ₊₁ = tᵢ + |Pᵢ₊₁ − Pᵢ|^alpha: 0 is the uniform spline, 0.5 the
/// centripetal one (the default: it never forms a cusp or a self-intersection inside a span,
/// Yuksel, Schaefer and Keyser, "Parameterization and applications of Catmull–Rom curves", 2011),
/// 1 the chordal one. The ends use phantom points reflected through the end samples.
/// Lookahead 1: a span is final once the sample after its end has arrived.
public struct CatmullRomTechnique: InterpolationTechnique {
    public var name: String { "catmull-rom" }
    public var lookahead: Int { 1 }

    /// The knot exponent, 0…1 (0 uniform, 0.5 centripetal, 1 chordal).
    public let alpha: Double

    /// The centripetal spline (alpha 0.5).
    public static let centripetal = CatmullRomTechnique(checkedAlpha: 0.5)
    /// The uniform spline (alpha 0).
    public static let uniform = CatmullRomTechnique(checkedAlpha: 0)
    /// The chordal spline (alpha 1).
    public static let chordal = CatmullRomTechnique(checkedAlpha: 1)

    /// A Catmull–Rom spline with knot exponent `alpha` in 0…1; throws `ParameterError` outside it.
    public init(alpha: Double = 0.5) throws(ParameterError) {
        try ParameterError.check("alpha", alpha, in: 0...1)
        self.alpha = alpha
    }

    private init(checkedAlpha: Double) { alpha = checkedAlpha }

    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.commit(points, cursor: &cursor, into: &path, span: span)
    }

    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.finish(points, cursor: cursor, into: &path, span: span)
    }

    /// The span from `p1` to `p2` as a cubic Bézier. The control points follow from the
    /// Barry–Goldman pyramid evaluated as a Hermite form with non-uniform knot intervals
    /// d₁ = |p1 − p0|^α, d₂ = |p2 − p1|^α, d₃ = |p3 − p2|^α.
    @inline(__always)
    func span(_ p0: Point2D, _ p1: Point2D, _ p2: Point2D, _ p3: Point2D) -> PathElement {
        let d1 = knotInterval(p1 - p0), d2 = knotInterval(p2 - p1), d3 = knotInterval(p3 - p2)
        let c1 = (d1 * d1 * p2 - d2 * d2 * p0 + (2 * d1 * d1 + 3 * d1 * d2 + d2 * d2) * p1) / (3 * d1 * (d1 + d2))
        let c2 = (d3 * d3 * p1 - d2 * d2 * p3 + (2 * d3 * d3 + 3 * d3 * d2 + d2 * d2) * p2) / (3 * d3 * (d3 + d2))
        return .cubic(control1: c1, control2: c2, to: p2)
    }

    @inline(__always)
    private func knotInterval(_ delta: Point2D) -> Double {
        KnotSpacing(alpha: alpha).interval(delta)
    }
}
