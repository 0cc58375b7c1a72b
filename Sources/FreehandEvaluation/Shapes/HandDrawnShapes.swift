import FreehandKit
import Foundation

/// A labelled set of hand-drawn shapes for measuring `ShapeRecognizer`: each clean shape is distorted
/// and drawn the way a hand draws, timed by a real stroke's motion, sampled at a device rate, and ends
/// with the pen held still (the "hold to snap" gesture).
///
/// For each kind, size (bounds diagonal 40, 80, 160, 320 pt), rate (60, 120, 240 Hz) and variant:
/// a random rotation; an uneven scale (±6 % per axis) and shear (±5 %); corners rounded over 3 % of
/// the size; a slow wobble across the path (three sine waves, 0.6–1.5 % of the size in all); closed
/// shapes start anywhere (polygons half the time at a corner) and stop 4 % short of the start or
/// overshoot it by up to 12 % of the perimeter; a pen-down and a pen-up hook (2 % of the size) a third
/// of the time each; tremor (σ 0.15 pt); the speed along the path is a real stroke's (a donor from the
/// recordings), at a mean speed that grows with the size (120–800 pt/s); 0.6 s of rest at the end.
public struct HandDrawnShapes: Sendable {
    /// One drawn shape and what it was meant to be.
    public struct Drawn: Sendable {
        /// The shape the hand meant.
        public var kind: ShapeKind
        /// The samples, locations in points, timestamps in seconds.
        public var samples: [Sample]
        /// The size it was drawn at (bounds diagonal before distortion), points.
        public var size: Double
        /// The sample rate, hertz.
        public var rate: Double
    }

    /// The sizes drawn, points.
    public static let sizes: [Double] = [40, 80, 160, 320]
    /// The rates sampled, hertz.
    public static let rates: [Double] = [60, 120, 240]

    /// How many variants of each kind, size and rate.
    public var variants: Int
    /// The seed of every random choice.
    public var seed: UInt64

    /// A set with `variants` of each kind, size and rate.
    public init(variants: Int = 5, seed: UInt64 = 2026) {
        self.variants = variants
        self.seed = seed
    }

    /// The drawn shapes, timed by the motions of `donors` (real strokes with timestamps and at least
    /// 16 samples; without any, an even speed with a slower start and end).
    public func drawn(motionFrom donors: [[Sample]]) -> [Drawn] {
        let profiles = donors.compactMap(Self.speedProfile)
        var generator = SplitMix64(seed: seed)
        var result: [Drawn] = []
        for kind in ShapeKind.allCases {
            for size in Self.sizes {
                for rate in Self.rates {
                    for _ in 0..<variants {
                        let profile = profiles.isEmpty ? nil : profiles[Int.random(in: 0..<profiles.count, using: &generator)]
                        let path = Self.handPath(kind, size: size, using: &generator)
                        let samples = Self.timed(path, size: size, rate: rate, profile: profile, using: &generator)
                        result.append(Drawn(kind: kind, samples: samples, size: size, rate: rate))
                    }
                }
            }
        }
        return result
    }

    /// The fraction of a real stroke's length drawn by each 1/64 of its duration (65 values, 0…1), or
    /// nil when the stroke has no usable timing.
    static func speedProfile(_ stroke: [Sample]) -> [Double]? {
        guard stroke.count >= 16, let start = stroke.first?.timestamp, let end = stroke.last?.timestamp, end > start else { return nil }
        var travelled: [(time: Double, distance: Double)] = [(0, 0)]
        for (a, b) in zip(stroke, stroke.dropFirst()) {
            guard let t = b.timestamp else { return nil }
            travelled.append(((t - start) / (end - start), travelled[travelled.count - 1].distance + a.location.distance(to: b.location)))
        }
        guard let total = travelled.last?.distance, total > 0 else { return nil }
        var profile: [Double] = []
        var index = 0
        for step in 0...64 {
            let time = Double(step) / 64
            while index < travelled.count - 2, travelled[index + 1].time < time { index += 1 }
            let a = travelled[index], b = travelled[index + 1]
            let t = b.time > a.time ? Swift.min(1, Swift.max(0, (time - a.time) / (b.time - a.time))) : 1
            profile.append(Swift.max(profile.last ?? 0, (a.distance + (b.distance - a.distance) * t) / total))
        }
        return profile
    }

    /// The clean shape of `kind` in a unit frame, as the pen traces it (closed shapes once round from
    /// their start).
    static func cleanPath<G: RandomNumberGenerator>(_ kind: ShapeKind, using generator: inout G) -> (points: [Point2D], closed: Bool, corners: Bool) {
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        func degrees(_ value: Double) -> Double { value * Double.pi / 180 }
        func ellipse(_ a: Double, _ b: Double, sweep: Double) -> [Point2D] {
            let start = random(0...(2 * Double.pi)), direction = Bool.random(using: &generator) ? 1.0 : -1.0
            return (0...256).map { step in
                let angle = start + direction * sweep * Double(step) / 256
                return Point2D(a * cos(angle), b * sin(angle))
            }
        }
        switch kind {
        case .line:
            return ([Point2D(0, 0), Point2D(1, 0)], false, false)
        case .polyline:
            var points = [Point2D(0, 0)]
            var heading = random(0...(2 * Double.pi))
            for segment in 0..<Int.random(in: 2...4, using: &generator) {
                if segment > 0 { heading += (Bool.random(using: &generator) ? 1 : -1) * degrees(random(55...140)) }
                points.append(points[points.count - 1] + Point2D(cos(heading), sin(heading)) * random(0.45...1))
            }
            return (points, false, true)
        case .circle:
            return (ellipse(1, 1, sweep: 2 * Double.pi), true, false)
        case .ellipse:
            return (ellipse(1, random(0.35...0.65), sweep: 2 * Double.pi), true, false)
        case .arc:
            return (ellipse(1, 1, sweep: degrees(random(70...270))), false, false)
        case .triangle:
            var corners: [Point2D] = []
            repeat {
                corners = (0..<3).map { k in
                    let angle = 2 * Double.pi * Double(k) / 3 + random(-0.35...0.35)
                    return Point2D(cos(angle), sin(angle)) * random(0.8...1.2)
                }
            } while (0..<3).contains { k in
                CornerFinder.turn(corners[(k + 2) % 3], corners[k], corners[(k + 1) % 3]) > degrees(145)
            }
            return (corners, true, true)
        case .rectangle, .square:
            let height = kind == .square ? 1 : random(0.35...0.7)
            return ([Point2D(0, 0), Point2D(1, 0), Point2D(1, height), Point2D(0, height)], true, true)
        case .arrow:
            let barbs = (0..<2).map { side -> Point2D in
                let angle = degrees(random(25...45)) * (side == 0 ? 1 : -1)
                return Point2D(1, 0) + Point2D(-cos(angle), sin(angle)) * random(0.2...0.35)
            }
            let tip = Point2D(1, 0)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return ([Point2D(0, 0), tip, barbs[0], tip, barbs[1]], false, true)
            case 1: return ([Point2D(0, 0), tip, barbs[0], barbs[1], tip], false, true)
            default: return ([barbs[0], tip, barbs[1], tip, Point2D(0, 0)], false, true)
            }
        }
    }

    /// The path a hand draws for `kind` at `size`: the clean shape distorted, rotated, started and
    /// closed as a hand does, corners rounded, wobbling, with hooks.
    static func handPath<G: RandomNumberGenerator>(_ kind: ShapeKind, size: Double, using generator: inout G) -> [Point2D] {
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var (points, closed, hasCorners) = cleanPath(kind, using: &generator)
        // Uneven scale and shear, then rotation and the size.
        let sx = random(0.94...1.06), sy = random(0.94...1.06), shear = random(-0.05...0.05)
        let turn = random(0...(2 * Double.pi))
        points = points.map { p in
            let q = Point2D(p.x * sx + p.y * shear, p.y * sy)
            return Point2D(q.x * cos(turn) - q.y * sin(turn), q.x * sin(turn) + q.y * cos(turn))
        }
        guard let bounds = Rect2D(enclosing: points) else { return points }
        let scale = size / Swift.max((bounds.max - bounds.min).length, 1e-9)
        points = points.map { ($0 - bounds.center) * scale }
        if closed {
            // Start anywhere (polygons half the time at a corner), run once round, then stop short or overshoot.
            var loop = points
            if loop.first == loop.last { loop.removeLast() }
            let corner = Int.random(in: 0..<loop.count, using: &generator)
            loop = Array(loop[corner...] + loop[..<corner]) + [loop[corner]]
            var dense = ShapeTrace.resample(loop, count: 512)
            if !hasCorners || Bool.random(using: &generator) {
                let shift = Int.random(in: 0..<511, using: &generator)
                dense = Array(dense[shift..<511] + dense[..<shift]) + [dense[shift]]
            }
            let extra = random(-0.04...0.12)
            if extra < 0 {
                dense.removeLast(Int(-extra * 511))
            } else {
                dense += dense[1...Swift.max(1, Int(extra * 511))]
            }
            points = dense
        }
        let length = ShapeTrace.length(of: points)
        var path = ShapeTrace.resample(points, count: Swift.max(64, Int(length / (size / 200))))
        if hasCorners { path = rounded(path, window: 0.03 * size) }
        // Wobble across the path.
        let waves = (0..<3).map { _ in (amplitude: random(0.002...0.005) * size, frequency: random(0.5...4), phase: random(0...(2 * Double.pi))) }
        var wobbled: [Point2D] = []
        var travelled = 0.0
        for index in path.indices {
            if index > 0 { travelled += path[index].distance(to: path[index - 1]) }
            let before = path[Swift.max(0, index - 1)], after = path[Swift.min(path.count - 1, index + 1)]
            let tangent = after - before
            guard tangent.lengthSquared > 0 else {
                wobbled.append(path[index])
                continue
            }
            let normal = Point2D(-tangent.y, tangent.x) / tangent.length
            let offset = waves.reduce(0) { $0 + $1.amplitude * sin(2 * Double.pi * $1.frequency * travelled / length + $1.phase) }
            wobbled.append(path[index] + normal * offset)
        }
        // Hooks as the pen lands and lifts.
        for end in 0..<2 where Int.random(in: 0..<3, using: &generator) == 0 {
            let angle = random(0...(2 * Double.pi))
            let anchor = end == 0 ? wobbled[0] : wobbled[wobbled.count - 1]
            let hook = [anchor + Point2D(cos(angle), sin(angle)) * (0.02 * size), anchor + Point2D(cos(angle), sin(angle)) * (0.01 * size)]
            if end == 0 { wobbled.insert(contentsOf: hook, at: 0) } else { wobbled += hook.reversed() }
        }
        return wobbled
    }

    /// `points` with each replaced by the mean of those within `window` / 2 of it along the path.
    static func rounded(_ points: [Point2D], window: Double) -> [Point2D] {
        guard points.count > 2 else { return points }
        let spacing = ShapeTrace.length(of: points) / Double(points.count - 1)
        let reach = Swift.max(1, Int(window / 2 / Swift.max(spacing, 1e-9)))
        return points.indices.map { index in
            let range = Swift.max(0, index - reach)...Swift.min(points.count - 1, index + reach)
            return range.reduce(Point2D.zero) { $0 + points[$1] } / Double(range.count)
        }
    }

    /// Samples along `path` at `rate`, the pen's progress following `profile` (a donor's), then held
    /// still for 0.6 s; tremor added to each.
    static func timed<G: RandomNumberGenerator>(_ path: [Point2D], size: Double, rate: Double, profile: [Double]?, using generator: inout G) -> [Sample] {
        let length = ShapeTrace.length(of: path)
        let speed = Swift.min(800, Swift.max(120, 2.5 * size)) * Double.random(in: 0.8...1.25, using: &generator)
        let duration = Swift.max(0.1, length / speed)
        let dense = ShapeTrace.resample(path, count: Swift.max(2, Int(length / 0.25)))
        func position(at time: Double) -> Point2D {
            let tau = Swift.min(1, Swift.max(0, time / duration))
            let fraction: Double
            if let profile {
                let scaled = tau * 64
                let index = Swift.min(63, Int(scaled))
                fraction = profile[index] + (profile[index + 1] - profile[index]) * (scaled - Double(index))
            } else {
                fraction = tau - sin(2 * Double.pi * tau) / (2 * Double.pi)
            }
            return dense[Swift.min(dense.count - 1, Int((fraction * Double(dense.count - 1)).rounded()))]
        }
        var samples: [Sample] = []
        let drawing = Int((duration * rate).rounded(.up)), holding = Int((0.6 * rate).rounded(.up))
        for step in 0...(drawing + holding) {
            let time = Double(step) / rate
            let location = position(at: time) + GaussianNoise.vector(deviation: 0.15, using: &generator)
            samples.append(Sample(location: location, timestamp: time, force: 0.5))
        }
        return samples
    }
}
