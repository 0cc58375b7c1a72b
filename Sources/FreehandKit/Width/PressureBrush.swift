/// `pressure`: width = response(force) × sensitivity, never below a minimum.
///
/// A force of exactly 0 on a pen is a real value (the minimum width). Without force (a finger or a
/// mouse), the base width is used.
public struct PressureBrush: Brush {
    public var name: String { "pressure" }
    public var lookahead: Int { 0 }

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
        InkProperties(width: width(force: input.sample(at: index).force))
    }

    /// The width for a force (normalized; forces above 1 saturate), or the base width for none.
    func width(force: Double?) -> Double {
        guard let force else { return baseWidth }
        return Swift.max(minimumWidth, response.apply(force) * sensitivity)
    }
}
