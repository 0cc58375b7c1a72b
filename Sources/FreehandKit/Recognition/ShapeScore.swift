/// How well a trace fits a shape, as a confidence, and the line fits of a polygon's sides.
enum ShapeScore {
    /// The confidence of a fit whose errors are given as fractions of their limits (1 = at the limit):
    /// 1 − half the worst, clamped to 0…1. A fit at its loosest accepted limit scores 0.5.
    static func confidence(_ ratios: Double...) -> Double {
        let worst = ratios.max() ?? 0
        guard worst.isFinite else { return 0 }
        return Swift.min(1, Swift.max(0, 1 - 0.5 * worst))
    }

    /// The mean of `values` (0 for none).
    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The confidence of a polygon through `vertices` as the shape of `points`: mean distance 1.5 %
    /// and largest 5 % of `size`.
    static func polygonConfidence(_ points: [Point2D], vertices: [Point2D], closed: Bool, size: Double) -> Double {
        let distances = points.map { distance(from: $0, toPolygon: vertices, closed: closed) / size }
        return confidence(mean(distances) / 0.015, (distances.max() ?? 0) / 0.05)
    }

    /// The distance from `point` to the polygon (or open chain) through `vertices`.
    static func distance(from point: Point2D, toPolygon vertices: [Point2D], closed: Bool) -> Double {
        guard let first = vertices.first else { return .infinity }
        var best = point.distance(to: first)
        for (a, b) in zip(vertices, vertices.dropFirst()) { best = Swift.min(best, point.distance(toSegment: a, b)) }
        if closed, let last = vertices.last { best = Swift.min(best, point.distance(toSegment: last, first)) }
        return best
    }

    /// The best line of each side between consecutive `corners` (indices into `points`; for a closed
    /// trace the last side runs back to the first corner), from the middle 70 % of its points so that
    /// rounded corners do not bend it.
    static func sideFits(_ points: [Point2D], corners: [Int], closed: Bool) -> [LineFit] {
        let n = points.count
        let count = closed ? corners.count : corners.count - 1
        var fits: [LineFit] = []
        for k in 0..<count {
            let start = corners[k]
            var end = corners[(k + 1) % corners.count]
            if end <= start { end += n }
            let trim = (end - start) * 15 / 100
            let run = (start + trim)...(end - trim)
            guard let fit = LineFit(run.map { points[$0 % n] }) else { return [] }
            fits.append(fit)
        }
        return fits
    }
}
