import FreehandKit

/// Distances between points and a stroke's ink (its centreline swept by its width).
enum InkGeometry {
    /// How far `point` is from the ink: its distance to the centreline less the half width there
    /// (0 or less inside the ink).
    static func distance(from point: Point, toInkOf vertices: [CentrelineVertex]) -> Double {
        guard let first = vertices.first else { return .infinity }
        var best = point.distance(to: first.position) - first.radius
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let ab = b.position - a.position
            let lengthSquared = ab.lengthSquared
            let t = lengthSquared > 0 ? Swift.min(1, Swift.max(0, (point - a.position).dot(ab) / lengthSquared)) : 0
            let radius = a.radius + (b.radius - a.radius) * t
            best = Swift.min(best, (a.position + ab * t).distance(to: point) - radius)
        }
        return best
    }
}
