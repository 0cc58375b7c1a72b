/// `freehand`, the default: speed-adaptive denoising (the 1€ filter, on the samples' real
/// timestamps) followed by a locally C2 cubic spline through the filtered samples.
///
/// The filter's defaults were tuned for fidelity on real recordings, where every setting that smooths
/// visibly also lags visibly: its cutoff rises by 30 Hz per point/second, so it only settles slow
/// sub-point drift and is transparent in motion. Lower `speedCoefficient` for noisy input. The spline
/// passes through every filtered sample with continuous curvature across a window of ±2 samples and
/// knots spaced by distance^0.15: on real handwriting thinned to 60 Hz it stays closer to the held-back
/// samples than every classic technique (centripetal Catmull–Rom included) while turning more
/// smoothly. The defaults come from `freehand tune` on the shared recordings; see
/// `docs/default-technique.md`.
///
/// Latency is bounded: a span is final four samples after its end sample arrives (three for the
/// spline's window, one because the newest sample may still be merged with a repeat that changes
/// its timestamp). The provisional tail always reaches the newest sample.
public struct FreehandTechnique: InterpolationTechnique {
    public var name: String { "freehand" }
    public var lookahead: Int { LocalC2Tangents.radius + 2 }

    /// The filter's cutoff at rest in hertz, 0.1…1000. Default 1.
    public let minimumCutoff: Double
    /// How fast the cutoff rises with speed, in hertz per (point/second), 0…1000. Default 30.
    public let speedCoefficient: Double
    /// The cutoff smoothing the speed estimate, in hertz, 0.1…1000. Default 5.
    public let derivativeCutoff: Double
    /// The spline's knot exponent, 0…1: knot intervals are |Pᵢ₊₁ − Pᵢ|^alpha. Default 0.15.
    public let alpha: Double

    private let spline: LocalC2Tangents

    /// The default technique with the given parameters; throws `ParameterError` for a value outside
    /// its range (see each property).
    public init(
        minimumCutoff: Double = 1, speedCoefficient: Double = 30, derivativeCutoff: Double = OneEuroFilter.standardDerivativeCutoff,
        alpha: Double = 0.15
    ) throws(ParameterError) {
        try ParameterError.check("minimumCutoff", minimumCutoff, in: 0.1...1000)
        try ParameterError.check("speedCoefficient", speedCoefficient, in: 0...1000)
        try ParameterError.check("derivativeCutoff", derivativeCutoff, in: 0.1...1000)
        self.minimumCutoff = minimumCutoff
        self.speedCoefficient = speedCoefficient
        self.derivativeCutoff = derivativeCutoff
        try ParameterError.check("alpha", alpha, in: 0...1)
        self.alpha = alpha
        self.spline = LocalC2Tangents(alpha: alpha)
    }

    /// The technique with every parameter at its default.
    public static var standard: FreehandTechnique {
        ParameterError.builtIn { () throws(ParameterError) in try FreehandTechnique() }
    }

    public var inputFilter: OneEuroFilter? {
        // The same ranges as the filter's own, checked when this technique was made.
        OneEuroFilter(validated: minimumCutoff, speedCoefficient, derivativeCutoff)
    }

    public func commit(_ points: ArraySlice<Point>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        // The newest filtered sample is not settled: a repeat of its position may still replace its
        // timestamp, and with it the filter's output.
        var carried: Point?
        commitSpans(points.dropLast(), cursor: &cursor, into: &path, carrying: &carried)
    }

    public func finish(_ points: ArraySlice<Point>, cursor: SpanCursor, into path: inout SpanOutput) {
        var cursor = cursor
        var carried: Point?
        let intervals = commitSpans(points, cursor: &cursor, into: &path, carrying: &carried)
        while cursor.next < points.count {
            appendSpan(endingAt: cursor.next, in: points, intervals: intervals, into: &path, carrying: &carried)
            cursor.next += 1
        }
    }

    /// Emits the spans whose tangents are final: span k (Pₖ₋₁ → Pₖ) once Pₖ₊₃ is known. Returns the
    /// knot intervals it computed (from the first span it could emit on).
    @discardableResult
    private func commitSpans(
        _ points: ArraySlice<Point>, cursor: inout SpanCursor, into path: inout SpanOutput, carrying carried: inout Point?
    ) -> KnotIntervals {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        // Span k reads the intervals of segments k − 4 … k + 2.
        let intervals = spline.intervals(of: points, from: cursor.next - LocalC2Tangents.radius - 2)
        while cursor.next + LocalC2Tangents.radius + 1 < points.count {
            appendSpan(endingAt: cursor.next, in: points, intervals: intervals, into: &path, carrying: &carried)
            cursor.next += 1
        }
        return intervals
    }

    /// Appends span k; `carried` holds the tangent at its start when the previous span (over the same
    /// points) computed it, and leaves the tangent at its end for the next span.
    private func appendSpan(
        endingAt k: Int, in points: ArraySlice<Point>, intervals: KnotIntervals, into path: inout SpanOutput, carrying carried: inout Point?
    ) {
        let startTangent = carried ?? spline.tangent(at: k - 1, in: points, intervals: intervals)
        let endTangent = spline.tangent(at: k, in: points, intervals: intervals)
        let span = spline.span(endingAt: k, in: points, startTangent: startTangent, endTangent: endTangent, interval: intervals[k - 1])
        path.append(span, progress: Double(k))
        carried = endTangent
    }
}
