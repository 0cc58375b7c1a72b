import FreehandKit
import Foundation

/// Smoothness as curvature variation: the polyline is resampled every `step` points along its
/// length, the turning angle at each resampled point divided by the step estimates the curvature,
/// and the total change of curvature is divided by the length. A jagged or wobbly curve scores
/// high; a straight line or a circle scores zero. Units: radians per point² (lower is smoother).
public enum SmoothnessMeasurement {
    /// The resampling step, points.
    public static let step = 0.5
    /// The most points a polyline is resampled to: one longer than this many steps (500,000 pt) is
    /// resampled at its length / `maximumSamples` instead, so that a stray reading a billion points
    /// away costs 16 MB and a fraction of a second, not gigabytes.
    public static let maximumSamples = 1_000_000

    /// The total absolute change of curvature along `polyline`, and the length it was measured over
    /// (points). Polylines shorter than three steps give (0, 0).
    public static func curvatureVariation(of polyline: [Point2D]) -> (variation: Double, length: Double) {
        let step = Self.step(for: polyline)
        let resampled = resample(polyline, step: step)
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

    /// The step `polyline` is resampled at: `step`, or longer for a polyline of over
    /// `maximumSamples` steps.
    static func step(for polyline: [Point2D]) -> Double {
        var length = 0.0
        for (start, end) in zip(polyline, polyline.dropFirst()) { length += (end - start).length }
        return length.isFinite ? max(step, length / Double(maximumSamples)) : .infinity
    }

    /// Points every `step` along the polyline, from its start.
    static func resample(_ polyline: [Point2D], step: Double) -> [Point2D] {
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
