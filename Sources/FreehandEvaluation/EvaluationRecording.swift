import FreehandKit

/// A recording prepared for evaluation: strokes in points, and the rate it was sampled at.
public struct EvaluationRecording: Sendable {
    /// A name for reports (usually the file name).
    public var name: String
    /// The strokes, locations in points.
    public var strokes: [[Sample]]
    /// The sample rate in hertz: the nominal rate when given, else the median from the timestamps,
    /// else nil (no timing: such a recording cannot be decimated to a rate).
    public var sampleRate: Double?

    /// A recording from strokes in their own units, scaled by `pointsPerUnit` into points.
    public init(name: String, strokes: [[Sample]], pointsPerUnit: Double = 1, nominalRate: Double? = nil) {
        self.name = name
        self.strokes = strokes.map { stroke in
            stroke.map { sample in
                var scaled = sample
                scaled.location *= pointsPerUnit
                return scaled
            }
        }
        self.sampleRate = nominalRate ?? Self.medianRate(of: strokes)
    }

    /// The decimation step that brings this recording closest to `rate` hertz (1 when it is already
    /// at or below it, nil when the recording has no timing or `rate` is not a positive number).
    public func step(toward rate: Double) -> Int? {
        guard let sampleRate, sampleRate > 0, rate > 0, rate.isFinite else { return nil }
        let step = (sampleRate / rate).rounded()
        guard step.isFinite else { return nil }
        return step <= 1 ? 1 : (step >= 1e9 ? 1_000_000_000 : Int(step))
    }

    private static func medianRate(of strokes: [[Sample]]) -> Double? {
        var intervals: [Double] = []
        for stroke in strokes {
            for (a, b) in zip(stroke, stroke.dropFirst()) {
                if let t0 = a.timestamp, let t1 = b.timestamp, t1 > t0 { intervals.append(t1 - t0) }
            }
        }
        guard !intervals.isEmpty else { return nil }
        intervals.sort()
        return 1 / intervals[intervals.count / 2]
    }
}
