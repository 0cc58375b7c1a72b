/// `constant`: the same width everywhere.
public struct ConstantBrush: Brush {
    public var name: String { "constant" }
    public var lookahead: Int { 0 }
    /// A tap is as wide as the line.
    public var dotWidth: Double { width }

    /// The width in points, 0.01…1000. Default 3.
    public let width: Double

    /// A constant brush; throws `ParameterError` for a width outside 0.01…1000.
    public init(width: Double = 3) throws(ParameterError) {
        try ParameterError.check("width", width, in: 0.01...1000)
        self.width = width
    }

    /// The brush at its default width.
    public static var standard: ConstantBrush { ParameterError.builtIn { () throws(ParameterError) in try ConstantBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        InkProperties(width: width)
    }
}
