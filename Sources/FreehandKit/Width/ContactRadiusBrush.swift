/// `contact-radius` (finger eraser): the width follows the touch's contact size, half its major
/// radius (as the Apple Pencil tutorial's eraser does), never below a minimum. Without a radius the
/// base width is used.
public struct ContactRadiusBrush: Brush {
    public var name: String { "contact-radius" }
    public var lookahead: Int { 0 }
    /// A tap is at least as wide as a contact without a radius.
    public var dotWidth: Double { baseWidth }

    /// Width per point of major radius, 0.01…100. Default 0.5.
    public let scale: Double
    /// The smallest width in points, 0.01…1000. Default 1.
    public let minimumWidth: Double
    /// The width in points when the device reports no radius, 0.01…1000. Default 20.
    public let baseWidth: Double

    /// A contact-radius brush; throws `ParameterError` for a value outside its range.
    public init(scale: Double = 0.5, minimumWidth: Double = 1, baseWidth: Double = 20) throws(ParameterError) {
        try ParameterError.check("scale", scale, in: 0.01...100)
        try ParameterError.check("minimumWidth", minimumWidth, in: 0.01...1000)
        try ParameterError.check("baseWidth", baseWidth, in: 0.01...1000)
        self.scale = scale
        self.minimumWidth = minimumWidth
        self.baseWidth = baseWidth
    }

    /// The brush at its defaults.
    public static var standard: ContactRadiusBrush { ParameterError.builtIn { () throws(ParameterError) in try ContactRadiusBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        guard let radius = input.sample(at: index).majorRadius else { return InkProperties(width: baseWidth) }
        return InkProperties(width: Swift.max(minimumWidth, radius * scale))
    }
}
