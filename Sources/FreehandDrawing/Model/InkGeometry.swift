import FreehandKit

/// Distances between points and a stroke's ink (its centreline swept by its width).
package enum InkGeometry {
    /// How far `point` is from the ink: its distance to the centreline less the half width there
    /// (0 or less inside the ink).
    package static func distance(from point: Point2D, toInkOf vertices: [CentrelineVertex]) -> Double {
        guard let first = vertices.first else { return .infinity }
        var best = point.distance(to: first.position) - first.radius
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let t = point.closestParameter(onSegment: a.position, b.position)
            let radius = a.radius + (b.radius - a.radius) * t
            best = Swift.min(best, (a.position + (b.position - a.position) * t).distance(to: point) - radius)
        }
        return best
    }
}
