import FreehandKit

/// The geometry of the vector erasers: which strokes an eraser path touches, and what is left of a
/// stroke once the parts under the eraser are cut out.
enum VectorEraser {
    /// True when the eraser disc of `radius` swept along `path` touches the stroke's ink.
    static func touches(_ stroke: StrokeRecord, path: [Point], radius: Double) -> Bool {
        guard let strokeBounds = stroke.sampleBounds, let pathBounds = Rect(enclosing: path),
              strokeBounds.expanded(by: stroke.maximumHalfWidth + radius).intersects(pathBounds),
              let vertices = stroke.ink()?.vertices else { return false }
        return probes(along: path, spacing: Swift.max(radius / 2, 0.25)).contains { InkGeometry.distance(from: $0, toInkOf: vertices) <= radius }
    }

    /// The runs of samples left when everything within `radius` of `path` (plus the stroke's half
    /// width, so the eraser cuts where it touches ink) is cut out; nil when the eraser misses the
    /// stroke. Segments crossing the eraser are first subdivided (properties interpolated), so a cut
    /// falls where the eraser is, not only at recorded samples.
    static func pieces(of stroke: StrokeRecord, path: [Point], radius: Double) -> [[Sample]]? {
        guard touches(stroke, path: path, radius: radius) else { return nil }
        let reach = radius + stroke.maximumHalfWidth
        let spacing = Swift.max(reach / 4, 0.25)
        var dense: [Sample] = []
        for (a, b) in zip(stroke.samples, stroke.samples.dropFirst()) {
            dense.append(a)
            let length = a.location.distance(to: b.location)
            guard length > spacing, distance(fromSegment: a.location, b.location, to: path) <= reach else { continue }
            let count = Int((length / spacing).rounded(.up))
            for step in 1..<count { dense.append(interpolate(a, b, Double(step) / Double(count))) }
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

    /// Points along `path` no more than `spacing` apart.
    static func probes(along path: [Point], spacing: Double) -> [Point] {
        guard let first = path.first else { return [] }
        var result = [first]
        for (a, b) in zip(path, path.dropFirst()) {
            let count = Swift.max(1, Int((a.distance(to: b) / spacing).rounded(.up)))
            for step in 1...count { result.append(a + (b - a) * (Double(step) / Double(count))) }
        }
        return result
    }

    static func distance(fromPoint point: Point, to path: [Point]) -> Double {
        guard let first = path.first else { return .infinity }
        guard path.count > 1 else { return point.distance(to: first) }
        return zip(path, path.dropFirst()).map { segmentDistance(point, $0, $1) }.min() ?? .infinity
    }

    static func distance(fromSegment a: Point, _ b: Point, to path: [Point]) -> Double {
        // Sampling the segment finely enough for a subdivision decision.
        let count = Swift.max(1, Int((a.distance(to: b) / 0.5).rounded(.up)))
        return (0...count).map { distance(fromPoint: a + (b - a) * (Double($0) / Double(count)), to: path) }.min() ?? .infinity
    }

    static func segmentDistance(_ point: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a
        let lengthSquared = ab.lengthSquared
        let t = lengthSquared > 0 ? Swift.min(1, Swift.max(0, (point - a).dot(ab) / lengthSquared)) : 0
        return (a + ab * t).distance(to: point)
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
