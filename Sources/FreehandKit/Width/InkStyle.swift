/// Everything that decides how a stroke's ink looks, apart from its colour: the brush, the taper,
/// and how finely the centreline is flattened.
public struct InkStyle: Sendable {
    /// Width and opacity from the samples.
    public var brush: AnyBrush
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
    /// The stabilizer the pen's locations go through before smoothing, or nil (the default) for
    /// none: see `Stabilizer` for its modes and the lag each strength adds.
    public var stabilizer: Stabilizer?

    /// A style with the given parts (the default pressure brush, no taper, 0.1-point flattening,
    /// 0.3 width smoothing and no stabilizer by default: `InkStyle()` is `InkStyle.default`);
    /// throws `ParameterError` for a `widthSmoothing` outside 0…0.95.
    public init(
        brush: AnyBrush = PressureBrush.standard.erased, taper: Taper = .none, flattening: Flattening = .standard, widthSmoothing: Double = 0.3,
        stabilizer: Stabilizer? = nil
    ) throws(ParameterError) {
        try ParameterError.check("widthSmoothing", widthSmoothing, in: 0...0.95)
        self.brush = brush
        self.taper = taper
        self.flattening = flattening
        self.widthSmoothing = widthSmoothing
        self.stabilizer = stabilizer
    }

    /// How far the outline may stray from the true stroke, points: the flattening's tolerance
    /// (`Flattening.tolerance`), else `Outline.simplificationTolerance` (0.1). The centreline is
    /// flattened, joins and caps are rounded and straight runs thinned within it.
    public var outlineTolerance: Double {
        if case .tolerance(let tolerance) = flattening, tolerance.isFinite, tolerance > 0 { return tolerance }
        return Outline.simplificationTolerance
    }

    /// This style with its tolerance fitted to output at `pixelsPerPoint`: 0.04 device pixel for
    /// each of the centreline's flattening and the outline's rounding and thinning (their errors add,
    /// and grow on the outside of a bend), so the ink's edge stays within a quarter pixel of the true
    /// stroke — a zoomed canvas or `render --scale 8` shows no facets; never coarser than its own.
    /// At 1 pixel a point or fewer the style is kept as it is (the default 0.1 pt is what a 1×
    /// render has always drawn).
    public func fitted(toPixelsPerPoint pixelsPerPoint: Double) -> InkStyle {
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 1 else { return self }
        let fitted = Swift.min(outlineTolerance, 0.04 / pixelsPerPoint)
        guard fitted < outlineTolerance else { return self }
        var copy = self
        copy.flattening = .tolerance(fitted)
        return copy
    }

    /// The default look, the one every entry point draws with when given none — `InkStroke()`,
    /// `InkCanvas`, a file stroke that names no brush (`BrushCatalog.defaultName`), the playground:
    /// the pressure brush (`PressureBrush.standard`: 0.5…4 points with force, 2 points without),
    /// no taper.
    public static var `default`: InkStyle { ParameterError.builtIn { () throws(ParameterError) in try InkStyle() } }

    /// The default look.
    @available(*, deprecated, renamed: "default")
    public static var standard: InkStyle { .default }

    /// `brushProperties`, bounded (`InkProperties.bounded`), after smoothing against the previous
    /// point's (smoothed) properties.
    @inline(__always)
    func smoothed(_ brushProperties: InkProperties, previous: InkProperties?) -> InkProperties {
        let bounded = brushProperties.bounded
        guard let previous, widthSmoothing > 0 else { return bounded }
        var smoothed = previous.interpolated(to: bounded, at: 1 - widthSmoothing)
        smoothed.carried = bounded.carried
        return smoothed
    }
}
