/// How finely curves are turned into straight segments.
public enum Flattening: Hashable, Sendable {
    /// As few segments as keep every point of the polyline within this distance (points, > 0) of
    /// the true curve, and every point of the curve within it of the polyline.
    case tolerance(Double)
    /// A fixed number of segments (1…`maximumSegments`) per curved element, evenly spaced in the
    /// curve parameter: the "granularity" of classic Catmull–Rom code. Lines stay one segment.
    case segmentsPerCurve(Int)

    /// The default: a tolerance of 0.1 points, invisible on screen at any common scale.
    public static let standard = Flattening.tolerance(0.1)

    /// The most segments one curved element becomes: 256. At a 0.1-point tolerance only a curve
    /// bending over about 10⁴ points between two samples needs more — hostile input, whose geometry
    /// stays bounded; its flattening then strays by about a 260,000th of the bend (4 pt at 10⁶ pt).
    public static let maximumSegments = 1 << 8

    /// The most points one path, or one stroke's centreline, is flattened into by curves: 1,048,576.
    /// Past it each further curve is drawn as its chord, one segment, so that a stroke's memory and
    /// time stay bounded by its sample count whatever its coordinates. Real ink comes nowhere near:
    /// at about 2–4 points a sample, one stroke would need 250,000–500,000 samples to reach it.
    public static let pointBudget = 1 << 20

    /// The number of equal parameter steps for a quadratic from `p0` with control `c` to `p1`.
    ///
    /// For a uniform subdivision of a curve with second derivative bounded by M, the chord error is at
    /// most M·h²/8 with step h = 1/n (the classic linear-interpolation bound), so n = ⌈√(M / 8T)⌉.
    func segments(p0: Point2D, c: Point2D, p1: Point2D) -> Int {
        switch self {
        case .segmentsPerCurve(let count): return Swift.min(Self.maximumSegments, Swift.max(1, count))
        case .tolerance(let tolerance):
            let secondDerivative = 2 * (p0 - 2 * c + p1).length
            return Self.segmentCount(secondDerivative: secondDerivative, tolerance: tolerance)
        }
    }

    /// The number of equal parameter steps for a cubic from `p0` with controls `c1`, `c2` to `p1`.
    func segments(p0: Point2D, c1: Point2D, c2: Point2D, p1: Point2D) -> Int {
        switch self {
        case .segmentsPerCurve(let count): return Swift.min(Self.maximumSegments, Swift.max(1, count))
        case .tolerance(let tolerance):
            // B''(t) is linear between 6(p0 − 2c1 + c2) and 6(c1 − 2c2 + p1): its norm peaks at an end.
            let d0 = (p0 - 2 * c1 + c2).length, d1 = (c1 - 2 * c2 + p1).length
            return Self.segmentCount(secondDerivative: 6 * Swift.max(d0, d1), tolerance: tolerance)
        }
    }

    /// `segments(for:from:)` for an element that follows `pointsSoFar` points of the same path or
    /// stroke: a curve is one segment once they reach `pointBudget`.
    func segments(for element: PathElement, from start: Point2D, after pointsSoFar: Int) -> Int {
        let segments = segments(for: element, from: start)
        return pointsSoFar >= Self.pointBudget ? Swift.min(1, segments) : segments
    }

    /// The number of equal parameter steps `element`, starting at `start`, becomes: 0 for a move,
    /// 1 for a line, and for a curve as its case asks.
    func segments(for element: PathElement, from start: Point2D) -> Int {
        switch element {
        case .move: return 0
        case .line: return 1
        case .quad(let c, let to): return segments(p0: start, c: c, p1: to)
        case .cubic(let c1, let c2, let to): return segments(p0: start, c1: c1, c2: c2, p1: to)
        }
    }

    private static func segmentCount(secondDerivative: Double, tolerance: Double) -> Int {
        let safeTolerance = Swift.max(tolerance, 1e-9)
        let count = (secondDerivative / (8 * safeTolerance)).squareRoot().rounded(.up)
        // A bound keeps hostile input (a curve millions of points long at a tiny tolerance) finite.
        guard count.isFinite, count >= 1 else { return 1 }
        return count >= Double(maximumSegments) ? maximumSegments : Int(count)
    }
}

extension BezierPath {
    /// The path as polylines, one per subpath: curves replaced by straight segments as `flattening`
    /// asks, within `Flattening.pointBudget` points in all (past it, each curve is its chord). A dot
    /// gives a polyline of one point; an empty path gives none.
    public func flattenedSubpaths(_ flattening: Flattening = .standard) -> [[Point2D]] {
        var result: [[Point2D]] = []
        var current: [Point2D] = []
        var pointCount = 0
        var pen = Point2D.zero
        for element in elements {
            switch element {
            case .move(let to):
                if !current.isEmpty { result.append(current) }
                pointCount += current.count
                current = [to]
            case .line, .quad, .cubic:
                if current.isEmpty { current = [pen] }
                let n = flattening.segments(for: element, from: pen, after: pointCount + current.count)
                for step in stride(from: 1, to: n, by: 1) { current.append(element.point(at: Double(step) / Double(n), from: pen)) }
                current.append(element.endPoint)
            }
            pen = element.endPoint
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The whole path as one polyline (subpaths joined end to start), within `flattening`.
    public func flattened(_ flattening: Flattening = .standard) -> [Point2D] {
        flattenedSubpaths(flattening).flatMap { $0 }
    }

    /// The path as one polyline whose points lie within `tolerance` points of the true curve.
    public func flattened(tolerance: Double) -> [Point2D] {
        flattened(.tolerance(tolerance))
    }
}
