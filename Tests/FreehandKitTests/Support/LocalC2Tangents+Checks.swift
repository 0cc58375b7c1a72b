@testable import FreehandKit

/// The spline's tangent and span computed on their own (the technique computes the knot intervals
/// once for a window): what the tests check the formulas with.
extension LocalC2Tangents {
    /// The tangent at `points[i]`, computing its own intervals.
    func tangent(at i: Int, in points: ArraySlice<Point2D>) -> Point2D {
        tangent(at: i, in: points, intervals: intervals(of: points, from: i - Self.radius - 1))
    }

    /// The span from `points[k − 1]` to `points[k]` as a cubic Bézier.
    func span(endingAt k: Int, in points: ArraySlice<Point2D>) -> PathElement {
        let h = intervals(of: points, from: k - Self.radius - 2)
        return span(endingAt: k, in: points, startTangent: tangent(at: k - 1, in: points, intervals: h),
                    endTangent: tangent(at: k, in: points, intervals: h), interval: h[k - 1])
    }
}
