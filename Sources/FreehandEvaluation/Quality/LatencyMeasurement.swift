import FreehandKit

/// Latency: how far the committed (final) geometry trails the newest sample while a stroke is
/// drawn, in samples and in milliseconds.
public enum LatencyMeasurement {
    /// The mean lag over every append of `stroke`, fed one sample at a time: samples between the
    /// newest point and where the committed path has got to, and the time between them (nil
    /// without timestamps). The hooks at the stroke's ends are kept (`TechniqueCurve`) unless
    /// `droppingHooks`: then the start waits until it is decided, as the ink's does.
    public static func committedLag(of stroke: [Sample], technique: any InterpolationTechnique, droppingHooks: Bool = false) -> (samples: Double, milliseconds: Double?)? {
        var builder = TechniqueCurve.builder(technique: technique, droppingHooks: droppingHooks)
        var lagInSamples: [Double] = []
        var lagInTime: [Double] = []
        for sample in stroke {
            _ = try? builder.append(sample)
            let count = builder.pointCount
            guard count > 1 else { continue }
            let reached = builder.committedProgress
            lagInSamples.append(Double(count - 1) - reached)
            if let newest = builder.timestamp(atPointProgress: Double(count - 1)), let committed = builder.timestamp(atPointProgress: reached) {
                lagInTime.append((newest - committed) * 1000)
            }
        }
        guard !lagInSamples.isEmpty else { return nil }
        let meanSamples = lagInSamples.reduce(0, +) / Double(lagInSamples.count)
        let meanTime = lagInTime.count == lagInSamples.count ? lagInTime.reduce(0, +) / Double(lagInTime.count) : nil
        return (meanSamples, meanTime)
    }
}
