import FreehandKit

/// The mouse evaluation of `freehand evaluate --mouse`: how close each technique stays to a known
/// clean curve, and how smooth it is, when the input comes from a pointer that reports whole
/// points — a mouse or a trackpad in a browser at 100 % zoom.
///
/// The protocol: each timed stroke of the recordings → its clean curve (`TimedTruth`: the
/// centripetal Catmull–Rom spline through its samples) → redrawn as a pointer moving along it at a
/// constant speed (each of `speeds`) → sampled every 1/rate seconds (each of `rates`) → positions
/// rounded to whole points. Measured as the dense evaluation measures: the mean distance both ways
/// to the clean curve, its 95th percentile, the wiggle as a multiple of the curve's own, and the
/// committed lag while drawing.
public struct MouseEvaluation: Sendable {
    /// The recordings whose timed strokes give the clean curves, in points.
    public var recordings: [EvaluationRecording]
    /// The sampling rates, hertz (default 125 and 1000: a common mouse and a gaming mouse).
    public var rates: [Double]
    /// The pointer's speeds along the curve, points a second (default 30, 100 and 300: a slow
    /// careful stroke, ordinary writing and a quick one).
    public var speeds: [Double]
    /// What is measured (the dense evaluation's contenders).
    public var contenders: [DenseEvaluation.Contender]
    /// The rounding grid, points (1: whole points).
    public var grid = 1.0

    /// The most samples one stroke is redrawn into (as `DenseEvaluation.maximumSamplesPerStroke`).
    public static let maximumSamplesPerStroke = DenseEvaluation.maximumSamplesPerStroke

    /// An evaluation of `contenders` on `recordings` at `rates` and `speeds`.
    public init(
        recordings: [EvaluationRecording], rates: [Double] = [125, 1000], speeds: [Double] = [30, 100, 300],
        contenders: [DenseEvaluation.Contender]
    ) {
        self.recordings = recordings
        self.rates = rates
        self.speeds = speeds
        self.contenders = contenders
    }

    /// The contenders of the report in docs/quality.md: the default, straight lines through the
    /// samples, and perfect-freehand's centreline.
    public static var standardContenders: [DenseEvaluation.Contender] {
        [
            DenseEvaluation.Contender(FreehandTechnique.standard),
            DenseEvaluation.Contender(LinearTechnique()),
            DenseEvaluation.Contender(name: "perfect-freehand (streamline 0.5)") { samples in
                PerfectFreehandCentreline.points(samples.map(\.location))
            },
        ]
    }

    /// One row: a contender over every rate and speed (`rate` and `speed` nil), or at one of each.
    public struct Row: Sendable, Codable, Hashable {
        /// The contender's name.
        public var technique: String
        /// The rate, hertz, or nil for all of them.
        public var rate: Double?
        /// The speed, points a second, or nil for all of them.
        public var speed: Double?
        /// Strokes measured.
        public var strokes: Int
        /// The both-ways distance to the clean curve, points.
        public var distance: Double
        /// The 95th percentile of the distances both ways, points.
        public var distanceP95: Double
        /// Curvature variation per length as a multiple of the clean curve's.
        public var wiggle: Double
        /// The mean committed lag while drawing, milliseconds (nil for a reference contender).
        public var lagMilliseconds: Double?
    }

    /// Runs every measurement: a row per contender, rate and speed, then one per contender over all
    /// of them (the figure the goals read). The contenders run on up to `maximumThreads` cores.
    public func run(maximumThreads: Int = 8) -> [Row] {
        let truths = recordings.flatMap { $0.strokes.compactMap(TimedTruth.init) }
        var rows: [Row] = []
        var totals = [DenseEvaluation.Tally](repeating: DenseEvaluation.Tally(), count: contenders.count)
        for rate in rates {
            for speed in speeds where speed > 0 {
                let cases = truths.compactMap { truth -> (TimedTruth, [Sample])? in
                    guard let samples = truth.pointer(speed: speed, rate: rate, grid: grid, limit: Self.maximumSamplesPerStroke) else { return nil }
                    return (truth, samples)
                }
                let tallies = ConcurrentMap.results(count: contenders.count) { index in
                    DenseEvaluation.Tally(contenders[index], on: cases)
                }
                for (index, tally) in tallies.enumerated() {
                    totals[index].add(tally)
                    rows.append(tally.row(contenders[index].name, rate: rate, speed: speed))
                }
            }
        }
        for (index, total) in totals.enumerated() {
            rows.append(total.row(contenders[index].name, rate: nil, speed: nil))
        }
        return rows
    }

    /// The rows as Markdown: the summary over every rate and speed, then a table per rate.
    public static func markdown(_ rows: [Row]) -> String {
        var text = "\n### Mouse input: whole points, every rate and speed\n\n"
        text += "| technique | distance (p95) | wiggle | committed lag |\n| --- | --- | --- | --- |\n"
        for row in rows where row.rate == nil {
            text += "| \(row.technique) | " + String(format: "%.3f (%.2f) | %.2f×", row.distance, row.distanceP95, row.wiggle) + " | \(lag(row)) |\n"
        }
        var rates: [Double] = []
        for row in rows { if let rate = row.rate, !rates.contains(rate) { rates.append(rate) } }
        for rate in rates {
            text += "\n### Mouse input at \(Int(rate)) Hz\n\n"
            text += "| technique | speed | distance (p95) | wiggle | committed lag |\n| --- | --- | --- | --- | --- |\n"
            for row in rows where row.rate == rate {
                text += "| \(row.technique) | \(Int(row.speed ?? 0)) pt/s | " + String(format: "%.3f (%.2f) | %.2f×", row.distance, row.distanceP95, row.wiggle) + " | \(lag(row)) |\n"
            }
        }
        return text
    }

    private static func lag(_ row: Row) -> String {
        row.lagMilliseconds.map { String(format: "%.1f ms", $0) } ?? "—"
    }
}

extension TimedTruth {
    /// The clean curve redrawn by a pointer moving along it at `speed` points a second, sampled
    /// every 1/`rate` seconds from 0 and at the end, positions rounded to `grid`; nil when that
    /// would take more than `limit` samples.
    func pointer(speed: Double, rate: Double, grid: Double, limit: Int) -> [Sample]? {
        var lengths = [0.0]
        lengths.reserveCapacity(polyline.count)
        for index in 1..<polyline.count { lengths.append(lengths[index - 1] + polyline[index - 1].distance(to: polyline[index])) }
        let total = lengths[lengths.count - 1]
        let duration = total / speed
        guard total > 0, duration * rate + 2 <= Double(limit) else { return nil }
        var samples: [Sample] = []
        var segment = 1
        var step = 0
        while true {
            let time = Double(step) / rate
            guard time < duration else { break }
            let along = time * speed
            while lengths[segment] < along { segment += 1 }
            let start = lengths[segment - 1], span = lengths[segment] - start
            let fraction = span > 0 ? (along - start) / span : 0
            let point = polyline[segment - 1] + (polyline[segment] - polyline[segment - 1]) * fraction
            samples.append(Sample(location: point.rounded(toGrid: grid), timestamp: time, kind: .mouse))
            step += 1
        }
        samples.append(Sample(location: polyline[polyline.count - 1].rounded(toGrid: grid), timestamp: duration, kind: .mouse))
        return samples
    }
}
