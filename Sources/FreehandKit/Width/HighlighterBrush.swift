/// `highlighter`: a broad, flat, translucent marker. One width and one opacity everywhere, so a
/// stroke is one even wash: it does not darken where it crosses itself (a stroke is filled once,
/// non-zero), and the ink under it shows through.
public struct HighlighterBrush: Brush {
    public var name: String { "highlighter" }
    public var lookahead: Int { 0 }
    /// A tap is as wide as the marker.
    public var dotWidth: Double { width }
    /// A marker multiplies with the ink under it: it tints, never hides.
    public var layering: InkLayering { .multiply }

    /// The width in points, 0.01…1000. Default 14.
    public let width: Double
    /// The opacity of the wash, 0.05…1. Default 0.35.
    public let opacity: Double

    /// A highlighter; throws `ParameterError` for a value outside its range.
    public init(width: Double = 14, opacity: Double = 0.35) throws(ParameterError) {
        try ParameterError.check("width", width, in: 0.01...1000)
        try ParameterError.check("opacity", opacity, in: 0.05...1)
        self.width = width
        self.opacity = opacity
    }

    /// The brush at its defaults.
    public static var standard: HighlighterBrush { ParameterError.builtIn { () throws(ParameterError) in try HighlighterBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        InkProperties(width: width, opacity: opacity)
    }
}
