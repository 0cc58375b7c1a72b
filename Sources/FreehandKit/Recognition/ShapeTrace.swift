/// A stroke prepared for shape fitting: the pen's rest at the end dropped, the path resampled to
/// evenly spaced points, and whether it closes on itself (overshoot past the start trimmed).
package struct ShapeTrace {
    /// Evenly spaced points along the path (`count` of them). A closed trace runs once around, its
    /// last point near its first (the closing gap is not repeated).
    var points: [Point2D]
    /// The path's length before resampling, points.
    var length: Double
    /// The diagonal of the path's bounds, points.
    var diagonal: Double
    /// True when the path comes back to where it started (within a fifth of its size).
    var isClosed: Bool

    /// How many points a trace is resampled to.
    static let count = 128

    /// The trace of `raw`, whose trailing points within `restRadius` of the last one are the pen
    /// resting rather than drawing; nil when fewer than three distinct finite points remain.
    init?(_ raw: [Point2D], restRadius: Double) {
        var path: [Point2D] = []
        path.reserveCapacity(raw.count)
        for point in raw where point.isFinite && point != path.last { path.append(point) }
        if let last = path.last {
            while path.count > 2, path[path.count - 2].distance(to: last) <= restRadius { path.remove(at: path.count - 2) }
        }
        guard path.count >= 3, let bounds = Rect2D(enclosing: path) else { return nil }
        let diagonal = (bounds.max - bounds.min).length
        var resampled = Self.resample(path, count: Self.count)
        guard diagonal > 0, diagonal.isFinite, !resampled.isEmpty else { return nil }
        var length = Self.length(of: path)
        // Closed when the path ends near its start; an overshoot past the start is cut at the point of
        // closest return
        // (the last quarter of the path: a path that passes its start earlier, as an arrow drawn head
        // first does, is open).
        let start = resampled[0]
        let lastQuarter = (Self.count * 3 / 4)..<Self.count
        let closest = lastQuarter.min { resampled[$0].distance(to: start) < resampled[$1].distance(to: start) } ?? Self.count - 1
        let gap = resampled[closest].distance(to: start)
        isClosed = gap <= 0.2 * diagonal && gap <= 0.15 * length
        if isClosed, closest < Self.count - 1 {
            let loop = Array(resampled[0...closest])
            length = Self.length(of: loop)
            resampled = Self.resample(loop, count: Self.count)
        }
        points = resampled
        self.length = length
        self.diagonal = diagonal
    }

    /// The length of the polyline through `points`.
    package static func length(of points: [Point2D]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// `count` points evenly spaced along the polyline through `points` (its first and last included).
    package static func resample(_ points: [Point2D], count: Int) -> [Point2D] {
        guard let first = points.first, count >= 2 else { return points }
        let total = length(of: points)
        guard total > 0, total.isFinite else { return [] }
        let spacing = total / Double(count - 1)
        var result = [first]
        result.reserveCapacity(count)
        var travelled = 0.0
        var target = spacing
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = a.distance(to: b)
            while result.count < count - 1, travelled + segment >= target {
                result.append(a + (b - a) * ((target - travelled) / segment))
                target += spacing
            }
            travelled += segment
        }
        while result.count < count { result.append(points[points.count - 1]) }
        return result
    }
}
