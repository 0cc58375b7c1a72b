import Foundation

/// The results of an `Evaluation`, as rows for tables and JSON.
public struct EvaluationReport: Codable, Sendable {
    /// One technique at one rate.
    public struct Row: Codable, Sendable {
        /// The technique's name.
        public var technique: String
        /// The rate the input was thinned to, hertz.
        public var rate: Double
        /// Strokes measured.
        public var strokes: Int
        /// Distances from held-back samples to the curve, points.
        public var fidelity: Summary
        /// The same distances divided by each stroke's size (bounding-box diagonal).
        public var relativeFidelity: Summary
        /// Curvature variation per length of the output, rad/pt² (lower is smoother).
        public var smoothness: Double
        /// `smoothness` divided by the full-rate recording's own.
        public var smoothnessRatio: Double
        /// Per stroke, the largest distance from the curve to the real pen path, points.
        public var overshoot: Summary
        /// Mean samples between the newest sample and the end of the committed path.
        public var lagSamples: Double
        /// The same lag in milliseconds (nil without timestamps).
        public var lagMilliseconds: Double?
    }

    /// The predictor's error at one rate and horizon.
    public struct PredictionRow: Codable, Sendable {
        /// The rate the input was thinned to, hertz.
        public var rate: Double
        /// How far ahead, milliseconds.
        public var horizonMilliseconds: Double
        /// Predictions measured.
        public var samples: Int
        /// Distance between the newest sample and the real position `horizon` later, points.
        public var withoutPrediction: Summary
        /// Distance between the predicted and the real position, points.
        public var withPrediction: Summary
    }

    /// The input noise, points.
    public var noise: Double
    /// Technique rows, by rate then technique.
    public var rows: [Row]
    /// Prediction rows, by rate then horizon.
    public var predictions: [PredictionRow]
    /// The predictor's model.
    public var predictor: String

    /// The report as Markdown tables.
    public var markdown: String {
        func number(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }
        var lines = [
            "| technique | rate (Hz) | strokes | fidelity mean (pt) | p95 (pt) | mean (% size) | p95 (% size) | smoothness (× recording) | overshoot mean (pt) | p95 (pt) | committed lag (samples) | lag (ms) |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            lines.append(
                "| \(row.technique) | \(Int(row.rate)) | \(row.strokes) | \(number(row.fidelity.mean, 4)) | \(number(row.fidelity.p95, 4)) | "
                    + "\(number(row.relativeFidelity.mean * 100, 3)) | \(number(row.relativeFidelity.p95 * 100, 3)) | \(number(row.smoothnessRatio, 3)) | "
                    + "\(number(row.overshoot.mean, 3)) | \(number(row.overshoot.p95, 3)) | \(number(row.lagSamples, 2)) | \(row.lagMilliseconds.map { number($0, 1) } ?? "–") |")
        }
        lines += [
            "",
            "| rate (Hz) | horizon (ms) | predictions | no prediction mean (pt) | p95 (pt) | \(predictor) predictor mean (pt) | p95 (pt) |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in predictions {
            lines.append(
                "| \(Int(row.rate)) | \(Int(row.horizonMilliseconds)) | \(row.samples) | \(number(row.withoutPrediction.mean)) | \(number(row.withoutPrediction.p95)) | "
                    + "\(number(row.withPrediction.mean)) | \(number(row.withPrediction.p95)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
