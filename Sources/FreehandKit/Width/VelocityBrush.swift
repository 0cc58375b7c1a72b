/// `velocity` (signature style): faster is thinner, against the writer's own pace.
///
/// The width follows the pen's speed relative to its typical speed, the time-weighted mean of the
/// last `memory` seconds (an exponential moving average in time): a slow signer and a fast one both get thick
/// and thin, and the ink is scale-free — the same hand written larger or faster looks the same.
/// Speeds from `speedRatio` times slower than the typical speed down to rest draw `maximumWidth`,
/// speeds `speedRatio` times faster or more draw `minimumWidth`, and in between the width falls
/// geometrically (a power law of the speed): at the typical speed it is the geometric mean of the two.
/// Calibrated on real signatures (SVC2004, Apple Pencil and Wacom recordings): the width varies by
/// 0.15–0.45 of its mean along every one of them.
///
/// A pen starts from rest. Over a stroke's first `settlingPoints` points the speed is at least that
/// of the segments after it up to there, and the typical speed is their mean, so a stroke starts
/// at its own width, not with a club at the widest. The width then follows a low-pass filter,
/// width = smoothing·previous + (1 − smoothing)·target, so it never jumps between samples.
/// Samples without timestamps (or with a zero interval) are taken to be `fallbackInterval` apart.
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

    /// The width at rest and at `speedRatio` times slower than the typical speed or more, points,
    /// 0.01…1000. Default 2.5.
    public let maximumWidth: Double
    /// The width at `speedRatio` times the typical speed or faster, points, 0.01…1000. Default 0.5.
    public let minimumWidth: Double
    /// How many times slower or faster than the typical speed reaches the widest or the thinnest
    /// width, 1.01…1000. Default 2.9: a speed 2.9 times below the typical one draws `maximumWidth`,
    /// 2.9 times above it `minimumWidth`.
    public let speedRatio: Double
    /// How far back the typical speed looks: the time constant of its moving average, seconds,
    /// 0.01…100. Default 0.1: the pen's pace over its last stroke or two of a letter.
    public let memory: Double
    /// The low-pass weight of the previous width, 0…1 (0 follows instantly). Default 0.5. It shapes
    /// the width the speed maps to; the style's `InkStyle.widthSmoothing` follows it, as for every brush.
    public let smoothing: Double
    /// The interval assumed between untimed samples, seconds, 0.0001…1. Default `Sample.untimedInterval`.
    public let fallbackInterval: Double

    /// A velocity brush; throws `ParameterError` for a value outside its range.
    public init(
        maximumWidth: Double = 2.5, minimumWidth: Double = 0.5, speedRatio: Double = 2.9, memory: Double = 0.1,
        smoothing: Double = 0.5, fallbackInterval: Double = Sample.untimedInterval
    ) throws(ParameterError) {
        try ParameterError.check("maximumWidth", maximumWidth, in: 0.01...1000)
        try ParameterError.check("minimumWidth", minimumWidth, in: 0.01...1000)
        try ParameterError.check("speedRatio", speedRatio, in: 1.01...1000)
        try ParameterError.check("memory", memory, in: 0.01...100)
        try ParameterError.check("smoothing", smoothing, in: 0...1)
        try ParameterError.check("fallbackInterval", fallbackInterval, in: 0.0001...1)
        self.maximumWidth = maximumWidth
        self.minimumWidth = minimumWidth
        self.speedRatio = speedRatio
        self.memory = memory
        self.smoothing = smoothing
        self.fallbackInterval = fallbackInterval
    }

    /// The brush at its defaults.
    public static var standard: VelocityBrush { ParameterError.builtIn { () throws(ParameterError) in try VelocityBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        guard input.count > 1 else { return InkProperties(width: dotWidth) }
        // The first point takes the speed towards the second.
        let from = input.sample(at: Swift.max(1, index) - 1), to = input.sample(at: Swift.max(1, index))
        let interval = self.interval(from: from, to: to)
        var speed = from.location.distance(to: to.location) / interval
        let typical: Double
        if index > Self.settlingPoints, let previous, previous.carried > 0 {
            let weight = 1 - PortableMath.exp(-interval / memory)
            typical = previous.carried + weight * (speed - previous.carried)
        } else {
            // The start: the speed is at least that of the segments after it up to the settling
            // point, and the typical speed is the mean over them.
            let end = Swift.min(Self.settlingPoints, input.count - 1)
            var length = 0.0, time = 0.0
            for later in 1...end {
                let interval = self.interval(from: input.sample(at: later - 1), to: input.sample(at: later))
                let distance = input.sample(at: later - 1).location.distance(to: input.sample(at: later).location)
                if later > index { speed = Swift.max(speed, distance / interval) }
                length += distance
                time += interval
            }
            typical = length / time
        }
        // log(speed / typical) from −log(ratio) (widest) to +log(ratio) (thinnest), as 0…1.
        let relative = PortableMath.log(Swift.max(speed, Self.rest) / Swift.max(typical, Self.rest)).high
        let fraction = Swift.min(1, Swift.max(0, 0.5 + relative / (2 * PortableMath.log(speedRatio).high)))
        var properties = InkProperties(width: maximumWidth * PortableMath.pow(minimumWidth / maximumWidth, fraction))
        if index > 0, let previous { properties.width = smoothing * previous.width + (1 - smoothing) * properties.width }
        properties.carried = Swift.max(typical, Self.rest)
        return properties
    }

    /// A speed this low is rest, points per second: a pen that has not moved.
    static let rest = 1e-6

    /// Seconds between two samples: their timestamps' interval, else `fallbackInterval`.
    func interval(from a: Sample, to b: Sample) -> Double {
        if let t0 = a.timestamp, let t1 = b.timestamp, t1 > t0 { return Swift.max(t1 - t0, OneEuroFilter.minimumInterval) }
        return fallbackInterval
    }
}
