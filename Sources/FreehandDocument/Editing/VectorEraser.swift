import FreehandKit

/// The geometry of the vector erasers: which strokes an eraser path touches, and what is left of a
/// stroke once the parts under the eraser are cut out.
enum VectorEraser {
    /// True when the eraser disc of `radius` swept along `path` touches the stroke's ink.
    static func touches(_ stroke: StrokeRecord, path: [Point2D], radius: Double) -> Bool {
        guard let strokeBounds = stroke.sampleBounds, let pathBounds = Rect2D(enclosing: path),
              strokeBounds.expanded(by: stroke.maximumHalfWidth + radius).intersects(pathBounds),
              let vertices = stroke.ink()?.vertices else { return false }
        let reach = strokeBounds.expanded(by: stroke.maximumHalfWidth + radius)
        return probes(along: path, within: reach, spacing: Swift.max(radius / 2, 0.25)).contains {
            InkGeometry.distance(from: $0, toInkOf: vertices) <= radius
        }
    }

    /// The most points one segment is cut into: bounds the work a hostile segment (10⁹ points long)
    /// can demand; at real sizes (a segment shorter than 1,024 spacings) it never applies.
    static let maximumSubdivisions = 1024

    /// The runs of samples left when everything within `radius` of `path` (plus the stroke's half
    /// width, so the eraser cuts where it touches ink) is cut out; nil when the eraser misses the
    /// stroke. Segments crossing the eraser are first subdivided (properties interpolated), so a cut
    /// falls where the eraser is, not only at recorded samples.
    static func pieces(of stroke: StrokeRecord, path: [Point2D], radius: Double) -> [[Sample]]? {
        guard touches(stroke, path: path, radius: radius) else { return nil }
        let reach = radius + stroke.maximumHalfWidth
        let spacing = Swift.max(reach / 4, 0.25)
        var dense: [Sample] = []
        let eraserBounds = Rect2D(enclosing: path).map { $0.expanded(by: reach) }
        for (a, b) in zip(stroke.samples, stroke.samples.dropFirst()) {
            dense.append(a)
            guard a.location.distance(to: b.location) > spacing, distance(fromSegment: a.location, b.location, to: path) <= reach,
                  let eraserBounds, let span = parameters(of: a.location, b.location, within: eraserBounds.expanded(by: spacing))
            else { continue }
            // Subdivide only the part of the segment near the eraser.
            let length = a.location.distance(to: b.location) * (span.upperBound - span.lowerBound)
            let count = subdivisions(length, spacing: spacing)
            for step in 0...count {
                let t = span.lowerBound + (span.upperBound - span.lowerBound) * Double(step) / Double(count)
                if t > 0, t < 1 { dense.append(interpolate(a, b, t)) }
            }
        }
        if let last = stroke.samples.last { dense.append(last) }
        var pieces: [[Sample]] = []
        var current: [Sample] = []
        for sample in dense {
            if distance(fromPoint: sample.location, to: path) <= reach {
                if !current.isEmpty { pieces.append(current) }
                current = []
            } else {
                current.append(sample)
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Points along the parts of `path` inside `area`, no more than `spacing` apart (at most
    /// `maximumSubdivisions` + 1 per segment).
    static func probes(along path: [Point2D], within area: Rect2D, spacing: Double) -> [Point2D] {
        guard let first = path.first else { return [] }
        guard path.count > 1 else { return area.contains(first) ? [first] : [] }
        var result: [Point2D] = []
        for (a, b) in zip(path, path.dropFirst()) {
            guard let span = parameters(of: a, b, within: area) else { continue }
            let count = subdivisions(a.distance(to: b) * (span.upperBound - span.lowerBound), spacing: spacing)
            for step in 0...count {
                let t = span.lowerBound + (span.upperBound - span.lowerBound) * Double(step) / Double(count)
                result.append(a + (b - a) * t)
            }
        }
        return result
    }

    /// How many pieces a length is cut into so that each is at most `spacing` long: 1…`maximumSubdivisions`.
    static func subdivisions(_ length: Double, spacing: Double) -> Int {
        let count = (length / spacing).rounded(.up)
        guard count.isFinite, count >= 1 else { return 1 }
        return count >= Double(maximumSubdivisions) ? maximumSubdivisions : Int(count)
    }

    /// The parameters t (0…1) of the segment a→b whose points lie in `area`, or nil when none do.
    static func parameters(of a: Point2D, _ b: Point2D, within area: Rect2D) -> ClosedRange<Double>? {
        var lower = 0.0, upper = 1.0
        for (start, delta, low, high) in [(a.x, b.x - a.x, area.min.x, area.max.x), (a.y, b.y - a.y, area.min.y, area.max.y)] {
            if delta == 0 {
                guard start >= low, start <= high else { return nil }
                continue
            }
            let t0 = (low - start) / delta, t1 = (high - start) / delta
            lower = Swift.max(lower, Swift.min(t0, t1))
            upper = Swift.min(upper, Swift.max(t0, t1))
        }
        return lower <= upper ? lower...upper : nil
    }

    static func distance(fromPoint point: Point2D, to path: [Point2D]) -> Double {
        guard let first = path.first else { return .infinity }
        guard path.count > 1 else { return point.distance(to: first) }
        return zip(path, path.dropFirst()).map { segmentDistance(point, $0, $1) }.min() ?? .infinity
    }

    /// The exact distance between the segment a→b and the polyline `path`.
    static func distance(fromSegment a: Point2D, _ b: Point2D, to path: [Point2D]) -> Double {
        guard let first = path.first else { return .infinity }
        guard path.count > 1 else { return segmentDistance(first, a, b) }
        var best = Double.infinity
        for (c, d) in zip(path, path.dropFirst()) {
            let distance = distance(betweenSegment: a, b, andSegment: c, d)
            if distance == 0 { return 0 }
            best = Swift.min(best, distance)
        }
        return best
    }

    /// The exact distance between the segments a→b and c→d (0 when they cross).
    static func distance(betweenSegment a: Point2D, _ b: Point2D, andSegment c: Point2D, _ d: Point2D) -> Double {
        if segmentsCross(a, b, c, d) { return 0 }
        return Swift.min(segmentDistance(a, c, d), segmentDistance(b, c, d), segmentDistance(c, a, b), segmentDistance(d, a, b))
    }

    /// True when the segments a→b and c→d share a point.
    static func segmentsCross(_ a: Point2D, _ b: Point2D, _ c: Point2D, _ d: Point2D) -> Bool {
        func side(_ p: Point2D, _ q: Point2D, _ r: Point2D) -> Double { (q - p).cross(r - p) }
        let d1 = side(c, d, a), d2 = side(c, d, b), d3 = side(a, b, c), d4 = side(a, b, d)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }

    static func segmentDistance(_ point: Point2D, _ a: Point2D, _ b: Point2D) -> Double {
        point.distance(toSegment: a, b)
    }

    /// A sample between `a` and `b` at `t` (0…1), every property interpolated where both have it.
    static func interpolate(_ a: Sample, _ b: Sample, _ t: Double) -> Sample {
        func mix(_ x: Double?, _ y: Double?) -> Double? {
            guard let x, let y else { return x ?? y }
            return x + (y - x) * t
        }
        var sample = a
        sample.location = a.location + (b.location - a.location) * t
        sample.timestamp = mix(a.timestamp, b.timestamp)
        sample.force = mix(a.force, b.force)
        sample.altitude = mix(a.altitude, b.altitude)
        sample.azimuth = mix(a.azimuth, b.azimuth)
        sample.majorRadius = mix(a.majorRadius, b.majorRadius)
        sample.isCoalesced = true
        sample.estimationUpdateIndex = nil
        return sample
    }
}
