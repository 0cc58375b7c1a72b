/// `fountain-pen`: a broad nib held at a fixed angle — wide where the pen moves across the nib's
/// edge, thin where it moves along it — pressed wider with force.
///
/// width = (minimumWidth + (width − minimumWidth) · |sin(direction − nibAngle)|) · (1 − forceShare
/// + forceShare · 2·force), force clamped to 0…1 (a sample without force presses at 0.5, so a finger
/// or a mouse draws the nib alone). The direction is the stroke's, from the point's neighbours
/// (`BrushInput.direction(at:)`, one point ahead).
public struct FountainPenBrush: Brush {
    public var name: String { "fountain-pen" }
    public var lookahead: Int { 1 }
    /// A tap is the nib's whole width pressed on the paper.
    public var dotWidth: Double { width }

    /// The width across the nib's edge, points, 0.01…1000. Default 4.
    public let width: Double
    /// The width along the nib's edge (the nib's thickness), points, 0.01…1000. Default 0.6.
    public let minimumWidth: Double
    /// The angle of the nib's edge against the x axis, radians, −π…π. Default π/4 (45°, as an
    /// italic nib is held; y down, so the edge runs from upper left to lower right).
    public let nibAngle: Double
    /// How much force changes the width, 0 (none) … 1 (from nothing at no force to twice at full
    /// force). Default 0.4.
    public let forceShare: Double
    /// The nib edge's sine and cosine (portable: the same bits on every platform).
    private let edge: (sin: Double, cos: Double)

    /// A fountain pen; throws `ParameterError` for a value outside its range.
    public init(width: Double = 4, minimumWidth: Double = 0.6, nibAngle: Double = .pi / 4, forceShare: Double = 0.4) throws(ParameterError) {
        try ParameterError.check("width", width, in: 0.01...1000)
        try ParameterError.check("minimumWidth", minimumWidth, in: 0.01...1000)
        try ParameterError.check("nibAngle", nibAngle, in: -Double.pi...Double.pi)
        try ParameterError.check("forceShare", forceShare, in: 0...1)
        self.width = width
        self.minimumWidth = minimumWidth
        self.nibAngle = nibAngle
        self.forceShare = forceShare
        edge = PortableMath.sinCos(nibAngle)
    }

    /// The brush at its defaults.
    public static var standard: FountainPenBrush { ParameterError.builtIn { () throws(ParameterError) in try FountainPenBrush() } }

    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        let direction = input.direction(at: index)
        // A lone point has no direction: the nib's middle width.
        let across = direction == .zero ? 0.5 : abs(direction.y * edge.cos - direction.x * edge.sin)
        let nib = minimumWidth + (width - minimumWidth) * across
        let force = input.sample(at: index).force.map { Swift.min(1, Swift.max(0, $0)) } ?? 0.5
        return InkProperties(width: nib * (1 - forceShare + forceShare * 2 * force))
    }
}
