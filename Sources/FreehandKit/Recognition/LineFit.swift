/// The straight line closest to a set of points (total least squares): their centroid and the
/// direction along which they spread most.
struct LineFit {
    /// The centroid of the points.
    var center: Point2D
    /// A unit vector along the line.
    var direction: Point2D

    /// The best line through `points`; nil for fewer than two distinct points.
    init?<C: Collection<Point2D>>(_ points: C) {
        guard points.count >= 2 else { return nil }
        let mean = points.reduce(Point2D.zero, +) / Double(points.count)
        var xx = 0.0, xy = 0.0, yy = 0.0
        for point in points {
            let d = point - mean
            xx += d.x * d.x
            xy += d.x * d.y
            yy += d.y * d.y
        }
        guard xx + yy > 0 else { return nil }
        let angle = 0.5 * PortableMath.atan2(2 * xy, xx - yy)
        let (sin, cos) = PortableMath.sinCos(angle)
        center = mean
        direction = Point2D(cos, sin)
    }

    /// The signed distance of `point` from the line, points.
    func offset(of point: Point2D) -> Double { direction.cross(point - center) }

    /// How far along the line `point` projects, measured from the centroid, points.
    func position(of point: Point2D) -> Double { direction.dot(point - center) }

    /// The point of the line `position` points from the centroid.
    func point(at position: Double) -> Point2D { center + direction * position }

    /// Where this line crosses `other`, or nil when they are parallel within about 10°.
    func intersection(with other: LineFit) -> Point2D? {
        let denominator = direction.cross(other.direction)
        guard abs(denominator) > 0.17 else { return nil }
        let t = (other.center - center).cross(other.direction) / denominator
        return point(at: t)
    }
}
