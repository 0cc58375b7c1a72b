/// Fits of the closed shapes — circle, ellipse, triangle, rectangle, square — to a closed trace. Each
/// returns the shape with its confidence (0.5 at the loosest fit accepted), or nil when it cannot apply.
enum ClosedShapeFits {
    /// Every closed shape that applies to `trace`.
    static func candidates(for trace: ShapeTrace) -> [RecognizedShape] {
        var shapes: [RecognizedShape] = []
        if let round = ellipse(trace) { shapes.append(round) }
        if let polygon = polygon(trace) { shapes.append(polygon) }
        return shapes
    }

    /// A circle (axes within a fifth of each other) or an ellipse. Limits: mean distance 5 % and largest
    /// 15 % of the mean radius (circle: 6 % and 18 % of its radius).
    static func ellipse(_ trace: ShapeTrace) -> RecognizedShape? {
        let points = trace.points
        guard let fit = ConicFit.ellipse(through: points) else { return nil }
        if fit.radii.y >= 0.8 * fit.radii.x {
            let radius = ShapeScore.mean(points.map { $0.distance(to: fit.center) })
            guard radius > 0 else { return nil }
            let errors = points.map { abs($0.distance(to: fit.center) - radius) / radius }
            let confidence = ShapeScore.confidence(ShapeScore.mean(errors) / 0.06, (errors.max() ?? 0) / 0.18)
            return RecognizedShape(
                kind: .circle, confidence: confidence, geometry: .ellipse(center: fit.center, radii: SIMD2(radius, radius), rotation: 0))
        }
        let meanRadius = (fit.radii.x + fit.radii.y) / 2
        let errors = points.map { ConicFit.radialDistance(of: $0, center: fit.center, radii: fit.radii, rotation: fit.rotation) / meanRadius }
        let confidence = ShapeScore.confidence(ShapeScore.mean(errors) / 0.05, (errors.max() ?? 0) / 0.15)
        return RecognizedShape(kind: .ellipse, confidence: confidence, geometry: .ellipse(center: fit.center, radii: fit.radii, rotation: fit.rotation))
    }

    /// A triangle, or a rectangle (every corner 90° ± 22°; a square when its sides are within 15 % of
    /// each other). Corners are where the best lines of neighbouring sides cross.
    static func polygon(_ trace: ShapeTrace) -> RecognizedShape? {
        let points = trace.points
        let corners = CornerFinder.closedCorners(
            of: points, tolerance: 0.035 * trace.diagonal, shortest: 0.08 * ShapeTrace.length(of: points))
        guard corners.count == 3 || corners.count == 4 else { return nil }
        let sides = ShapeScore.sideFits(points, corners: corners, closed: true)
        guard sides.count == corners.count else { return nil }
        var vertices: [Point2D] = []
        for k in 0..<sides.count {
            let previous = sides[(k + sides.count - 1) % sides.count]
            guard let corner = previous.intersection(with: sides[k]) else { return nil }
            vertices.append(corner)
        }
        if vertices.count == 3 {
            let confidence = ShapeScore.polygonConfidence(points, vertices: vertices, closed: true, size: trace.diagonal)
            return RecognizedShape(kind: .triangle, confidence: confidence, geometry: .polygon(corners: vertices, closed: true))
        }
        return rectangle(points, corners: vertices, size: trace.diagonal)
    }

    /// The rectangle (or square) closest to the quadrilateral `corners` of `points`: its sides along
    /// the mean direction of the four, its corners in the order the pen met them.
    static func rectangle(_ points: [Point2D], corners: [Point2D], size: Double) -> RecognizedShape? {
        let limit = 22 * Double.pi / 180
        var worstAngle = 0.0
        var doubled = Point2D.zero
        for k in 0..<4 {
            let a = corners[(k + 3) % 4], b = corners[k], c = corners[(k + 1) % 4]
            worstAngle = Swift.max(worstAngle, abs(CornerFinder.turn(a, b, c) - Double.pi / 2))
            // Side directions averaged modulo 90°: angles × 4 as unit vectors.
            let side = c - b
            let angle = PortableMath.atan2(side.y, side.x) * 4
            let (sin, cos) = PortableMath.sinCos(angle)
            doubled += Point2D(cos, sin) * side.length
        }
        guard worstAngle <= limit, doubled.lengthSquared > 0 else { return nil }
        let rotation = PortableMath.atan2(doubled.y, doubled.x) / 4
        let (sin, cos) = PortableMath.sinCos(rotation)
        let u = Point2D(cos, sin), v = Point2D(-sin, cos)
        let center = corners.reduce(Point2D.zero, +) / 4
        var halfWidth = ShapeScore.mean(corners.map { abs(($0 - center).dot(u)) })
        var halfHeight = ShapeScore.mean(corners.map { abs(($0 - center).dot(v)) })
        func cleanCorners() -> [Point2D] {
            corners.map { corner -> Point2D in
                let d = corner - center
                return center + u * (d.dot(u) < 0 ? -halfWidth : halfWidth) + v * (d.dot(v) < 0 ? -halfHeight : halfHeight)
            }
        }
        var clean = cleanCorners()
        guard Set(clean.map { [$0.x, $0.y] }).count == 4 else { return nil }
        // The fit is judged on the rectangle; making its sides equal is the snap's own tidying.
        let fit = ShapeScore.polygonConfidence(points, vertices: clean, closed: true, size: size)
        let isSquare = Swift.min(halfWidth, halfHeight) >= 0.85 * Swift.max(halfWidth, halfHeight)
        if isSquare {
            (halfWidth, halfHeight) = ((halfWidth + halfHeight) / 2, (halfWidth + halfHeight) / 2)
            clean = cleanCorners()
        }
        let confidence = Swift.min(fit, ShapeScore.confidence(worstAngle / limit))
        return RecognizedShape(kind: isSquare ? .square : .rectangle, confidence: confidence, geometry: .polygon(corners: clean, closed: true))
    }
}
