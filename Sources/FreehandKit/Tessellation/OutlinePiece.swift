/// A closed polygon of ink (non-zero fill) and the opacity to fill it with.
public struct OutlinePiece: Hashable, Sendable {
    /// The polygon's corners in order, in points; the last connects back to the first.
    public let polygon: [Point]
    /// The fill opacity, 0…1: the mean of its vertices' opacities, weighted by length.
    public var opacity: Double
    /// The polygon's bounds, or nil when it is empty (computed once, when the piece is made).
    public let bounds: Rect?

    /// A piece with the given polygon and opacity.
    public init(polygon: [Point], opacity: Double) {
        self.init(polygon: polygon, opacity: opacity, bounds: Rect(enclosing: polygon))
    }

    /// A piece whose polygon's bounds are already known (`bounds` must be `Rect(enclosing: polygon)`).
    init(polygon: [Point], opacity: Double, bounds: Rect?) {
        self.polygon = polygon
        self.opacity = opacity
        self.bounds = bounds
    }

    /// The piece moved by `offset`.
    public func offset(by offset: Point) -> OutlinePiece {
        OutlinePiece(polygon: polygon.map { $0 + offset }, opacity: opacity)
    }

    /// The opacity along `vertices`: each vertex weighted by the length of the centreline around it
    /// (a single vertex counts alone).
    static func meanOpacity(of vertices: ArraySlice<CentrelineVertex>) -> Double {
        var average = OpacityAverage()
        for vertex in vertices { average.add(vertex) }
        return average.value
    }
}
