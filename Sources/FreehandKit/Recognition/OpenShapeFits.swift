/// Fits of the open shapes — line, arc, polyline, arrow — to a trace. Each returns the shape with its
/// confidence (0.5 at the loosest fit accepted), or nil when the shape cannot apply at all.
enum OpenShapeFits {
    /// Every open shape that applies to `trace`.
    static func candidates(for trace: ShapeTrace) -> [RecognizedShape] {
        var shapes: [RecognizedShape] = []
        if let line = line(trace) { shapes.append(line) }
        let arc = arc(trace)
        if let arc { shapes.append(arc) }
        if let chain = polyline(trace) {
            if let arrow = arrow(trace, chain) {
                shapes.append(arrow)
            } else if !(arc.map { $0.confidence >= 0.5 } ?? false) || hasSharpCorner(chain) {
                // A curve is cut into many gently turning runs: where an arc fits, a chain without a
                // sharp corner is that arc.
                shapes.append(chain)
            }
        }
        return shapes
    }

    /// A straight line: the points' best line, from the first point's projection to the last's.
    /// Limits: mean distance 2 % and largest 6 % of the length, path at most 15 % longer than the line.
    static func line(_ trace: ShapeTrace) -> RecognizedShape? {
        let points = trace.points
        guard let fit = LineFit(points), let first = points.first, let last = points.last else { return nil }
        let positions = points.map(fit.position)
        guard let low = positions.min(), let high = positions.max(), high > low else { return nil }
        let span = high - low
        let offsets = points.map { abs(fit.offset(of: $0)) }
        let retrace = ShapeTrace.length(of: points) / span - 1
        let confidence = ShapeScore.confidence(
            ShapeScore.mean(offsets) / span / 0.02, (offsets.max() ?? 0) / span / 0.06, retrace / 0.15)
        let corners = [fit.point(at: fit.position(of: first)), fit.point(at: fit.position(of: last))]
        return RecognizedShape(kind: .line, confidence: confidence, geometry: .polygon(corners: corners, closed: false))
    }

    /// An arc of a circle turning one way through 40°…320°. Limits: mean distance from the circle 3.5 %
    /// and largest 10 % of its radius.
    static func arc(_ trace: ShapeTrace) -> RecognizedShape? {
        let points = trace.points
        guard let circle = ConicFit.circle(through: points) else { return nil }
        var angles: [Double] = []
        angles.reserveCapacity(points.count)
        var travel = 0.0
        for point in points {
            let d = point - circle.center
            var angle = PortableMath.atan2(d.y, d.x)
            if let previous = angles.last {
                while angle - previous > Double.pi { angle -= 2 * Double.pi }
                while angle - previous < -Double.pi { angle += 2 * Double.pi }
                travel += abs(angle - previous)
            }
            angles.append(angle)
        }
        guard let start = angles.first, let end = angles.last else { return nil }
        let sweep = end - start
        let degrees = abs(sweep) * 180 / Double.pi
        guard degrees >= 40, degrees <= 320, travel <= 1.15 * abs(sweep) else { return nil }
        let errors = points.map { abs($0.distance(to: circle.center) - circle.radius) / circle.radius }
        let confidence = ShapeScore.confidence(ShapeScore.mean(errors) / 0.035, (errors.max() ?? 0) / 0.1)
        return RecognizedShape(
            kind: .arc, confidence: confidence,
            geometry: .arc(center: circle.center, radius: circle.radius, startAngle: start, sweep: sweep))
    }

    /// True when some corner of `chain` turns 65° or more.
    static func hasSharpCorner(_ chain: RecognizedShape) -> Bool {
        guard case let .polygon(vertices, _) = chain.geometry, vertices.count >= 3 else { return false }
        return (1..<(vertices.count - 1)).contains { CornerFinder.turn(vertices[$0 - 1], vertices[$0], vertices[$0 + 1]) >= 65 * Double.pi / 180 }
    }

    /// Two to five straight runs meeting at corners. Limits: mean distance 1.5 % and largest 5 % of
    /// the size (the diagonal of the bounds).
    static func polyline(_ trace: ShapeTrace) -> RecognizedShape? {
        let points = trace.points
        let corners = CornerFinder.openCorners(
            of: points, tolerance: 0.035 * trace.diagonal, shortest: 0.08 * ShapeTrace.length(of: points))
        guard corners.count >= 3, corners.count <= 6 else { return nil }
        let sides = ShapeScore.sideFits(points, corners: corners, closed: false)
        guard sides.count == corners.count - 1 else { return nil }
        var vertices: [Point2D] = []
        vertices.append(sides[0].point(at: sides[0].position(of: points[corners[0]])))
        for k in 1..<sides.count { vertices.append(sides[k - 1].intersection(with: sides[k]) ?? points[corners[k]]) }
        let lastSide = sides[sides.count - 1]
        vertices.append(lastSide.point(at: lastSide.position(of: points[corners[corners.count - 1]])))
        let confidence = ShapeScore.polygonConfidence(points, vertices: vertices, closed: false, size: trace.diagonal)
        return RecognizedShape(kind: .polyline, confidence: confidence, geometry: .polygon(corners: vertices, closed: false))
    }

    /// An arrow, when `chain` (a polyline fit) is a shaft with a head at one end: the longest run at
    /// either end is the shaft; every later corner lies within 0.6 shaft of its tip; two of them, on
    /// either side of the shaft, 8–60 % of its length away and 10°–75° off its backward direction,
    /// are the barbs (the rest retrace the tip).
    static func arrow(_ trace: ShapeTrace, _ chain: RecognizedShape) -> RecognizedShape? {
        guard case var .polygon(vertices, _) = chain.geometry, vertices.count >= 4, vertices.count <= 6 else { return nil }
        let lengths = zip(vertices, vertices.dropFirst()).map { $0.distance(to: $1) }
        guard let longest = lengths.indices.max(by: { lengths[$0] < lengths[$1] }) else { return nil }
        if longest == lengths.count - 1 {
            vertices.reverse()
        } else if longest != 0 {
            return nil
        }
        let tail = vertices[0], tip = vertices[1]
        let shaft = tail.distance(to: tip)
        let head = vertices[2...]
        guard shaft > 0, head.allSatisfy({ $0.distance(to: tip) <= 0.6 * shaft }) else { return nil }
        let barbs = head.filter { $0.distance(to: tip) > 0.12 * shaft }
        guard barbs.count == 2 else { return nil }
        let along = (tip - tail) / shaft
        let sides = barbs.map { along.cross($0 - tip) }
        guard sides[0] * sides[1] < 0 else { return nil }
        var angles: [Double] = []
        for barb in barbs {
            let length = barb.distance(to: tip)
            let angle = PortableMath.acos(Swift.min(1, Swift.max(-1, (-along).dot((barb - tip) / length))))
            guard length >= 0.08 * shaft, angle >= 10 * Double.pi / 180, angle <= 75 * Double.pi / 180 else { return nil }
            angles.append(angle)
        }
        let lengths2 = barbs.map { $0.distance(to: tip) }
        let asymmetry = abs(angles[0] - angles[1]) / (40 * Double.pi / 180)
        let uneven = abs(lengths2[0] - lengths2[1]) / Swift.max(lengths2[0], lengths2[1]) / 0.6
        let confidence = Swift.min(chain.confidence, ShapeScore.confidence(asymmetry, uneven))
        return RecognizedShape(kind: .arrow, confidence: confidence, geometry: .arrow(tail: tail, tip: tip, barbs: barbs))
    }
}
