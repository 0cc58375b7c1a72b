/// `freehand`, the default: a cubic spline through every sample that is C2 (continuous curvature)
/// within a window of ±1 sample, with knots spaced by distance^0.15 (nearly uniform: long and short
/// steps of the pen pull alike) times, where the samples carry timestamps, (duration / 1/60 s)^(3/8),
/// so that a sample that came late after a slow stretch bends the curve as the pen did. Untimed
/// samples (or a segment whose duration is unknown or under a microsecond) use the distance alone.
///
/// The tangent at Pᵢ solves the spline's continuity equations over Pᵢ₋₁…Pᵢ₊₁, with the window's ends
/// taken from the parabolas through their neighbours, so it reads Pᵢ₋₂…Pᵢ₊₂: a span is final two
/// samples after its end sample arrives. Each span's Bézier arms are at most ¾ of its chord, and the
/// tangent at a stroke's first and last sample leans a quarter of the way toward the end chord, so a
/// sharp turn or an end hook does not fling the curve past the pen's path. On real handwriting
/// thinned to 30 and 60 Hz it stays closer to the held-back samples than every classic technique
/// (`hermite` and `timed-hermite` included), turns more smoothly and overshoots less than
/// centripetal Catmull–Rom, and commits 1.9 samples behind the pen; see `docs/default-technique.md`
/// for the measurements and what else was tried.
///
/// Before the spline, dense input is denoised (`TimeWindowDenoiser`, ±24 ms): a local quadratic
/// fit in time averages away the rounding and jitter of a 120–240 Hz pen or a browser that rounds
/// positions, while samples 17 ms or more apart (60 Hz and slower) pass through unchanged. On the
/// dense protocol of docs/evaluation.md it lands 0.84× (rounded) and 0.70× (jittered) as far from
/// the clean curve as straight lines through the samples, with the truth's own wiggle; it adds
/// under 25 ms to the committed lag (none at 30 Hz). A stroke still starts and ends at the pen's
/// own first and last samples. `denoising: nil` gives the spline alone.
///
/// An input `filter` (the 1€ filter) may be set instead; by default there is none — on clean
/// recordings every setting measured was either transparent or lost fidelity. With one, the newest
/// filtered sample is unsettled (a repeat of its position re-filters it), so spans wait one sample
/// more, and there is no denoiser.
public struct FreehandTechnique: InterpolationTechnique {
    public var name: String { "freehand" }
    /// Two samples for the spline, one more with an input filter, and with the denoiser up to
    /// `TimeWindowDenoiser.maximumNeighbours` more (in time: its window, 24 ms by default).
    public var lookahead: Int {
        LocalC2Tangents.radius + 1 + (filter == nil ? 0 : 1) + (denoiser == nil ? 0 : TimeWindowDenoiser.maximumNeighbours)
    }

    /// The spline's knot exponent, 0…1: knot intervals are |Pᵢ₊₁ − Pᵢ|^alpha. Default 0.15.
    public let alpha: Double
    /// The input conditioning before the spline, or nil (the default) for none.
    public let filter: OneEuroFilter?
    /// The time-windowed denoiser before the spline (±24 ms by default), or nil for none.
    public let denoising: TimeWindowDenoiser?

    private let spline: LocalC2Tangents

    /// The default technique with knot exponent `alpha`, an optional input `filter` and the
    /// `denoising` of dense input (nil: none, the samples interpolated as they come); throws
    /// `ParameterError` for an alpha outside 0…1.
    public init(alpha: Double = 0.15, filter: OneEuroFilter? = nil, denoising: TimeWindowDenoiser? = .standard) throws(ParameterError) {
        try ParameterError.check("alpha", alpha, in: 0...1)
        self.alpha = alpha
        self.filter = filter
        self.denoising = denoising.flatMap { $0.window > 0 ? $0 : nil }
        self.spline = LocalC2Tangents(alpha: alpha)
    }

    /// The technique with every parameter at its default.
    public static var standard: FreehandTechnique {
        ParameterError.builtIn { () throws(ParameterError) in try FreehandTechnique() }
    }

    public var inputFilter: OneEuroFilter? { filter }

    /// The denoiser, unless an input filter is set: the two are alternatives, and the filter (a
    /// causal one-sample stage) is kept as it was.
    public var denoiser: TimeWindowDenoiser? { filter == nil ? denoising : nil }

    /// Without times: knots from the distances alone.
    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        commit(points, times: [], cursor: &cursor, into: &path)
    }

    /// Without times: knots from the distances alone.
    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        finish(points, times: [], cursor: cursor, into: &path)
    }

    /// `times` parallel to `points` (seconds, NaN where unknown); times of another count (empty,
    /// say) are not read: the knots then come from the distances alone.
    public func commit(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        let times = times.count == points.count ? times : []
        // With a filter the newest filtered sample is not settled: a repeat of its position may
        // still replace its timestamp, and with it the filter's output.
        // The intervals and the tangent it leaves are of settled samples only: kept for the next call.
        let settled = filter == nil ? points : points.dropLast()
        let settledTimes = filter == nil ? times : times.dropLast()
        var carried = cursor.carriedTangent
        commitSpans(settled, times: settledTimes, cursor: &cursor, into: &path, carrying: &carried)
        cursor.carriedTangent = carried
    }

    /// `times` parallel to `points` (seconds, NaN where unknown); times of another count (empty,
    /// say) are not read: the knots then come from the distances alone.
    public func finish(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        let times = times.count == points.count ? times : []
        // A copy: what it computes past the settled samples (predicted ones too) is not kept.
        var cursor = cursor
        var carried = cursor.carriedTangent
        let intervals = commitSpans(points, times: times, cursor: &cursor, into: &path, carrying: &carried)
        while cursor.next < points.count {
            appendSpan(endingAt: cursor.next, in: points, intervals: intervals, into: &path, carrying: &carried)
            cursor.next += 1
        }
    }

    /// Emits the spans whose tangents are final: span k (Pₖ₋₁ → Pₖ) once Pₖ₊₂ is known. Returns the
    /// knot intervals it computed (from the first span it could emit on).
    @discardableResult
    private func commitSpans(
        _ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput, carrying carried: inout Point2D?
    ) -> KnotIntervals {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        // Span k reads the intervals of segments k − 3 … k + 1.
        spline.extend(&cursor.knots, of: points, times: times, from: cursor.next - LocalC2Tangents.radius - 2)
        guard let intervals = cursor.knots else { return KnotIntervals(first: 0, values: []) }
        while cursor.next + LocalC2Tangents.radius + 1 < points.count {
            appendSpan(endingAt: cursor.next, in: points, intervals: intervals, into: &path, carrying: &carried)
            cursor.next += 1
        }
        return intervals
    }

    /// Appends span k; `carried` holds the tangent at its start when the previous span (over the same
    /// points) computed it, and leaves the tangent at its end for the next span.
    private func appendSpan(
        endingAt k: Int, in points: ArraySlice<Point2D>, intervals: KnotIntervals, into path: inout SpanOutput, carrying carried: inout Point2D?
    ) {
        let startTangent = carried ?? spline.tangent(at: k - 1, in: points, intervals: intervals)
        let endTangent = spline.tangent(at: k, in: points, intervals: intervals)
        let span = spline.span(endingAt: k, in: points, startTangent: startTangent, endTangent: endTangent, interval: intervals[k - 1])
        path.append(span, progress: Double(k))
        carried = endTangent
    }
}
