/// Everything that decides how a stroke's ink looks, apart from its colour: the brush, the taper,
/// and how finely the centreline is flattened.
public struct InkStyle: Sendable {
    /// Width and opacity from the samples.
    public var brush: any Brush
    /// Narrowing at the start and the end.
    public var taper: Taper
    /// How finely curves become segments before tessellation. Default 0.1 point.
    public var flattening: Flattening
    /// Smoothing of width and opacity along the stroke, after the brush: each point keeps this share
    /// of the point before it (new = s·previous + (1 − s)·brush), 0 (none) … 0.95. Default 0.3:
    /// force readings jitter from sample to sample, ink should not. (The velocity brush's own
    /// `VelocityBrush.smoothing` acts before it, on the width its speed maps to; the command line
    /// calls this one `--width-smoothing`.)
    public let widthSmoothing: Double

    /// A style with the given parts (a 3-point constant brush, no taper, 0.1-point flattening and
    /// 0.3 width smoothing by default); throws `ParameterError` for a `widthSmoothing` outside 0…0.95.
    public init(
        brush: any Brush = ConstantBrush.standard, taper: Taper = .none, flattening: Flattening = .standard, widthSmoothing: Double = 0.3
    ) throws(ParameterError) {
        try ParameterError.check("widthSmoothing", widthSmoothing, in: 0...0.95)
        self.brush = brush
        self.taper = taper
        self.flattening = flattening
        self.widthSmoothing = widthSmoothing
    }

    /// The default style: a 3-point constant brush, no taper.
    public static var standard: InkStyle { ParameterError.builtIn { () throws(ParameterError) in try InkStyle() } }

    /// `brushProperties`, bounded (`InkProperties.bounded`), after smoothing against the previous
    /// point's (smoothed) properties.
    @inline(__always)
    func smoothed(_ brushProperties: InkProperties, previous: InkProperties?) -> InkProperties {
        let bounded = brushProperties.bounded
        guard let previous, widthSmoothing > 0 else { return bounded }
        return previous.interpolated(to: bounded, at: 1 - widthSmoothing)
    }
}
