/// Collects an outline's points and thins runs of join points that lie within a tolerance of a
/// straight line, keeping every point that shapes a cap, an arc or a cut end.
///
/// The points are thinned as they arrive: from the last point kept (the anchor), the newest
/// removable point is dropped for as long as the segment from the anchor to the next point passes
/// within the tolerance of every point in between (at most `longestRun` of them). Only that window
/// is held besides the result, so a long outline never stores its points twice.
struct OutlineSimplifier: Sendable {
    /// The points kept so far.
    private var result: [Point2D] = []
    /// The points from the anchor (the last one kept) on; the last of them is the one that may
    /// still be dropped (the candidate). Held by reference: a simplifier is not copied while used.
    private let window: OutlineWindow
    /// Points in `window`.
    private var windowCount = 0
    /// Points added.
    private var added = 0
    /// How far (points) a removed point may lie from the segment that replaces it.
    let tolerance: Double
    /// The longest run of points one segment may replace (bounds the work per point, and the
    /// window: the anchor, the run and the candidate).
    static let longestRun = 48

    /// An empty simplifier with room for about `capacity` kept points.
    init(capacity: Int, tolerance: Double) {
        self.init(capacity: capacity, tolerance: tolerance, window: OutlineWindow())
    }

    /// An empty simplifier whose window is `scratch`'s — made there if it has none, or if another
    /// copy of the scratch (of a copied stroke, perhaps on another thread) holds it too.
    init(capacity: Int, tolerance: Double, reusing scratch: inout OutlineScratch) {
        if !isKnownUniquelyReferenced(&scratch.window) { scratch.window = OutlineWindow() }
        self.init(capacity: capacity, tolerance: tolerance, window: scratch.window ?? OutlineWindow())
    }

    private init(capacity: Int, tolerance: Double, window: OutlineWindow) {
        result.reserveCapacity(capacity)
        self.tolerance = tolerance
        self.window = window
    }

    /// Adds a point that stays.
    @inline(__always)
    mutating func fixed(_ point: Point2D) { add(point, removable: false) }

    /// Adds a point that may go where its neighbours make it redundant.
    @inline(__always)
    mutating func removable(_ point: Point2D) { add(point, removable: true) }

    /// Adds the points of an arc around `centre` from `start` (excluded) sweeping `sweep` radians;
    /// `dropLast` leaves out its final point (when it closes the loop on the first).
    mutating func arc(around centre: Point2D, from start: Point2D, sweep: Double, dropLast: Bool = false) {
        Arc.forEachPoint(around: centre, from: start, sweep: sweep, dropLast: dropLast, tolerance: arcTolerance) { fixed($0) }
    }

    /// How far an arc's chords and a mitre may stray from the round join: half the tolerance.
    var arcTolerance: Double { tolerance / 2 }

    /// The last point added.
    var lastPoint: Point2D { window.points[windowCount - 1] }

    @inline(__always)
    private mutating func add(_ point: Point2D, removable: Bool) {
        added += 1
        let points = window.points, removables = window.removable
        guard windowCount > 0 else {
            result.append(point)
            (points[0], removables[0], windowCount) = (point, removable, 1)
            return
        }
        let candidate = windowCount - 1
        // The candidate goes when it may, the run is not too long, and the segment from the
        // anchor to this point passes close enough to every point between.
        if candidate == 0 || (removables[candidate] && candidate < Self.longestRun && fits(to: point)) {
            (points[windowCount], removables[windowCount]) = (point, removable)
            windowCount += 1
            return
        }
        // The candidate stays and becomes the anchor; this point the next candidate.
        let kept = points[candidate]
        if kept != result[result.count - 1] { result.append(kept) }
        (points[0], removables[0]) = (kept, removables[candidate])
        (points[1], removables[1]) = (point, removable)
        windowCount = 2
    }

    /// The polygon: repeats dropped, removable runs thinned, and the closing repeat of the first
    /// point dropped (two points or fewer come back as they were added).
    mutating func finish() -> [Point2D] {
        guard added > 2 else { return Array(UnsafeBufferPointer(start: window.points, count: windowCount)) }
        var result = thinned()
        Self.close(&result)
        return result
    }

    /// Drops the last point of `polygon` when it repeats the first (the loop closes by itself).
    static func close(_ polygon: inout [Point2D]) {
        if polygon.count > 1, polygon[polygon.count - 1] == polygon[0] { polygon.removeLast() }
    }

    /// The points in order, repeats dropped and removable runs thinned; the simplifier is then
    /// spent. A point that stays starts a new run: thinning the points from it on alone gives the
    /// same points from there on.
    mutating func thinned() -> [Point2D] {
        if windowCount > 1, window.points[windowCount - 1] != result[result.count - 1] { result.append(window.points[windowCount - 1]) }
        var points: [Point2D] = []
        swap(&points, &result)
        return points
    }

    /// True when every point of the window after the anchor lies within `tolerance` of the segment
    /// from the anchor to `end`.
    @inline(__always)
    private func fits(to end: Point2D) -> Bool {
        let points = window.points
        let a = points[0], b = end
        let ab = b - a
        let lengthSquared = ab.lengthSquared
        let limit = tolerance * tolerance
        for index in 1..<windowCount {
            let ap = points[index] - a
            let t = lengthSquared > 0 ? Swift.min(1, Swift.max(0, ap.dot(ab) / lengthSquared)) : 0
            if (ap - ab * t).lengthSquared > limit { return false }
        }
        return true
    }
}

/// The room of an `OutlineSimplifier`'s window: the anchor, a run of `longestRun` points and the
/// candidate, with whether each may be dropped. Fixed in size and reused outline after outline;
/// written by one simplifier at a time (Sendable on that condition).
final class OutlineWindow: @unchecked Sendable {
    let points: UnsafeMutablePointer<Point2D>
    let removable: UnsafeMutablePointer<Bool>
    static let capacity = OutlineSimplifier.longestRun + 2

    init() {
        points = .allocate(capacity: Self.capacity)
        points.initialize(repeating: .zero, count: Self.capacity)
        removable = .allocate(capacity: Self.capacity)
        removable.initialize(repeating: false, count: Self.capacity)
    }

    deinit {
        points.deallocate()
        removable.deallocate()
    }
}
