/// Extrapolates where the pen will be a few milliseconds ahead, for platforms that give no
/// predicted samples. The prediction only ever shapes provisional ink: pass it as `predicted:`.
///
/// The model fits position against time over the newest samples (a least-squares line or parabola,
/// weighting recent samples more) and extrapolates over a bounded horizon, with the acceleration
/// term damped, since hands rarely keep accelerating. Samples without timestamps give no prediction.
/// `freehand evaluate` measures its error against the real future samples per horizon.
public struct StrokePredictor: Hashable, Sendable {
    /// How the motion is modelled.
    public enum Model: String, Hashable, Sendable, CaseIterable {
        /// Constant velocity.
        case linear
        /// Constant acceleration, damped.
        case quadratic
    }

    /// The model. Default `.quadratic` (measured best on the shared recordings; see the README).
    public let model: Model
    /// How far ahead to predict, seconds, 0.001…0.1. Default 0.024.
    public let horizon: Double
    /// How much recent history the fit uses, seconds, 0.005…0.5. Default 0.04. The fit always
    /// reaches back at least `minimumSamples` samples, whatever the rate.
    public let window: Double
    /// The fewest past samples the fit uses (when there are that many), 2…16. Default 4.
    public let minimumSamples: Int
    /// The spacing of the predicted samples, seconds, 0.001…0.05. Default 0.008.
    public let step: Double
    /// The share of the fitted acceleration kept (quadratic model), 0…1. Default 0.5.
    public let accelerationDamping: Double

    /// A predictor; throws `ParameterError` for a value outside its range.
    public init(
        model: Model = .quadratic, horizon: Double = 0.024, window: Double = 0.04, minimumSamples: Int = 4, step: Double = 0.008,
        accelerationDamping: Double = 0.5
    ) throws(ParameterError) {
        try ParameterError.check("minimumSamples", Double(minimumSamples), in: 2...16)
        try ParameterError.check("horizon", horizon, in: 0.001...0.1)
        try ParameterError.check("window", window, in: 0.005...0.5)
        try ParameterError.check("step", step, in: 0.001...0.05)
        try ParameterError.check("accelerationDamping", accelerationDamping, in: 0...1)
        self.model = model
        self.horizon = horizon
        self.window = window
        self.minimumSamples = minimumSamples
        self.step = step
        self.accelerationDamping = accelerationDamping
    }

    /// The default predictor.
    public static var standard: StrokePredictor { ParameterError.builtIn { () throws(ParameterError) in try StrokePredictor() } }

    /// Predicted samples after the last of `samples`, `step` apart up to `horizon`; empty when there
    /// are fewer than three timed samples in the window.
    public func predict(after samples: ArraySlice<Sample>) -> [Sample] {
        guard let last = samples.last, let now = last.timestamp, let motion = fit(samples, now: now) else { return [] }
        var result: [Sample] = []
        var ahead = step
        while ahead <= horizon + 1e-9 {
            var sample = last
            sample.location = position(motion, at: ahead, from: last.location)
            sample.timestamp = now + ahead
            sample.isCoalesced = false
            sample.estimationUpdateIndex = nil
            result.append(sample)
            ahead += step
        }
        return result
    }

    /// The predicted location `ahead` seconds after the last of `samples`, or nil without a fit.
    public func location(after samples: ArraySlice<Sample>, ahead: Double) -> Point2D? {
        guard let last = samples.last, let now = last.timestamp, let motion = fit(samples, now: now) else { return nil }
        return position(motion, at: ahead, from: last.location)
    }

    private func position(_ motion: (velocity: Point2D, acceleration: Point2D), at ahead: Double, from start: Point2D) -> Point2D {
        start + motion.velocity * ahead + motion.acceleration * (0.5 * accelerationDamping * ahead * ahead)
    }

    /// Velocity and acceleration at `now` from a weighted least-squares fit of the window's samples,
    /// anchored at the newest sample (so the prediction starts exactly there).
    private func fit(_ samples: ArraySlice<Sample>, now: Double) -> (velocity: Point2D, acceleration: Point2D)? {
        guard let anchor = samples.last?.location else { return nil }
        // Normal equations for p(t) − anchor = v·t + ½a·t² with t ≤ 0 measured from now.
        var s11 = 0.0, s12 = 0.0, s22 = 0.0
        var b1 = Point2D.zero, b2 = Point2D.zero
        var count = 0
        // The span the fit covers: the window, stretched to hold the minimum number of samples.
        var span = window
        let history = samples.dropLast()
        if history.count >= minimumSamples, let time = history[history.endIndex - minimumSamples].timestamp {
            span = Swift.max(window, now - time)
        }
        for sample in history.reversed() {
            guard let time = sample.timestamp else { break }
            let t = time - now
            if -t > span { break }
            guard t < 0 else { continue }
            let weight = 1 + 0.5 * t / span  // 1 at now, ½ at the span's edge
            let d = sample.location - anchor
            let q = 0.5 * t * t
            s11 += weight * t * t
            s12 += weight * t * q
            s22 += weight * q * q
            b1 += weight * t * d
            b2 += weight * q * d
            count += 1
        }
        guard count >= 2, s11 > 0 else { return nil }
        switch model {
        case .linear:
            return (b1 / s11, .zero)
        case .quadratic:
            let determinant = s11 * s22 - s12 * s12
            guard count >= 3, abs(determinant) > 1e-18 * s11 * s22 else { return (b1 / s11, .zero) }
            let velocity = (b1 * s22 - b2 * s12) / determinant
            let acceleration = (b2 * s11 - b1 * s12) / determinant
            return (velocity, acceleration)
        }
    }
}
