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

    /// An evaluation of `techniques` on `recordings` at `rates`.
    public init(recordings: [EvaluationRecording], rates: [Double], techniques: [any InterpolationTechnique] = TechniqueCatalog.all, noise: Double = 0) {
        self.recordings = recordings
        self.rates = rates
        self.techniques = techniques
        self.noise = noise
    }

    /// Runs every measurement; `progress` is called after each recording with (done, total).
    public func run(progress: (Int, Int) -> Void = { _, _ in }) -> EvaluationReport {
        var accumulators: [String: QualityAccumulator] = [:]
        var predictions: [String: (predicted: [Double], still: [Double])] = [:]
        let total = recordings.count * rates.count
        var done = 0
        for rate in rates {
            var generator = SplitMix64(seed: 2026)
            for recording in recordings {
                defer {
                    done += 1
                    progress(done, total)
                }
                guard let step = recording.step(toward: rate), step > 1 else { continue }
                for stroke in recording.strokes where stroke.count > 2 {
                    let input = FidelityMeasurement.thinned(stroke, step: step, noise: noise, generator: &generator)
                    let truth = stroke.map(\.location)
                    let size = (Rect(enclosing: truth).map { ($0.max - $0.min).length } ?? 1)
                    let truthSmoothness = SmoothnessMeasurement.curvatureVariation(of: truth)
                    for technique in techniques {
                        let key = "\(technique.name)@\(rate)"
                        let path = StrokeBuilder.path(for: input, technique: technique)
                        let centreline = path.flattened(tolerance: 0.01)
                        // Smoothness reads angles between 0.5-point steps: flatten far finer, so the
                        // chords' own corners do not count as curvature.
                        let fine = path.flattened(tolerance: 0.0005)
                        let distances = FidelityMeasurement.heldBackDistances(of: stroke, step: step, centreline: centreline)
                        var accumulator = accumulators[key] ?? QualityAccumulator(technique: technique.name, rate: rate)
                        accumulator.add(
                            distances: distances, size: size, smoothness: SmoothnessMeasurement.curvatureVariation(of: fine),
                            truthSmoothness: truthSmoothness, overshoot: OvershootMeasurement.overshoot(of: centreline, from: truth),
                            lag: LatencyMeasurement.committedLag(of: input, technique: technique))
                        accumulators[key] = accumulator
                    }
                    for horizon in horizons {
                        let key = "\(rate)@\(horizon)"
                        var entry = predictions[key] ?? ([], [])
                        entry.predicted += PredictionMeasurement.errors(of: stroke, step: step, predictor: predictor, horizon: horizon)
                        entry.still += PredictionMeasurement.errors(of: stroke, step: step, predictor: nil, horizon: horizon)
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

    mutating func add(
        distances new: [Double], size: Double, smoothness: (variation: Double, length: Double),
        truthSmoothness: (variation: Double, length: Double), overshoot: Double, lag: (samples: Double, milliseconds: Double?)?
    ) {
        strokes += 1
        distances += new
        relative += new.map { $0 / Swift.max(size, 1e-9) }
        variation += smoothness.variation
        length += smoothness.length
        truthVariation += truthSmoothness.variation
        truthLength += truthSmoothness.length
        overshoots.append(overshoot)
        if let lag {
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
