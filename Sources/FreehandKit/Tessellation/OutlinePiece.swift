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
        self.polygon = polygon
        self.opacity = opacity
        self.bounds = Rect(enclosing: polygon)
    }

    /// The piece moved by `offset`.
    public func offset(by offset: Point) -> OutlinePiece {
        OutlinePiece(polygon: polygon.map { $0 + offset }, opacity: opacity)
    }

    /// The opacity along `vertices`: each vertex weighted by the length of the centreline around it
    /// (a single vertex counts alone).
    static func meanOpacity(of vertices: ArraySlice<CentrelineVertex>) -> Double {
        guard let first = vertices.first else { return 1 }
        guard vertices.count > 1 else { return first.opacity }
        var total = 0.0, weight = 0.0
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let length = b.distance - a.distance
            total += (a.opacity + b.opacity) / 2 * length
            weight += length
        }
        return weight > 0 ? total / weight : first.opacity
    }
}
