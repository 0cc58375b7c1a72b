/// Round caps and joins as polylines.
enum Arc {
    /// The largest distance between a flattened arc and the true circle at the default outline
    /// tolerance, points: half of `Outline.simplificationTolerance`.
    static let tolerance = 0.05

    /// Appends the points of the arc around `center` that starts at `start` (excluded) and sweeps
    /// `sweep` radians (positive turns from +x towards +y), ending exactly at the rotated point,
    /// within `tolerance` points of the circle.
    static func append(around center: Point2D, from start: Point2D, sweep: Double, tolerance: Double = tolerance, to polygon: inout [Point2D]) {
        forEachPoint(around: center, from: start, sweep: sweep, tolerance: tolerance) { polygon.append($0) }
    }

    /// Calls `body` with each point of the arc of `append(around:from:sweep:to:)`, in order; with
    /// `dropLast`, all but the final one.
    @inline(__always)
    static func forEachPoint(
        around center: Point2D, from start: Point2D, sweep: Double, dropLast: Bool = false, tolerance: Double = tolerance, _ body: (Point2D) -> Void
    ) {
        let offset = start - center
        let radius = offset.length
        guard radius > 1e-9, radius.isFinite, abs(sweep) > 1e-12, sweep.isFinite else { return }
        // A chord of angle θ deviates by r(1 − cos(θ/2)) ≤ rθ²/8 from its arc, so θ = √(8t/r)
        // keeps within the tolerance t.
        let step = Swift.min(Swift.max((8 * tolerance / radius).squareRoot(), 0.025), Double.pi / 2)
        let count = Int(Swift.max(1, Swift.min(256, (abs(sweep) / step).rounded(.up))))
        let angle = sweep / Double(count)
        let (s, c) = PortableMath.sinCos(angle)
        var vector = offset
        for _ in 0..<(dropLast ? count - 1 : count) {
            vector = Point2D(vector.x * c - vector.y * s, vector.x * s + vector.y * c)
            body(center + vector)
        }
    }

    /// The signed angle from `a` to `b` (unit vectors), in −π…π.
    static func signedAngle(from a: Point2D, to b: Point2D) -> Double {
        PortableMath.atan2(a.cross(b), a.dot(b))
    }
}
