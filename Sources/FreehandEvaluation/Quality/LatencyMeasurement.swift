import FreehandKit

/// Latency: how far the committed (final) geometry trails the newest sample while a stroke is
/// drawn, in samples and in milliseconds.
public enum LatencyMeasurement {
    /// The mean lag over every append of `stroke`, fed one sample at a time: samples between the
    /// newest point and where the committed path has got to, and the time between them (nil
    /// without timestamps).
    public static func committedLag(of stroke: [Sample], technique: any InterpolationTechnique) -> (samples: Double, milliseconds: Double?)? {
        var builder = StrokeBuilder(technique: technique)
        var lagInSamples: [Double] = []
        var lagInTime: [Double] = []
        for sample in stroke {
            _ = try? builder.append(sample)
            let count = builder.points.count
            guard count > 1 else { continue }
            // Progress is a number from 0 on (`SpanOutput` holds it so); past the last point (a
            // technique gone wrong) it is held to it.
            let reached = Swift.min(builder.committedSpans.progress.last ?? 0, Double(count - 1))
            lagInSamples.append(Double(count - 1) - reached)
            if let newest = time(at: Double(count - 1), builder), let committed = time(at: reached, builder) {
                lagInTime.append((newest - committed) * 1000)
            }
        }
        guard !lagInSamples.isEmpty else { return nil }
        let meanSamples = lagInSamples.reduce(0, +) / Double(lagInSamples.count)
        let meanTime = lagInTime.count == lagInSamples.count ? lagInTime.reduce(0, +) / Double(lagInTime.count) : nil
        return (meanSamples, meanTime)
    }

    /// The time at fractional point position `progress` (0…the last point's index), interpolated
    /// between the samples behind the points.
    private static func time(at progress: Double, _ builder: StrokeBuilder) -> Double? {
        let lower = Int(progress.rounded(.down)), upper = Swift.min(lower + 1, builder.points.count - 1)
        guard let t0 = builder.samples[builder.pointSampleIndices[lower]].timestamp,
              let t1 = builder.samples[builder.pointSampleIndices[upper]].timestamp else { return nil }
        return t0 + (t1 - t0) * (progress - Double(lower))
    }
}
