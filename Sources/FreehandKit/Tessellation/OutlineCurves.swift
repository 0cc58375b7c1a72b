/// A closed outline redrawn with cubic Béziers where they are shorter than its straight segments:
/// what vector exports (SVG, PDF) write, so that a page of handwriting stays small.
///
/// The polygon is cut at its corners (turns sharper than 40°, `cornerCosine`), and each smooth run between
/// two corners is fitted with cubics by least squares on chord-length parameters, the end tangents
/// taken from the run (Schneider's method, "An Algorithm for Automatically Fitting Digitized Curves",
/// Graphics Gems, 1990): a run whose fit strays more than the tolerance from any of its points is
/// reparameterized once, then split at its worst point with a shared tangent there. A run of fewer
/// than five points stays straight (a cubic would not be shorter). Every point of the outline lies
/// within the tolerance of the result.
public enum OutlineCurves {
    /// One piece of the closed path, from the end of the piece before it.
    public enum Segment: Hashable, Sendable {
        /// A straight segment to the point.
        case line(to: Point2D)
        /// A cubic Bézier with two control points, to the point.
        case cubic(control1: Point2D, control2: Point2D, to: Point2D)

        /// Where the segment ends.
        public var end: Point2D {
            switch self {
            case .line(let to), .cubic(_, _, let to): return to
            }
        }
    }

    /// Turns sharper than 40° are corners, which curves never round off: this is cos 40°.
    public static let cornerCosine = 0.766044443118978

    /// Points of the largest polygon the pictures fit curves to (SVG, PDF): 1,048,576. Its segments
    /// take about 60 bytes a point; a bigger outline (a stroke of millions of corners) is written
    /// as its own lines.
    public static let maximumFittedPoints = 1 << 20

    /// The closed path through `polygon`: where it starts (a corner of the polygon, or its first
    /// point when it has none) and its segments, the last one returning to the start; each point of
    /// the polygon within `tolerance` points (> 0) of the path. Nil for fewer than two distinct points.
    public static func path(fitting polygon: [Point2D], tolerance: Double) -> (start: Point2D, segments: [Segment])? {
        // A quarter of the tolerance for the points left out, three quarters for the fit.
        let points = thinned(polygon, within: tolerance / 4)
        guard points.count >= 2 else { return nil }
        guard points.count >= 3 else { return (points[0], [.line(to: points[1]), .line(to: points[0])]) }
        let count = points.count
        let corners = (0..<count).filter { isCorner(points, at: $0) }
        // Runs go from one corner to the next around the loop; with no corner, the loop is one run.
        let starts = corners.isEmpty ? [0] : corners
        var segments: [Segment] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : starts[0] + count
            let run = (start...end).map { points[$0 % count] }
            fit(run[...], tolerance: Swift.max(tolerance * 0.75, 1e-9), startTangent: nil, endTangent: nil, into: &segments)
        }
        return (points[starts[0]], segments)
    }

    /// The finite points of `polygon` without those within `distance` of the point kept before
    /// them: such a point is within the tolerance of any path through its neighbour, and the
    /// direction of so short a step is noise that would read as a corner.
    private static func thinned(_ polygon: [Point2D], within distance: Double) -> [Point2D] {
        var points: [Point2D] = []
        points.reserveCapacity(polygon.count)
        let limit = distance * distance
        for point in polygon where point.isFinite {
            if let last = points.last, (point - last).lengthSquared <= limit { continue }
            points.append(point)
        }
        while points.count > 1, let first = points.first, let last = points.last, (last - first).lengthSquared <= limit { points.removeLast() }
        return points
    }

    private static func isCorner(_ points: [Point2D], at index: Int) -> Bool {
        let count = points.count
        let before = points[(index + count - 1) % count], here = points[index], after = points[(index + 1) % count]
        let a = here - before, b = after - here
        let lengths = a.length * b.length
        guard lengths > 0 else { return true }
        return a.dot(b) / lengths < cornerCosine
    }

    private static func unit(_ vector: Point2D) -> Point2D {
        let length = vector.length
        return length > 0 ? vector / length : .zero
    }

    /// Appends segments through `run` (at least two points) to `segments`.
    private static func fit(
        _ run: ArraySlice<Point2D>, tolerance: Double, startTangent: Point2D?, endTangent: Point2D?, into segments: inout [Segment]
    ) {
        let first = run.startIndex, last = run.endIndex - 1
        guard run.count >= 5 else {
            for index in (first + 1)...last { segments.append(.line(to: run[index])) }
            return
        }
        let t1 = startTangent ?? unit(run[first + 1] - run[first])
        let t2 = endTangent ?? unit(run[last - 1] - run[last])
        var parameters = chordLengths(run)
        var curve = bezier(run, parameters: parameters, t1: t1, t2: t2)
        var (error, worst) = maximumError(run, curve: curve, parameters: parameters)
        if error > tolerance, error < tolerance * 16 {
            parameters = reparameterized(run, curve: curve, parameters: parameters)
            curve = bezier(run, parameters: parameters, t1: t1, t2: t2)
            (error, worst) = maximumError(run, curve: curve, parameters: parameters)
        }
        if error <= tolerance {
            segments.append(.cubic(control1: curve.1, control2: curve.2, to: curve.3))
            return
        }
        let split = Swift.min(Swift.max(worst, first + 1), last - 1)
        let centre = unit(run[split - 1] - run[split + 1])
        fit(run[first...split], tolerance: tolerance, startTangent: t1, endTangent: centre, into: &segments)
        fit(run[split...last], tolerance: tolerance, startTangent: -centre, endTangent: t2, into: &segments)
    }

    private static func chordLengths(_ run: ArraySlice<Point2D>) -> [Double] {
        var lengths = [Double](repeating: 0, count: run.count)
        var sum = 0.0
        for offset in 1..<run.count {
            sum += run[run.startIndex + offset].distance(to: run[run.startIndex + offset - 1])
            lengths[offset] = sum
        }
        if sum > 0 {
            for offset in lengths.indices { lengths[offset] /= sum }
        } else {
            for offset in lengths.indices { lengths[offset] = Double(offset) / Double(Swift.max(1, lengths.count - 1)) }
        }
        return lengths
    }

    private typealias Cubic = (Point2D, Point2D, Point2D, Point2D)

    private static func point(_ curve: Cubic, _ t: Double) -> Point2D {
        let s = 1 - t
        return curve.0 * (s * s * s) + curve.1 * (3 * s * s * t) + curve.2 * (3 * s * t * t) + curve.3 * (t * t * t)
    }

    /// The least-squares cubic from the run's first to last point with the given end tangents.
    private static func bezier(_ run: ArraySlice<Point2D>, parameters: [Double], t1: Point2D, t2: Point2D) -> Cubic {
        let p0 = run[run.startIndex], p3 = run[run.endIndex - 1]
        var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
        for (offset, t) in parameters.enumerated() {
            let s = 1 - t
            let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
            let a1 = t1 * b1, a2 = t2 * b2
            c00 += a1.dot(a1)
            c01 += a1.dot(a2)
            c11 += a2.dot(a2)
            let residual = run[run.startIndex + offset] - (p0 * (b0 + b1) + p3 * (b2 + b3))
            x0 += a1.dot(residual)
            x1 += a2.dot(residual)
        }
        let determinant = c00 * c11 - c01 * c01
        var alpha1 = determinant != 0 ? (x0 * c11 - x1 * c01) / determinant : 0
        var alpha2 = determinant != 0 ? (c00 * x1 - c01 * x0) / determinant : 0
        let chord = p0.distance(to: p3)
        // Degenerate or backwards handles: fall back to a third of the chord (Schneider's heuristic).
        if !(alpha1 > chord * 1e-6) || !(alpha2 > chord * 1e-6) || !alpha1.isFinite || !alpha2.isFinite {
            alpha1 = chord / 3
            alpha2 = chord / 3
        }
        return (p0, p0 + t1 * alpha1, p3 + t2 * alpha2, p3)
    }

    private static func maximumError(_ run: ArraySlice<Point2D>, curve: Cubic, parameters: [Double]) -> (Double, Int) {
        var worst = (0.0, run.startIndex + run.count / 2)
        for (offset, t) in parameters.enumerated() {
            let distance = point(curve, t).distance(to: run[run.startIndex + offset])
            if distance > worst.0 { worst = (distance, run.startIndex + offset) }
        }
        // Between the points too: the curve must not bulge away from the polyline.
        for offset in 0..<(parameters.count - 1) {
            let middle = point(curve, (parameters[offset] + parameters[offset + 1]) / 2)
            let a = run[run.startIndex + offset], b = run[run.startIndex + offset + 1]
            let ab = b - a, lengthSquared = ab.lengthSquared
            let u = lengthSquared > 0 ? Swift.min(1, Swift.max(0, (middle - a).dot(ab) / lengthSquared)) : 0
            let distance = middle.distance(to: a + ab * u)
            if distance > worst.0 { worst = (distance, run.startIndex + offset + (offset + 1 < parameters.count - 1 ? 1 : 0)) }
        }
        return worst
    }

    /// One Newton–Raphson step per parameter towards the nearest point of the curve.
    private static func reparameterized(_ run: ArraySlice<Point2D>, curve: Cubic, parameters: [Double]) -> [Double] {
        let d1 = ((curve.1 - curve.0) * 3, (curve.2 - curve.1) * 3, (curve.3 - curve.2) * 3)
        let d2 = ((d1.1 - d1.0) * 2, (d1.2 - d1.1) * 2)
        return parameters.enumerated().map { offset, t in
            let s = 1 - t
            let q = point(curve, t)
            let q1 = d1.0 * (s * s) + d1.1 * (2 * s * t) + d1.2 * (t * t)
            let q2 = d2.0 * s + d2.1 * t
            let difference = q - run[run.startIndex + offset]
            let numerator = difference.dot(q1), denominator = q1.dot(q1) + difference.dot(q2)
            guard denominator != 0, denominator.isFinite else { return t }
            return Swift.min(1, Swift.max(0, t - numerator / denominator))
        }
    }
}
