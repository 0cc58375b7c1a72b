/// `pressure`: width = response(force) × sensitivity, never below a minimum.
///
/// A force of exactly 0 is the pen lifting off, not ink (a pen on the surface always presses):
/// such a reading keeps the width of the reading before it — a repeat merged into the point, else
/// the previous point — so a pen-up reading never shrinks a stroke or a tap. Without force (a
/// finger or a mouse), the base width is used. Over a stroke's first `settlingPoints` points the
/// force is at most that of the two points after it: a pen's first reading often spikes (0.18,
/// then 0.10 on an Apple Pencil) and would draw a bulb at the start.
public struct PressureBrush: Brush {
    public var name: String { "pressure" }
    public var lookahead: Int { 2 }

    /// The points at the start of a stroke whose force settles to the points after them.
    public static let settlingPoints = 3
    /// A tap is as wide as the pen pressed fully (force 1): a tap is quick and its readings light
    /// (0.1–0.3 on a Wacom pen whose writing presses 0.8–0.9), and a dot on an "i" should not be
    /// narrower than the writing around it, whoever holds the pen.
    public var dotWidth: Double { Swift.max(minimumWidth, response.apply(1) * sensitivity) }

    /// Points of width per unit of normalized force, 0.01…1000. Default 4 (the Apple Pencil tutorial's).
    public let sensitivity: Double
    /// The smallest width in points, 0…1000. Default 0.5.
    public let minimumWidth: Double
    /// The width in points when the device reports no force, 0.01…1000. Default 2.
    public let baseWidth: Double
    /// How force maps to width before scaling. Default linear.
    public let response: ResponseCurve

    /// A pressure brush; throws `ParameterError` for a value outside its range.
    public init(sensitivity: Double = 4, minimumWidth: Double = 0.5, baseWidth: Double = 2, response: ResponseCurve = .linear) throws(ParameterError) {
        try ParameterError.check("sensitivity", sensitivity, in: 0.01...1000)
        try ParameterError.check("minimumWidth", minimumWidth, in: 0...1000)
        try ParameterError.check("baseWidth", baseWidth, in: 0.01...1000)
        if case .gamma(let exponent) = response { try ParameterError.check("gamma", exponent, in: 0.05...20) }
        self.sensitivity = sensitivity
        self.minimumWidth = minimumWidth
        self.baseWidth = baseWidth
        self.response = response
    }

    /// The brush at its defaults.
    public static var standard: PressureBrush { ParameterError.builtIn { () throws(ParameterError) in try PressureBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        guard var force = Self.force(at: index, of: input) else { return InkProperties(width: baseWidth) }
        if index < Self.settlingPoints {
            for later in (index + 1)..<Swift.min(index + 3, input.count) {
                if let next = Self.force(at: later, of: input), next > 0 { force = Swift.min(force, next) }
            }
        }
        if force == 0, let previous { return InkProperties(width: previous.width) }
        return InkProperties(width: width(force: force))
    }

    /// The force at point `index`: its sample's, or for a zero reading the latest positive one of
    /// the repeats merged into the point (a tap's pen-up reading lands on the tap).
    static func force(at index: Int, of input: BrushInput) -> Double? {
        let sampleIndex = input.pointSampleIndices[index]
        guard let force = input.samples[sampleIndex].force else { return nil }
        guard force == 0 else { return force }
        let first = index > 0 ? input.pointSampleIndices[index - 1] + 1 : 0
        for earlier in stride(from: sampleIndex - 1, through: first, by: -1) {
            if let reading = input.samples[earlier].force, reading > 0 { return reading }
        }
        return 0
    }

    /// The width for a force (normalized; forces above 1 saturate), or the base width for none.
    func width(force: Double?) -> Double {
        guard let force else { return baseWidth }
        return Swift.max(minimumWidth, response.apply(force) * sensitivity)
    }
}
