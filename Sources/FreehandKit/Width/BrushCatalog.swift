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

    /// These options with each one `given` sets in its place (nil in `given` keeps this one).
    public func overridden(by given: BrushOptions) -> BrushOptions {
        BrushOptions(
            width: given.width ?? width, minimumWidth: given.minimumWidth ?? minimumWidth, maximumWidth: given.maximumWidth ?? maximumWidth,
            sensitivity: given.sensitivity ?? sensitivity, response: given.response ?? response, smoothing: given.smoothing ?? smoothing)
    }
}

/// The brushes by their stable names, for files and the command line.
public enum BrushCatalog {
    /// Every brush name.
    public static let names = ["constant", "pressure", "velocity", "tilt-shading", "contact-radius", "fountain-pen", "highlighter"]

    /// The brush of the default look (`InkStyle.default`): a stroke, a file stroke or a session
    /// that names none draws with it.
    public static let defaultName = "pressure"

    /// A field of `BrushOptions`.
    public enum Option: String, CaseIterable, Sendable {
        case width, minimumWidth, maximumWidth, sensitivity, response, smoothing
    }

    /// The options the brush called `name` reads (it ignores the others); nil for an unknown name.
    public static func options(readBy name: String) -> [Option]? {
        switch name {
        case "constant": return [.width]
        case "pressure", "tilt-shading": return [.width, .minimumWidth, .sensitivity, .response]
        case "velocity": return [.minimumWidth, .maximumWidth, .smoothing]
        case "contact-radius": return [.width, .minimumWidth]
        case "fountain-pen": return [.width, .minimumWidth]
        case "highlighter": return [.width]
        default: return nil
        }
    }

    /// The brush called `name` with `options` applied; throws `ParameterError` for an unknown name
    /// or an option outside its range.
    public static func brush(named name: String, options: BrushOptions = BrushOptions()) throws(ParameterError) -> AnyBrush {
        switch name {
        case "constant":
            return try ConstantBrush(width: options.width ?? ConstantBrush.standard.width).erased
        case "pressure":
            return try pressure(options).erased
        case "velocity":
            let standard = VelocityBrush.standard
            return try VelocityBrush(
                maximumWidth: options.maximumWidth ?? standard.maximumWidth, minimumWidth: options.minimumWidth ?? standard.minimumWidth,
                smoothing: options.smoothing ?? standard.smoothing
            ).erased
        case "tilt-shading":
            return try TiltShadingBrush(upright: pressure(options)).erased
        case "contact-radius":
            let standard = ContactRadiusBrush.standard
            return try ContactRadiusBrush(minimumWidth: options.minimumWidth ?? standard.minimumWidth, baseWidth: options.width ?? standard.baseWidth).erased
        case "fountain-pen":
            let standard = FountainPenBrush.standard
            return try FountainPenBrush(width: options.width ?? standard.width, minimumWidth: options.minimumWidth ?? standard.minimumWidth).erased
        case "highlighter":
            return try HighlighterBrush(width: options.width ?? HighlighterBrush.standard.width).erased
        default:
            throw .unknownName(name, known: names)
        }
    }

    private static func pressure(_ options: BrushOptions) throws(ParameterError) -> PressureBrush {
        // Each brush's own defaults fill what the options leave out: one home per default.
        let standard = PressureBrush.standard
        return try PressureBrush(
            sensitivity: options.sensitivity ?? standard.sensitivity, minimumWidth: options.minimumWidth ?? standard.minimumWidth,
            baseWidth: options.width ?? standard.baseWidth, response: options.response ?? standard.response)
    }
}
