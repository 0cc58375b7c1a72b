import FreehandKit
import Foundation

/// The quality evaluation of `freehand evaluate`: every technique on real recordings thinned to
/// touch-screen rates, measured for fidelity, smoothness, overshoot and latency; and the stroke
/// predictor's error per horizon.
public struct Evaluation: Sendable {
    /// The full-rate recordings (ground truth), in points.
    public var recordings: [EvaluationRecording]
    /// The rates to thin to, hertz; a recording counts for a rate when it is at least twice as fast.
    public var rates: [Double]
    /// The techniques to rank.
    public var techniques: [any InterpolationTechnique]
    /// Gaussian noise added to the thinned input, points (0 for none).
    public var noise: Double
    /// The prediction horizons, seconds.
    public var horizons: [Double] = [0.008, 0.016, 0.024, 0.032]
    /// The predictor evaluated.
    public var predictor = StrokePredictor.standard
    /// False (default): techniques are compared on their curves, the hooks at a stroke's ends kept
    /// (`TechniqueCurve`). True: with the engine's hook rules on, as the ink draws — what leaving
    /// hooks out costs in fidelity.
    public var dropsHooks = false

    /// An evaluation of `techniques` on `recordings` at `rates`.
    public init(recordings: [EvaluationRecording], rates: [Double], techniques: [any InterpolationTechnique] = TechniqueCatalog.all, noise: Double = 0) {
        self.recordings = recordings
        self.rates = rates
        self.techniques = techniques
        self.noise = noise
    }

    /// Runs every measurement; `progress` is called after each recording with (done, total).
    ///
    /// The techniques of one recording are measured at the same time on every processor core (at
    /// most `maximumThreads`); each technique's figures are gathered stroke by stroke in the same
    /// order as on one thread, so the report is the same.
    public func run(maximumThreads: Int = 8, progress: (Int, Int) -> Void = { _, _ in }) -> EvaluationReport {
        var accumulators: [String: QualityAccumulator] = [:]
        var predictions: [String: (predicted: [Double], still: [Double])] = [:]
        let total = recordings.count * rates.count
        let threads = Swift.max(1, Swift.min(maximumThreads, ProcessInfo.processInfo.activeProcessorCount, techniques.count))
        var done = 0
        for rate in rates {
            var generator = SplitMix64(seed: 2026)
            for recording in recordings {
                defer {
                    done += 1
                    progress(done, total)
                }
                guard let step = recording.step(toward: rate), step > 1 else { continue }
                // The thinned (and noisy) input of each stroke, drawn in order from the one generator.
                let strokes = recording.strokes.filter { $0.count > 2 }.map { stroke in
                    StrokeCase(stroke: stroke, input: FidelityMeasurement.thinned(stroke, step: step, noise: noise, generator: &generator))
                }
                let measured = Self.measure(strokes, step: step, techniques: techniques, threads: threads, droppingHooks: dropsHooks)
                for (technique, figures) in zip(techniques, measured) {
                    let key = "\(technique.name)@\(rate)"
                    var accumulator = accumulators[key] ?? QualityAccumulator(technique: technique.name, rate: rate)
                    for figure in figures { accumulator.add(figure) }
                    accumulators[key] = accumulator
                }
                for stroke in strokes {
                    for horizon in horizons {
                        let key = "\(rate)@\(horizon)"
                        var entry = predictions[key] ?? ([], [])
                        entry.predicted += PredictionMeasurement.errors(of: stroke.stroke, step: step, predictor: predictor, horizon: horizon)
                        entry.still += PredictionMeasurement.errors(of: stroke.stroke, step: step, predictor: nil, horizon: horizon)
                        predictions[key] = entry
                    }
                }
            }
        }
        var rows: [EvaluationReport.Row] = []
        for rate in rates {
            for technique in techniques {
                if let accumulator = accumulators["\(technique.name)@\(rate)"] { rows.append(accumulator.row) }
            }
        }
        var predictionRows: [EvaluationReport.PredictionRow] = []
        for rate in rates {
            for horizon in horizons {
                guard let entry = predictions["\(rate)@\(horizon)"], !entry.predicted.isEmpty else { continue }
                predictionRows.append(EvaluationReport.PredictionRow(
                    rate: rate, horizonMilliseconds: horizon * 1000, samples: entry.predicted.count,
                    withoutPrediction: Summary(entry.still), withPrediction: Summary(entry.predicted)))
            }
        }
        return EvaluationReport(noise: noise, rows: rows, predictions: predictionRows, predictor: predictor.model.rawValue)
    }
}

/// One stroke of a recording as evaluated at one rate: the full-rate truth, the thinned input, and
/// what every technique compares with (the truth's size and smoothness), computed once.
struct StrokeCase: Sendable {
    var stroke: [Sample]
    var input: [Sample]
    var truth: [Point2D]
    var size: Double
    var truthSmoothness: (variation: Double, length: Double)

    init(stroke: [Sample], input: [Sample]) {
        self.stroke = stroke
        self.input = input
        truth = stroke.map(\.location)
        size = Rect2D(enclosing: truth).map { ($0.max - $0.min).length } ?? 1
        truthSmoothness = SmoothnessMeasurement.curvatureVariation(of: truth)
    }
}

/// What one technique scores on one stroke.
struct StrokeFigures: Sendable {
    var distances: [Double]
    var size: Double
    var smoothness: (variation: Double, length: Double)
    var truthSmoothness: (variation: Double, length: Double)
    var overshoot: Double
    var lag: (samples: Double, milliseconds: Double?)?
}

extension Evaluation {
    /// The figures of every technique on every stroke, `[technique][stroke]`, the techniques
    /// measured on up to `threads` cores at once.
    static func measure(_ strokes: [StrokeCase], step: Int, techniques: [any InterpolationTechnique], threads: Int, droppingHooks: Bool) -> [[StrokeFigures]] {
        @Sendable func figures(of technique: any InterpolationTechnique) -> [StrokeFigures] {
            strokes.map { stroke in
                let path = TechniqueCurve.path(for: stroke.input, technique: technique, droppingHooks: droppingHooks)
                let centreline = path.flattened(tolerance: 0.01)
                // Smoothness reads angles between 0.5-point steps: flatten far finer, so the chords'
                // own corners do not count as curvature.
                let fine = path.flattened(tolerance: 0.0005)
                return StrokeFigures(
                    distances: FidelityMeasurement.heldBackDistances(of: stroke.stroke, step: step, centreline: centreline),
                    size: stroke.size,
                    smoothness: SmoothnessMeasurement.curvatureVariation(of: fine),
                    truthSmoothness: stroke.truthSmoothness,
                    overshoot: OvershootMeasurement.overshoot(of: centreline, from: stroke.truth),
                    lag: LatencyMeasurement.committedLag(of: stroke.input, technique: technique, droppingHooks: droppingHooks))
            }
        }
        guard threads > 1, !strokes.isEmpty else { return techniques.map(figures(of:)) }
        return ConcurrentMap.results(count: techniques.count) { figures(of: techniques[$0]) }
    }
}

/// Running totals for one technique at one rate.
struct QualityAccumulator {
    let technique: String
    let rate: Double
    var distances: [Double] = []
    var relative: [Double] = []
    var variation = 0.0, length = 0.0, truthVariation = 0.0, truthLength = 0.0
    var overshoots: [Double] = []
    var lagSamples: [Double] = []
    var lagMilliseconds: [Double] = []
    var strokes = 0

    init(technique: String, rate: Double) {
        self.technique = technique
        self.rate = rate
    }

    mutating func add(_ figures: StrokeFigures) {
        strokes += 1
        distances += figures.distances
        relative += figures.distances.map { $0 / Swift.max(figures.size, 1e-9) }
        variation += figures.smoothness.variation
        length += figures.smoothness.length
        truthVariation += figures.truthSmoothness.variation
        truthLength += figures.truthSmoothness.length
        overshoots.append(figures.overshoot)
        if let lag = figures.lag {
            lagSamples.append(lag.samples)
            if let milliseconds = lag.milliseconds { lagMilliseconds.append(milliseconds) }
        }
    }

    var row: EvaluationReport.Row {
        let smoothness = length > 0 ? variation / length : 0
        let truth = truthLength > 0 ? truthVariation / truthLength : 0
        return EvaluationReport.Row(
            technique: technique, rate: rate, strokes: strokes, fidelity: Summary(distances), relativeFidelity: Summary(relative),
            smoothness: smoothness, smoothnessRatio: truth > 0 ? smoothness / truth : 0, overshoot: Summary(overshoots),
            lagSamples: lagSamples.isEmpty ? 0 : lagSamples.reduce(0, +) / Double(lagSamples.count),
            lagMilliseconds: lagMilliseconds.isEmpty ? nil : lagMilliseconds.reduce(0, +) / Double(lagMilliseconds.count))
    }
}
