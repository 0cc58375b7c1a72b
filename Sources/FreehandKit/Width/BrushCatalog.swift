/// Settings that override a brush's defaults; nil leaves the default. Each brush reads the options
/// that apply to it and ignores the rest.
public struct BrushOptions: Hashable, Sendable {
    /// `constant` width, `pressure`/`contact-radius` base width, points.
    public var width: Double?
    /// The smallest width (`pressure`, `velocity`, `contact-radius`), points.
    public var minimumWidth: Double?
    /// The largest width (`velocity`), points.
    public var maximumWidth: Double?
    /// Points of width per unit of force (`pressure`, and `tilt-shading` when upright).
    public var sensitivity: Double?
    /// The force response curve (`pressure`).
    public var response: ResponseCurve?
    /// The low-pass weight (`velocity`), 0…1.
    public var smoothing: Double?

    /// No overrides.
    public init(
        width: Double? = nil, minimumWidth: Double? = nil, maximumWidth: Double? = nil, sensitivity: Double? = nil,
        response: ResponseCurve? = nil, smoothing: Double? = nil
    ) {
        self.width = width
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
        self.sensitivity = sensitivity
        self.response = response
        self.smoothing = smoothing
    }
}

/// The brushes by their stable names, for files and the command line.
public enum BrushCatalog {
    /// Every brush name.
    public static let names = ["constant", "pressure", "velocity", "tilt-shading", "contact-radius"]

    /// The brush called `name` with `options` applied; throws `ParameterError` for an unknown name
    /// or an option outside its range.
    public static func brush(named name: String, options: BrushOptions = BrushOptions()) throws(ParameterError) -> any Brush {
        switch name {
        case "constant":
            return try ConstantBrush(width: options.width ?? 3)
        case "pressure":
            return try pressure(options)
        case "velocity":
            return try VelocityBrush(
                maximumWidth: options.maximumWidth ?? 2.5, minimumWidth: options.minimumWidth ?? 0.5,
                smoothing: options.smoothing ?? 0.5)
        case "tilt-shading":
            return try TiltShadingBrush(upright: pressure(options))
        case "contact-radius":
            return try ContactRadiusBrush(minimumWidth: options.minimumWidth ?? 1, baseWidth: options.width ?? 20)
        default:
            throw .unknownName(name, known: names)
        }
    }

    private static func pressure(_ options: BrushOptions) throws(ParameterError) -> PressureBrush {
        try PressureBrush(
            sensitivity: options.sensitivity ?? 4, minimumWidth: options.minimumWidth ?? 0.5,
            baseWidth: options.width ?? 2, response: options.response ?? .linear)
    }
}
