/// The 1€ filter (Casiez, Roussel and Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for
/// Noisy Input in Interactive Systems", CHI 2012) on 2D positions.
///
/// A first-order low-pass filter whose cutoff rises with speed: slow, careful movement is smoothed
/// hard (jitter removed), fast movement barely at all (little lag). It is driven by the samples'
/// real timestamps, not by their count; it is causal, so it never needs future samples.
///
/// The filter is a value: copy it to try input (predicted samples) without touching the original.
public struct OneEuroFilter: Hashable, Sendable {
    /// The cutoff frequency at rest, in hertz, 0.1…1000. Lower removes more jitter at low speed.
    public let minimumCutoff: Double
    /// How fast the cutoff rises with speed, in hertz per (point per second), 0…1000. Higher lags
    /// less in fast movement.
    public let speedCoefficient: Double
    /// The cutoff used to smooth the speed estimate itself, in hertz, 0.1…1000. Default 5.
    public let derivativeCutoff: Double
    /// The interval assumed between samples without timestamps, or with a zero or negative interval,
    /// in seconds, 10⁻⁶…1. Default `Sample.untimedInterval`.
    public let fallbackInterval: Double

    /// The derivative cutoff when none is given, hertz: the one home of this default (the default
    /// technique uses it too).
    public static let standardDerivativeCutoff = 5.0

    /// The shortest interval taken between timed samples, seconds (1 µs: no device samples faster).
    /// A shorter one — a subnormal step in a hostile file — would make speeds overflow.
    public static let minimumInterval = 1e-6

    private var last: Point2D?
    private var lastVelocity = Point2D.zero
    private var lastTime: Double?

    /// A filter with the given parameters; throws `ParameterError` for a value outside its range
    /// (see each property for units and ranges).
    public init(
        minimumCutoff: Double, speedCoefficient: Double, derivativeCutoff: Double = OneEuroFilter.standardDerivativeCutoff,
        fallbackInterval: Double = Sample.untimedInterval
    ) throws(ParameterError) {
        try ParameterError.check("minimumCutoff", minimumCutoff, in: 0.1...1000)
        try ParameterError.check("speedCoefficient", speedCoefficient, in: 0...1000)
        try ParameterError.check("derivativeCutoff", derivativeCutoff, in: 0.1...1000)
        try ParameterError.check("fallbackInterval", fallbackInterval, in: 1e-6...1)
        self.init(validated: minimumCutoff, speedCoefficient, derivativeCutoff, fallbackInterval)
    }

    /// A filter from parameters already checked against the same ranges (by the technique that
    /// holds them).
    init(validated minimumCutoff: Double, _ speedCoefficient: Double, _ derivativeCutoff: Double, _ fallbackInterval: Double = Sample.untimedInterval) {
        self.minimumCutoff = minimumCutoff
        self.speedCoefficient = speedCoefficient
        self.derivativeCutoff = derivativeCutoff
        self.fallbackInterval = fallbackInterval
    }

    /// Feeds the next position (points) at `time` (seconds, nil when unknown) and returns the
    /// filtered position. The first position passes through unchanged.
    public mutating func filter(_ position: Point2D, at time: Double?) -> Point2D {
        defer { lastTime = time ?? lastTime.map { $0 + fallbackInterval } }
        guard let previous = last else {
            last = position
            return position
        }
        var interval = fallbackInterval
        if let time, let lastTime, time - lastTime > 0 { interval = Swift.max(time - lastTime, Self.minimumInterval) }
        let velocity = (position - previous) / interval
        let smoothedVelocity = Self.blend(lastVelocity, velocity, alpha: Self.alpha(cutoff: derivativeCutoff, interval: interval))
        let cutoff = minimumCutoff + speedCoefficient * smoothedVelocity.length
        let filtered = Self.blend(previous, position, alpha: Self.alpha(cutoff: cutoff, interval: interval))
        last = filtered
        lastVelocity = smoothedVelocity
        return filtered
    }

    /// The smoothing factor of a first-order low-pass filter with the given cutoff (Hz) sampled at the
    /// given interval (s): α = 1 / (1 + τ/Δt), τ = 1 / (2π·cutoff).
    static func alpha(cutoff: Double, interval: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / interval)
    }

    private static func blend(_ old: Point2D, _ new: Point2D, alpha: Double) -> Point2D {
        old + (new - old) * alpha
    }
}
