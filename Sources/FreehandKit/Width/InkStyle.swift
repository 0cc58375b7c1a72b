/// Everything that decides how a stroke's ink looks, apart from its colour: the brush, the taper,
/// and how finely the centreline is flattened.
public struct InkStyle: Sendable {
    /// Width and opacity from the samples.
    public var brush: any Brush
    /// Narrowing at the start and the end.
    public var taper: Taper
    /// How finely curves become segments before tessellation. Default 0.1 point.
    public var flattening: Flattening

    /// A style with the given parts (a 3-point constant brush, no taper, 0.1-point flattening by default).
    public init(brush: any Brush = try! ConstantBrush(), taper: Taper = .none, flattening: Flattening = .standard) {
        self.brush = brush
        self.taper = taper
        self.flattening = flattening
    }
}
