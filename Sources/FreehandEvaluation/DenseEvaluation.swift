import FreehandKit
import Foundation

/// The dense-input evaluation of `freehand evaluate --dense`: how close each technique stays to a
/// known clean curve, and how smooth it is, when the input is dense and noisy as a fast pen or a
/// browser gives it.
///
/// The protocol: each timed stroke of the recordings → its centripetal Catmull–Rom curve (the
/// truth), timed as the pen was (each span over its samples' interval) → sampled every 1/rate
/// seconds → positions rounded to a 0.5-point grid (`quantised`), or moved by Gaussian noise of
/// σ 0.3 points and then rounded (`jitter`). Each technique's centreline is compared with the
/// truth both ways (the mean distance from each to the other, resampled every 0.5 points) and by
/// its wiggle (curvature variation per length, as the sparse evaluation's smoothness) as a
/// multiple of the truth's own.
public struct DenseEvaluation: Sendable {
    /// How the dense samples are spoiled.
    public enum Variant: String, CaseIterable, Sendable, Codable {
        /// Positions rounded to `grid`.
        case quantised
        /// Gaussian noise of deviation `jitter`, then rounded to `grid`.
        case jitter
    }

    /// A technique measured (its name in the report) and how it turns samples into a centreline.
    public struct Contender: Sendable {
        /// The name in the report.
        public var name: String
        /// The centreline (a polyline, points) drawn from the dense input.
        public var centreline: @Sendable ([Sample]) -> [Point2D]
        /// The technique behind it when it is one of the library's (for the committed lag).
        public var technique: (any InterpolationTechnique)?

        /// A contender from one of the library's techniques.
        public init(_ technique: any InterpolationTechnique, name: String? = nil) {
            self.name = name ?? technique.name
            self.technique = technique
            self.centreline = { TechniqueCurve.path(for: $0, technique: technique).flattened(tolerance: 0.0005) }
        }

        /// A reference contender that is not a library technique.
        public init(name: String, centreline: @escaping @Sendable ([Sample]) -> [Point2D]) {
            self.name = name
            self.technique = nil
            self.centreline = centreline
        }
    }

    /// The recordings whose timed strokes give the truths, in points.
    public var recordings: [EvaluationRecording]
    /// The dense rates, hertz.
    public var rates: [Double]

    /// The most samples one stroke is redrawn into at one rate: 100,000 (a 7-minute stroke at
    /// 240 Hz). A longer one — a recording whose clock spans hours, or a rate far beyond any
    /// device's — is left out of that rate's rows (`Row.strokes` counts the strokes measured), so
    /// that any readable file is measured in bounded memory and time.
    public static let maximumSamplesPerStroke = 100_000
    /// What is measured.
    public var contenders: [Contender]
    /// The rounding grid, points (0.5).
    public var grid = 0.5
    /// The jitter's standard deviation, points (0.3).
    public var jitter = 0.3

    /// An evaluation of `contenders` on `recordings` at `rates` (default 240 and 120 Hz).
    public init(recordings: [EvaluationRecording], rates: [Double] = [240, 120], contenders: [Contender]) {
        self.recordings = recordings
        self.rates = rates
        self.contenders = contenders
    }

    /// The contenders of the report in docs/evaluation.md: every technique of the catalogue, the
    /// default without its denoiser (as it was), and perfect-freehand's centreline.
    public static var standardContenders: [Contender] {
        var contenders = TechniqueCatalog.all.map { Contender($0) }
        if let plain = try? FreehandTechnique(denoising: nil) { contenders.append(Contender(plain, name: "freehand (no denoiser)")) }
        contenders.append(Contender(name: "perfect-freehand (streamline 0.5)") { samples in
            PerfectFreehandCentreline.points(samples.map(\.location))
        })
        return contenders
    }

    /// One row: a contender on one variant at one rate.
    public struct Row: Sendable, Codable {
        /// The contender's name.
        public var technique: String
        /// The dense rate, hertz.
        public var rate: Double
        /// The spoiling.
        public var variant: Variant
        /// Strokes measured.
        public var strokes: Int
        /// The both-ways distance to the truth, points: the mean of the two directions' means.
        public var distance: Double
        /// The 95th percentile of the distances both ways, points.
        public var distanceP95: Double
        /// Curvature variation per length as a multiple of the truth's.
        public var wiggle: Double
        /// The mean committed lag while drawing, milliseconds (nil for a reference contender).
        public var lagMilliseconds: Double?
    }

    /// Runs every measurement, the contenders on up to `maximumThreads` cores; `progress` is called
    /// after each rate and variant with (done, total).
    public func run(maximumThreads: Int = 8, progress: (Int, Int) -> Void = { _, _ in }) -> [Row] {
        let truths = recordings.flatMap { $0.strokes.compactMap(TimedTruth.init) }
        var rows: [Row] = []
        var done = 0
        for rate in rates {
            for variant in Variant.allCases {
                var generator = SplitMix64(seed: 2026)
                let cases = truths.filter { $0.sampleCount(every: 1 / rate) <= Double(Self.maximumSamplesPerStroke) }.map { truth in
                    (truth, spoiled(truth.sampled(every: 1 / rate), variant, &generator))
                }
                let measured = ConcurrentMap.results(count: contenders.count) { index in
                    Tally(contenders[index], on: cases)
                }
                for (contender, tally) in zip(contenders, measured) {
                    rows.append(Row(
                        technique: contender.name, rate: rate, variant: variant, strokes: cases.count,
                        distance: tally.distance, distanceP95: tally.distanceP95, wiggle: tally.wiggle, lagMilliseconds: tally.lagMilliseconds))
                }
                done += 1
                progress(done, rates.count * Variant.allCases.count)
            }
        }
        return rows
    }

    /// The samples moved as `variant` says.
    private func spoiled(_ samples: [Sample], _ variant: Variant, _ generator: inout SplitMix64) -> [Sample] {
        samples.map { sample in
            var spoiled = sample
            if variant == .jitter { spoiled.location += GaussianNoise.vector(deviation: jitter, using: &generator) }
            spoiled.location = spoiled.location.rounded(toGrid: grid)
            return spoiled
        }
    }
}

/// A stroke's clean curve: the centripetal Catmull–Rom spline through its samples, each span timed
/// over its samples' interval.
struct TimedTruth: Sendable {
    var samples: [Sample]
    var path: [PathElement]
    var polyline: [Point2D]
    var smoothness: (variation: Double, length: Double)

    /// The truth of `stroke`: its samples with a timestamp later than the one before and a new
    /// location (nil when fewer than three remain).
    init?(_ stroke: [Sample]) {
        var kept: [Sample] = []
        for sample in stroke {
            guard let time = sample.timestamp else { return nil }
            if let last = kept.last, !(time > last.timestamp!) || sample.location == last.location { continue }
            kept.append(sample)
        }
        guard kept.count >= 3 else { return nil }
        samples = kept
        let technique = ParameterError.builtIn { () throws(ParameterError) in try CatmullRomTechnique(alpha: 0.5) }
        let curve = StrokeBuilder.path(for: kept, technique: technique)
        path = curve.elements
        guard path.count == kept.count else { return nil }
        polyline = curve.flattened(tolerance: 0.005)
        smoothness = SmoothnessMeasurement.curvatureVariation(of: curve.flattened(tolerance: 0.0005))
    }

    /// The curve sampled every `interval` seconds from the first sample's time, and at the last.
    /// How many samples `sampled(every:)` gives (a huge number, not a trap, for a tiny interval).
    func sampleCount(every interval: Double) -> Double {
        ((samples[samples.count - 1].timestamp ?? 0) - (samples[0].timestamp ?? 0)) / interval + 2
    }

    func sampled(every interval: Double) -> [Sample] {
        let start = samples[0].timestamp!, end = samples[samples.count - 1].timestamp!
        var result: [Sample] = []
        var span = 1
        var step = 0
        while true {
            let time = start + Double(step) * interval
            guard time < end else { break }
            while samples[span].timestamp! <= time { span += 1 }
            let t0 = samples[span - 1].timestamp!, t1 = samples[span].timestamp!
            let location = path[span].point(at: (time - t0) / (t1 - t0), from: samples[span - 1].location)
            result.append(Sample(location: location, timestamp: time))
            step += 1
        }
        result.append(Sample(location: samples[samples.count - 1].location, timestamp: end))
        return result
    }
}

/// The distances between two polylines, both ways: from points every 0.5 points along each to the
/// other.
enum BothWaysDistance {
    static func distances(between a: [Point2D], and b: [Point2D]) -> (aToB: [Double], bToA: [Double]) {
        (directed(from: a, to: b), directed(from: b, to: a))
    }

    private static func directed(from a: [Point2D], to b: [Point2D]) -> [Double] {
        guard let bounds = Rect2D(enclosing: b), a.allSatisfy(\.isFinite) else { return [.infinity] }
        let grid = SegmentGrid(b, cellSize: Swift.max(bounds.width, bounds.height, 1) / 64)
        var points = SmoothnessMeasurement.resample(a, step: SmoothnessMeasurement.step)
        if let last = a.last, points.last != last { points.append(last) }
        return points.map { grid.distance(from: $0) }
    }
}

extension DenseEvaluation {
    /// The rows as Markdown: a table per rate, the two variants side by side.
    public static func markdown(_ rows: [Row]) -> String {
        var text = ""
        var rates: [Double] = []
        for row in rows where !rates.contains(row.rate) { rates.append(row.rate) }
        for rate in rates {
            text += "\n### Dense input at \(Int(rate)) Hz\n\n"
            guard rows.contains(where: { $0.rate == rate && $0.strokes > 0 }) else {
                text += "No stroke measured: each would be redrawn into more than \(maximumSamplesPerStroke) samples.\n"
                continue
            }
            text += "| technique | quantised: distance (p95) | wiggle | jitter: distance (p95) | wiggle | committed lag |\n"
            text += "| --- | --- | --- | --- | --- | --- |\n"
            var names: [String] = []
            for row in rows where row.rate == rate && !names.contains(row.technique) { names.append(row.technique) }
            for name in names {
                let of = { (variant: Variant) in rows.first { $0.rate == rate && $0.technique == name && $0.variant == variant } }
                guard let quantised = of(.quantised), let jitter = of(.jitter) else { continue }
                let lag = quantised.lagMilliseconds.map { String(format: "%.1f ms", $0) } ?? "—"
                text += "| \(name) | " + String(format: "%.3f (%.2f) | %.2f× | %.3f (%.2f) | %.2f×", quantised.distance, quantised.distanceP95, quantised.wiggle, jitter.distance, jitter.distanceP95, jitter.wiggle) + " | \(lag) |\n"
            }
        }
        return text
    }
}

extension Point2D {
    /// The point with each coordinate rounded to the nearest multiple of `grid` points: what a
    /// device reporting positions on that grid gives.
    func rounded(toGrid grid: Double) -> Point2D {
        Point2D((x / grid).rounded() * grid, (y / grid).rounded() * grid)
    }
}
