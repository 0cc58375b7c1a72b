import FreehandKit

/// perfect-freehand's centreline, for reference: the points its `getStrokePoints` gives a finished
/// stroke (streamline 0.5, size 16, `last: true`) — each input point pulled 57.5 % of the way
/// from the previous output point, the points of the first `size` of running length dropped, the
/// last input point kept as it is. Written from the published algorithm (perfect-freehand 1.2,
/// MIT); `tools/perfect_freehand_points.py` prints the PyPI package's points for a test to compare.
public enum PerfectFreehandCentreline {
    /// The centreline points of a finished stroke through `points`.
    public static func points(_ points: [Point2D], streamline: Double = 0.5, size: Double = 16) -> [Point2D] {
        guard var previous = points.first else { return [] }
        var input = points
        if input.count == 2 {
            // Extra points between the two (as the package does for taper dashes).
            input = [points[0]] + (1...4).map { points[0] + (points[1] - points[0]) * (Double($0) / 4) }
        }
        if input.count == 1 { input.append(points[0] + Point2D(1, 1)) }
        let pull = 0.15 + (1 - streamline) * 0.85
        var result = [previous]
        var runningLength = 0.0
        var reachedMinimumLength = false
        let last = input.count - 1
        for index in 1...last {
            let point = index == last ? input[index] : previous + (input[index] - previous) * pull
            guard point != previous else { continue }
            runningLength += (point - previous).length
            if index < last, !reachedMinimumLength {
                guard runningLength >= size else { continue }
                reachedMinimumLength = true
            }
            result.append(point)
            previous = point
        }
        return result
    }
}
