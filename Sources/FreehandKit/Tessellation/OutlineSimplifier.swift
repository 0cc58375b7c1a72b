/// Collects an outline's points and thins runs of join points that lie within a tolerance of a
/// straight line, keeping every point that shapes a cap, an arc or a cut end.
struct OutlineSimplifier: Sendable {
    private var points: [Point] = []
    private var removable: [Bool] = []
    /// How far (points) a removed point may lie from the segment that replaces it.
    let tolerance: Double
    /// The longest run of points one segment may replace (bounds the work per point).
    private static let longestRun = 48

    init(capacity: Int, tolerance: Double) {
        points.reserveCapacity(capacity)
        removable.reserveCapacity(capacity)
        self.tolerance = tolerance
    }

    /// An empty simplifier that collects into `scratch`'s lists (taken out of it, emptied, their
    /// memory kept; hand them back with `recycle(into:)`).
    init(capacity: Int, tolerance: Double, reusing scratch: inout OutlineScratch) {
        self.tolerance = tolerance
        swap(&points, &scratch.points)
        swap(&removable, &scratch.removable)
        points.removeAll(keepingCapacity: true)
        removable.removeAll(keepingCapacity: true)
        points.reserveCapacity(capacity)
        removable.reserveCapacity(capacity)
    }

    /// Hands the simplifier's lists back to `scratch` for the next outline.
    consuming func recycle(into scratch: inout OutlineScratch) {
        scratch.points = points
        scratch.removable = removable
    }

    /// Adds a point that stays.
    @inline(__always)
    mutating func fixed(_ point: Point) {
        points.append(point)
        removable.append(false)
    }

    /// Adds a point that may go where its neighbours make it redundant.
    @inline(__always)
    mutating func removable(_ point: Point) {
        points.append(point)
        removable.append(true)
    }

    /// Adds the points of an arc around `centre` from `start` (excluded) sweeping `sweep` radians;
    /// `dropLast` leaves out its final point (when it closes the loop on the first).
    mutating func arc(around centre: Point, from start: Point, sweep: Double, dropLast: Bool = false) {
        let before = points.count
        Arc.append(around: centre, from: start, sweep: sweep, to: &points)
        if dropLast, points.count > before { points.removeLast() }
        removable.append(contentsOf: repeatElement(false, count: points.count - before))
    }

    /// The last point added.
    var lastPoint: Point { points[points.count - 1] }

    /// The polygon: repeats dropped, removable runs thinned, and the closing repeat of the first
    /// point dropped.
    func finish() -> [Point] {
        guard points.count > 2 else { return points }
        var result = thinned()
        Self.close(&result)
        return result
    }

    /// Drops the last point of `polygon` when it repeats the first (the loop closes by itself).
    static func close(_ polygon: inout [Point]) {
        if polygon.count > 1, polygon[polygon.count - 1] == polygon[0] { polygon.removeLast() }
    }

    /// The points in order, repeats dropped and removable runs thinned. A point that stays starts
    /// a new run: thinning the points from it on alone gives the same points from there on.
    func thinned() -> [Point] {
        guard !points.isEmpty else { return [] }
        var result: [Point] = []
        result.reserveCapacity(points.count)
        points.withUnsafeBufferPointer { points in
            removable.withUnsafeBufferPointer { removable in
                var anchor = 0
                result.append(points[0])
                var index = 1
                while index < points.count {
                    // Extend the segment from the anchor as far as the removable points allow.
                    var end = index
                    while removable[end], end + 1 < points.count, end - anchor < Self.longestRun,
                        Self.fits(points, from: anchor, to: end + 1, tolerance: tolerance)
                    {
                        end += 1
                    }
                    if points[end] != result[result.count - 1] { result.append(points[end]) }
                    anchor = end
                    index = end + 1
                }
            }
        }
        return result
    }

    /// True when every point strictly between `from` and `to` lies within `tolerance` of the
    /// segment joining them.
    private static func fits(_ points: UnsafeBufferPointer<Point>, from: Int, to: Int, tolerance: Double) -> Bool {
        let a = points[from], b = points[to]
        let ab = b - a
        let lengthSquared = ab.lengthSquared
        let limit = tolerance * tolerance
        for index in (from + 1)..<to {
            let ap = points[index] - a
            let t = lengthSquared > 0 ? Swift.min(1, Swift.max(0, ap.dot(ab) / lengthSquared)) : 0
            if (ap - ab * t).lengthSquared > limit { return false }
        }
        return true
    }
}
