/// `tilt-shading` (pencil): a pen held low shades with its side, like a pencil.
///
/// Below `shadingAltitude` the width grows with how much the pen leans across the stroke:
/// width = maximumShadingWidth × across × lean + minimumShadingWidth, where `across` is the angle
/// between the azimuth and the direction of travel folded into 0…π/2 and normalized to 0…1, and
/// lean = 1 − (max(altitude, minimumAltitude) − minimumAltitude) / (shadingAltitude − minimumAltitude).
/// Opacity = force × maximumForce / opacityDivisor, clamped to 0…1 (the force in the device's own
/// units, as the Apple Pencil tutorial divides it). Held upright, it draws like `upright`.
public struct TiltShadingBrush: Brush {
    public var name: String { "tilt-shading" }
    public var lookahead: Int { 1 }
    /// A tap is at least as wide as the upright pen's.
    public var dotWidth: Double { upright.dotWidth }

    /// Below this altitude the pen shades, radians, 0.3…π/2. Default π/6.
    public let shadingAltitude: Double
    /// The altitude treated as fully flat, radians, 0…`shadingAltitude`. Default 0.25.
    public let minimumAltitude: Double
    /// Added shading width at full lean across the stroke, points, 0…1000. Default 60.
    public let maximumShadingWidth: Double
    /// The shading width with no lean, points, 0.01…1000. Default 5.
    public let minimumShadingWidth: Double
    /// The device's force for a normalized force of 1 (Apple Pencil: 4.1667), 0.01…100.
    public let maximumForce: Double
    /// Opacity is force (device units) divided by this, 0.01…100. Default 5.
    public let opacityDivisor: Double
    /// How the pen draws when upright. Default `PressureBrush()`.
    public let upright: PressureBrush

    /// A tilt-shading brush; throws `ParameterError` for a value outside its range.
    public init(
        shadingAltitude: Double = .pi / 6, minimumAltitude: Double = 0.25, maximumShadingWidth: Double = 60,
        minimumShadingWidth: Double = 5, maximumForce: Double = 4.1667, opacityDivisor: Double = 5,
        upright: PressureBrush? = nil
    ) throws(ParameterError) {
        try ParameterError.check("shadingAltitude", shadingAltitude, in: 0.3...(Double.pi / 2))
        try ParameterError.check("minimumAltitude", minimumAltitude, in: 0...shadingAltitude.nextDown)
        try ParameterError.check("maximumShadingWidth", maximumShadingWidth, in: 0...1000)
        try ParameterError.check("minimumShadingWidth", minimumShadingWidth, in: 0.01...1000)
        try ParameterError.check("maximumForce", maximumForce, in: 0.01...100)
        try ParameterError.check("opacityDivisor", opacityDivisor, in: 0.01...100)
        self.shadingAltitude = shadingAltitude
        self.minimumAltitude = minimumAltitude
        self.maximumShadingWidth = maximumShadingWidth
        self.minimumShadingWidth = minimumShadingWidth
        self.maximumForce = maximumForce
        self.opacityDivisor = opacityDivisor
        if let upright {
            self.upright = upright
        } else {
            self.upright = try PressureBrush()
        }
    }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        let sample = input.sample(at: index)
        guard let altitude = sample.altitude, altitude < shadingAltitude, let azimuth = sample.azimuth else {
            return upright.properties(at: index, of: input, previous: previous)
        }
        let direction = input.direction(at: index)
        let (sine, cosine) = PortableMath.sinCos(azimuth)
        let pen = Point2D(cosine, sine)
        // The angle between pen and travel, folded into 0…π/2: 0 along the stroke, 1 across it.
        let across = direction == .zero ? 0 : PortableMath.acos(Swift.min(1, abs(pen.dot(direction)))) / (.pi / 2)
        let lean = 1 - (Swift.max(altitude, minimumAltitude) - minimumAltitude) / (shadingAltitude - minimumAltitude)
        let width = maximumShadingWidth * across * lean + minimumShadingWidth
        let opacity = Swift.min(1, Swift.max(0, (sample.force ?? 1 / maximumForce) * maximumForce / opacityDivisor))
        return InkProperties(width: width, opacity: opacity)
    }
}
