import FreehandKit

/// Overshoot: how far a technique's curve strays from the real pen path — the largest distance from
/// any point of the output centreline to the full-rate ground-truth polyline (points).
public enum OvershootMeasurement {
    /// The largest distance from `centreline` to `groundTruth` (both polylines, points); 0 when
    /// either is empty.
    public static func overshoot(of centreline: [Point2D], from groundTruth: [Point2D]) -> Double {
        guard !centreline.isEmpty, let bounds = Rect2D(enclosing: groundTruth) else { return 0 }
        let grid = SegmentGrid(groundTruth, cellSize: Swift.max(bounds.width, bounds.height) / 64)
        return centreline.reduce(0) { Swift.max($0, grid.distance(from: $1)) }
    }
}
