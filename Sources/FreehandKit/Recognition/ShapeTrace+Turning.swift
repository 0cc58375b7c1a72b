extension ShapeTrace {
    /// How much the trace turns in all, radians (see `turning(of:closed:)`). A line turns 0, a circle
    /// or a rectangle 2π, a cursive word many times that.
    var turning: Double { Self.turning(of: points, closed: isClosed) }

    /// How many evenly spaced points a path is read at for its turning (32): coarse enough that the
    /// hand's jitter does not add up, fine enough to see each loop of a word.
    static let turningCount = 32

    /// The total absolute turning along the polyline through `points`, read at `turningCount`
    /// evenly spaced points, radians: the sum of the angles between successive segments; with
    /// `closed`, the turn from the last segment into the first counts too (the gap a trace leaves
    /// where it meets its start is not a segment: it runs across the path, not along it).
    package static func turning(of points: [Point2D], closed: Bool) -> Double {
        let points = resample(points, count: turningCount)
        var directions: [Point2D] = []
        directions.reserveCapacity(points.count)
        for (a, b) in zip(points, points.dropFirst()) where b != a { directions.append(b - a) }
        guard directions.count > 1 else { return 0 }
        var total = 0.0
        for index in 1..<directions.count {
            total += angle(from: directions[index - 1], to: directions[index])
        }
        if closed { total += angle(from: directions[directions.count - 1], to: directions[0]) }
        return total
    }

    /// The unsigned angle between two directions, radians (0…π).
    private static func angle(from a: Point2D, to b: Point2D) -> Double {
        abs(PortableMath.atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y))
    }
}
