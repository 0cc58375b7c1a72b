/// `timed-hermite`: a cubic Hermite spline through every sample, parameterized by time. Each span
/// Pᵢ → Pᵢ₊₁ lasts hᵢ = tᵢ₊₁ − tᵢ seconds; the tangent at Pᵢ is the velocity there, the derivative of
/// the parabola through Pᵢ₋₁, Pᵢ, Pᵢ₊₁ at their times (a non-uniform central difference):
/// vᵢ = (hᵢ₋₁/hᵢ · (Pᵢ₊₁ − Pᵢ) + hᵢ/hᵢ₋₁ · (Pᵢ − Pᵢ₋₁)) / (hᵢ₋₁ + hᵢ), and the span is the cubic Bézier
/// with controls Pᵢ + vᵢ·hᵢ/3 and Pᵢ₊₁ − vᵢ₊₁·hᵢ/3. At the ends, phantom samples reflected through
/// the end in place and time give one-sided velocities.
///
/// On sparse input (a busy main thread, 30 Hz) time says how the pen moved between samples where
/// the index does not: a sample that came late after a slow stretch gets the tangent of its real
/// speed. Neighbouring intervals are taken at most `maximumIntervalRatio` apart (event timestamps
/// jitter; a 1 ms interval beside a 16 ms one would fling the tangent). Without usable times — a
/// missing timestamp, or an interval under a microsecond — a span falls back to the plain
/// `hermite` span. Lookahead 1.
public struct TimedHermiteTechnique: InterpolationTechnique {
    public var name: String { "timed-hermite" }
    public var lookahead: Int { 1 }

    /// How far apart, as a ratio, two neighbouring intervals are taken at most (4).
    public static let maximumIntervalRatio = 4.0
    /// The shortest interval read as time, seconds (1 µs); shorter ones fall back to the index.
    public static let minimumInterval = 1e-6

    /// The timed Hermite technique.
    public init() {}

    /// Without times, the plain `hermite` spans.
    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.commit(points, cursor: &cursor, into: &path, span: HermiteTechnique.span)
    }

    /// Without times, the plain `hermite` spans.
    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.finish(points, cursor: cursor, into: &path, span: HermiteTechnique.span)
    }

    public func commit(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.commit(points, times: times, cursor: &cursor, into: &path, span: Self.span)
    }

    public func finish(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        NeighbourSpans.finish(points, times: times, cursor: cursor, into: &path, span: Self.span)
    }

    /// The span from `p1` (at `t1`) to `p2` (at `t2`), shaped by `p0` and `p3` at their times.
    @inline(__always)
    static func span(_ p0: Point2D, _ p1: Point2D, _ p2: Point2D, _ p3: Point2D, _ t0: Double, _ t1: Double, _ t2: Double, _ t3: Double) -> PathElement {
        let h = t2 - t1
        // NaN compares false: a missing time fails these checks too.
        guard h >= minimumInterval, t1 - t0 >= minimumInterval, t3 - t2 >= minimumInterval, h.isFinite else {
            return HermiteTechnique.span(p0, p1, p2, p3)
        }
        let before = Swift.min(Swift.max(t1 - t0, h / maximumIntervalRatio), h * maximumIntervalRatio)
        let after = Swift.min(Swift.max(t3 - t2, h / maximumIntervalRatio), h * maximumIntervalRatio)
        // The velocities times h/3, written so that no quotient can overflow.
        let start = ((p2 - p1) * (before / h) + (p1 - p0) * (h / before)) * (h / (3 * (before + h)))
        let end = ((p3 - p2) * (h / after) + (p2 - p1) * (after / h)) * (h / (3 * (h + after)))
        return .cubic(control1: p1 + start, control2: p2 - end, to: p2)
    }
}
