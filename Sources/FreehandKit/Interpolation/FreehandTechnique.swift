/// `freehand`, the default: speed-adaptive denoising (the 1€ filter, on the samples' real
/// timestamps) followed by a centripetal Catmull–Rom spline through the filtered samples.
///
/// The filter removes the jitter of slow, careful movement while lagging little in fast strokes;
/// the centripetal spline then passes through every filtered sample without cusps or loops. Latency
/// is bounded: a span is final two samples after its end sample arrives (one for the spline, one
/// because the newest sample may still be merged with a repeat that changes its timestamp).
/// See `docs/default-technique.md` for how the defaults were tuned on real handwriting.
public struct FreehandTechnique: InterpolationTechnique {
    public var name: String { "freehand" }
    public var lookahead: Int { 2 }

    /// The filter's cutoff at rest in hertz, 0.1…1000. Default 8.
    public let minimumCutoff: Double
    /// How fast the cutoff rises with speed, in hertz per (point/second), 0…10. Default 0.05.
    public let speedCoefficient: Double
    /// The cutoff smoothing the speed estimate, in hertz, 0.1…1000. Default 1.
    public let derivativeCutoff: Double
    /// The spline's knot exponent, 0…1. Default 0.5 (centripetal).
    public let alpha: Double

    private let spline: CatmullRomTechnique

    /// The default technique with the given parameters; throws `ParameterError` for a value outside
    /// its range (see each property).
    public init(
        minimumCutoff: Double = 8, speedCoefficient: Double = 0.05, derivativeCutoff: Double = 1,
        alpha: Double = 0.5
    ) throws(ParameterError) {
        try ParameterError.check("minimumCutoff", minimumCutoff, in: 0.1...1000)
        try ParameterError.check("speedCoefficient", speedCoefficient, in: 0...10)
        try ParameterError.check("derivativeCutoff", derivativeCutoff, in: 0.1...1000)
        self.minimumCutoff = minimumCutoff
        self.speedCoefficient = speedCoefficient
        self.derivativeCutoff = derivativeCutoff
        self.alpha = alpha
        self.spline = try CatmullRomTechnique(alpha: alpha)
    }

    /// The technique with every parameter at its default.
    public static var standard: FreehandTechnique {
        // The defaults are inside their ranges by construction.
        try! FreehandTechnique()
    }

    public var inputFilter: OneEuroFilter? {
        OneEuroFilter(minimumCutoff: minimumCutoff, speedCoefficient: speedCoefficient, derivativeCutoff: derivativeCutoff)
    }

    public func commit(_ points: ArraySlice<Point>, cursor: inout SpanCursor, into path: inout [PathElement]) {
        // The newest filtered sample is not settled: a repeat of its position may still replace its
        // timestamp, and with it the filter's output.
        spline.commit(points.dropLast(), cursor: &cursor, into: &path)
    }

    public func finish(_ points: ArraySlice<Point>, cursor: SpanCursor, into path: inout [PathElement]) {
        spline.finish(points, cursor: cursor, into: &path)
    }
}
