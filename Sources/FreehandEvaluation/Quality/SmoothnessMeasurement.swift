import FreehandKit
import Foundation

/// Smoothness as curvature variation: the polyline is resampled every `step` points along its
/// length, the turning angle at each resampled point divided by the step estimates the curvature,
/// and the total change of curvature is divided by the length. A jagged or wobbly curve scores
/// high; a straight line or a circle scores zero. Units: radians per point² (lower is smoother).
public enum SmoothnessMeasurement {
    /// The resampling step, points.
    public static let step = 0.5

    /// The total absolute change of curvature along `polyline`, and the length it was measured over
    /// (points). Polylines shorter than three steps give (0, 0).
    public static func curvatureVariation(of polyline: [Point]) -> (variation: Double, length: Double) {
        let resampled = resample(polyline)
        guard resampled.count >= 4 else { return (0, 0) }
        var previousCurvature: Double?
        var variation = 0.0
        for index in 1..<(resampled.count - 1) {
            let a = resampled[index] - resampled[index - 1], b = resampled[index + 1] - resampled[index]
            let curvature = atan2(a.cross(b), a.dot(b)) / step
            if let previousCurvature { variation += abs(curvature - previousCurvature) }
            previousCurvature = curvature
        }
        return (variation, step * Double(resampled.count - 1))
    }

    /// Points every `step` along the polyline, from its start.
    static func resample(_ polyline: [Point]) -> [Point] {
        guard var previous = polyline.first else { return [] }
        var result = [previous]
        var carried = 0.0  // distance walked since the last emitted point
        for point in polyline.dropFirst() {
            var segmentStart = previous
            var remaining = (point - segmentStart).length
            while carried + remaining >= step, remaining > 0 {
                let take = step - carried
                let next = segmentStart + (point - segmentStart) * (take / remaining)
                result.append(next)
                remaining -= take
                segmentStart = next
                carried = 0
            }
            carried += remaining
            previous = point
        }
        return result
    }
}
