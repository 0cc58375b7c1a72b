import FreehandKit

/// Distances between points and a stroke's ink (its centreline swept by its width).
enum InkGeometry {
    /// How far `point` is from the ink: its distance to the centreline less the half width there
    /// (0 or less inside the ink).
    static func distance(from point: Point, toInkOf vertices: [CentrelineVertex]) -> Double {
        guard let first = vertices.first else { return .infinity }
        var best = point.distance(to: first.position) - first.radius
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let t = closestParameter(on: a.position, b.position, to: point)
            let radius = a.radius + (b.radius - a.radius) * t
            best = Swift.min(best, (a.position + (b.position - a.position) * t).distance(to: point) - radius)
        }
        return best
    }

    /// The parameter t (0…1) of the point of the segment a→b nearest `point` (0 for a point-like
    /// segment).
    @inline(__always)
    static func closestParameter(on a: Point, _ b: Point, to point: Point) -> Double {
        let ab = b - a
        let lengthSquared = ab.lengthSquared
        return lengthSquared > 0 ? Swift.min(1, Swift.max(0, (point - a).dot(ab) / lengthSquared)) : 0
    }

    /// The distance from `point` to the segment a→b.
    static func distance(from point: Point, toSegment a: Point, _ b: Point) -> Double {
        (a + (b - a) * closestParameter(on: a, b, to: point)).distance(to: point)
    }
}
