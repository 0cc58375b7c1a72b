/// The fitted geometry of a recognised shape, in the stroke's own coordinates (points).
public enum ShapeGeometry: Hashable, Sendable {
    /// Corners joined by straight segments in drawing order: a line (two points), a polyline, or — when
    /// `closed` — a triangle, rectangle or square (the last side runs back to the first corner).
    case polygon(corners: [Point2D], closed: Bool)
    /// An ellipse (or circle: equal radii): its centre, its two semi-axes in points, and the angle of the
    /// first axis in radians (counter-clockwise from +x in a y-up frame; clockwise on a y-down screen).
    case ellipse(center: Point2D, radii: SIMD2<Double>, rotation: Double)
    /// An arc of a circle: its centre, radius (points), the angle where the pen started (radians) and the
    /// signed angle swept in drawing order (radians, −2π…2π).
    case arc(center: Point2D, radius: Double, startAngle: Double, sweep: Double)
    /// An arrow: the shaft from `tail` to `tip`, and the two barbs' free ends.
    case arrow(tail: Point2D, tip: Point2D, barbs: [Point2D])

    /// The clean shape as a path to draw, in drawing order: corners joined by straight runs, curves
    /// sampled so that no point of the polygon strays more than `tolerance` points from the true curve
    /// (at least 8 and at most 4,096 points per full turn). A closed shape ends where it starts. An
    /// arrow is drawn tail → tip → first barb, then back to the tip and out to the second barb. A
    /// geometry with a non-finite number draws nothing; an arc sweeps at most one turn.
    public func path(tolerance: Double = 0.05) -> [Point2D] {
        guard isFinite else { return [] }
        switch self {
        case let .polygon(corners, closed):
            guard closed, let first = corners.first else { return corners }
            return corners + [first]
        case let .ellipse(center, radii, rotation):
            let count = Self.stepsPerTurn(radius: Swift.max(radii.x, radii.y), tolerance: tolerance)
            let turn = PortableMath.sinCos(rotation)
            let axis = Point2D(turn.cos, turn.sin)
            let normal = Point2D(-axis.y, axis.x)
            return (0...count).map { step in
                let angle = 2 * Double.pi * Double(step % count) / Double(count)
                let (sin, cos) = PortableMath.sinCos(angle)
                return center + axis * (radii.x * cos) + normal * (radii.y * sin)
            }
        case let .arc(center, radius, startAngle, sweep):
            let perTurn = Self.stepsPerTurn(radius: radius, tolerance: tolerance)
            let sweep = Swift.max(-2 * Double.pi, Swift.min(2 * Double.pi, sweep))
            let turns = abs(sweep) / (2 * Double.pi)
            let count = Swift.max(2, Int((Double(perTurn) * turns).rounded(.up)))
            return (0...count).map { step in
                let angle = startAngle + sweep * Double(step) / Double(count)
                let (sin, cos) = PortableMath.sinCos(angle)
                return center + Point2D(cos, sin) * radius
            }
        case let .arrow(tail, tip, barbs):
            var points = [tail, tip]
            for (number, barb) in barbs.enumerated() {
                if number > 0 { points.append(tip) }
                points.append(barb)
            }
            return points
        }
    }

    /// True when every number of the geometry is finite.
    public var isFinite: Bool {
        switch self {
        case let .polygon(corners, _): corners.allSatisfy { $0.isFinite }
        case let .ellipse(center, radii, rotation): center.isFinite && radii.x.isFinite && radii.y.isFinite && rotation.isFinite
        case let .arc(center, radius, startAngle, sweep): center.isFinite && radius.isFinite && startAngle.isFinite && sweep.isFinite
        case let .arrow(tail, tip, barbs): tail.isFinite && tip.isFinite && barbs.allSatisfy { $0.isFinite }
        }
    }

    /// How many chords a full turn of `radius` needs so that each chord's sagitta is at most `tolerance`.
    static func stepsPerTurn(radius: Double, tolerance: Double) -> Int {
        guard radius.isFinite, radius > 0, tolerance.isFinite, tolerance > 0, tolerance < radius else { return 8 }
        let half = PortableMath.acos(1 - tolerance / radius)
        let steps = (Double.pi / half).rounded(.up)
        return steps.isFinite ? Swift.min(4096, Swift.max(8, Int(steps))) : 4096
    }
}
