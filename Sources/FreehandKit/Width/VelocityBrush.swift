/// `velocity` (signature style): faster is thinner.
///
/// Over a stroke's first `settlingPoints` points the speed is at least that of the segments after
/// it up to there (the first point takes the speed towards the second), so a stroke starts at its own
/// width, not at the widest. The default speeds (20…1,000 pt/s) are calibrated on real signatures
/// (SVC2004 signs at about 300 pt/s): the width varies by 0.15–0.45 of its mean along a signature.
///
/// Speed in points per second, from the timestamps, is clamped to `speedRange` and mapped linearly
/// onto [maximumWidth, minimumWidth]; the width then follows a low-pass filter,
/// width = smoothing·previous + (1 − smoothing)·target, so it never jumps between samples.
/// Samples without timestamps (or with a zero interval) are taken to be `fallbackInterval` apart,
/// so speed becomes distance per sample × the fallback rate.
public struct VelocityBrush: Brush {
    public var name: String { "velocity" }
    public var lookahead: Int { Self.settlingPoints }

    /// The points at the start of a stroke whose speed settles to the points after them: a pen
    /// starts from rest, and the slow first readings would draw a club at every start.
    public static let settlingPoints = 20
    /// Only the first `settlingPoints` points read ahead (to point `settlingPoints`): once it has
    /// arrived every known point is final; before, none is.
    public func finalPointCount(of count: Int) -> Int { count > Self.settlingPoints ? count : 0 }

    /// A tap is as wide as the slowest ink: a pen at rest.
    public var dotWidth: Double { maximumWidth }

    /// The width at or below the slowest speed, points, 0.01…1000. Default 2.5.
    public let maximumWidth: Double
    /// The width at or above the fastest speed, points, 0.01…1000. Default 0.5.
    public let minimumWidth: Double
    /// The speeds mapped onto the widths, points per second. Default 20…1000.
    public let speedRange: ClosedRange<Double>
    /// The low-pass weight of the previous width, 0…1 (0 follows instantly). Default 0.5. It shapes
    /// the width the speed maps to; the style's `InkStyle.widthSmoothing` follows it, as for every brush.
    public let smoothing: Double
    /// The interval assumed between untimed samples, seconds, 0.0001…1. Default `Sample.untimedInterval`.
    public let fallbackInterval: Double

    /// A velocity brush; throws `ParameterError` for a value outside its range.
    public init(
        maximumWidth: Double = 2.5, minimumWidth: Double = 0.5, speedRange: ClosedRange<Double> = 20...1000,
        smoothing: Double = 0.5, fallbackInterval: Double = Sample.untimedInterval
    ) throws(ParameterError) {
        try ParameterError.check("maximumWidth", maximumWidth, in: 0.01...1000)
        try ParameterError.check("minimumWidth", minimumWidth, in: 0.01...1000)
        try ParameterError.check("slowest speed", speedRange.lowerBound, in: 0...1e7)
        try ParameterError.check("fastest speed", speedRange.upperBound, in: speedRange.lowerBound.nextUp...1e7)
        try ParameterError.check("smoothing", smoothing, in: 0...1)
        try ParameterError.check("fallbackInterval", fallbackInterval, in: 0.0001...1)
        self.maximumWidth = maximumWidth
        self.minimumWidth = minimumWidth
        self.speedRange = speedRange
        self.smoothing = smoothing
        self.fallbackInterval = fallbackInterval
    }

    /// The brush at its defaults.
    public static var standard: VelocityBrush { ParameterError.builtIn { () throws(ParameterError) in try VelocityBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        // The first point takes the speed towards the second: a stroke starts at its own width,
        // not with a club at the widest.
        guard input.count > 1 else { return InkProperties(width: dotWidth) }
        var speed = index == 0
            ? self.speed(from: input.sample(at: 0), to: input.sample(at: 1))
            : self.speed(from: input.sample(at: index - 1), to: input.sample(at: index))
        if index < Self.settlingPoints {
            for later in Swift.max(1, index + 1)..<Swift.min(Self.settlingPoints + 1, input.count) {
                speed = Swift.max(speed, self.speed(from: input.sample(at: later - 1), to: input.sample(at: later)))
            }
        }
        let clamped = Swift.min(speedRange.upperBound, Swift.max(speedRange.lowerBound, speed))
        let fraction = (clamped - speedRange.lowerBound) / (speedRange.upperBound - speedRange.lowerBound)
        let target = maximumWidth + (minimumWidth - maximumWidth) * fraction
        guard index > 0, let previous else { return InkProperties(width: target) }
        return InkProperties(width: smoothing * previous.width + (1 - smoothing) * target)
    }

    /// Points per second between two samples.
    func speed(from a: Sample, to b: Sample) -> Double {
        var interval = fallbackInterval
        if let t0 = a.timestamp, let t1 = b.timestamp, t1 > t0 { interval = Swift.max(t1 - t0, OneEuroFilter.minimumInterval) }
        return a.location.distance(to: b.location) / interval
    }
}
