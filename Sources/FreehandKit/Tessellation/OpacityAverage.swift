/// The opacity along a centreline, each vertex weighted by the length of the centreline around it,
/// gathered one vertex at a time: the same sums in the same order whether the vertices come at
/// once or one by one as a stroke grows (a long stroke's mean is then ready when it ends).
struct OpacityAverage: Sendable {
    /// The first vertex's opacity, or nil before any.
    private var first: Double?
    /// The last vertex added: its opacity and distance along the centreline (points).
    private var last = (opacity: 0.0, distance: 0.0)
    private var total = 0.0
    private var weight = 0.0

    /// Adds the next vertex along the centreline.
    @inline(__always)
    mutating func add(_ vertex: CentrelineVertex) {
        if first == nil {
            first = vertex.opacity
        } else {
            let length = vertex.distance - last.distance
            total += (last.opacity + vertex.opacity) / 2 * length
            weight += length
        }
        last = (vertex.opacity, vertex.distance)
    }

    /// The mean opacity, 0…1: 1 with no vertex, a single vertex's own, and the first vertex's where
    /// the centreline has no length.
    var value: Double {
        guard let first else { return 1 }
        return weight > 0 ? total / weight : first
    }
}
