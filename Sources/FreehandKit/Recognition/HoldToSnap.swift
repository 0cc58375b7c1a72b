/// "Hold to snap": a stroke whose pen rested at its end for `holdDuration` before lifting is replaced
/// by the clean shape it traces (`ShapeRecognizer`), drawn in the same manner — the same brush, its
/// pressure and tilt the stroke's typical ones, over the time the stroke took.
///
/// The hold is read from the samples' timestamps at lift: the pen rested from the first of the
/// trailing samples within the recogniser's `restRadius` of the last one until the last one (a
/// platform sends few or no samples while the pen is still, and the lift's own sample closes the rest).
public struct HoldToSnap: Hashable, Sendable {
    /// How long the pen must rest at the end of a stroke for it to snap, seconds (default 0.5).
    public var holdDuration: Double
    /// What the held stroke is recognised as.
    public var recognizer: ShapeRecognizer

    /// Snapping after a rest of `holdDuration` seconds, recognising with `recognizer`.
    public init(holdDuration: Double = 0.5, recognizer: ShapeRecognizer = ShapeRecognizer()) {
        self.holdDuration = holdDuration
        self.recognizer = recognizer
    }

    /// How long the pen rested at the end of `samples`, seconds (0 when they carry no timestamps).
    public func restDuration(of samples: [Sample]) -> Double {
        guard let start = restStart(of: samples), let begun = samples[start].timestamp, let end = samples.last?.timestamp,
              end > begun else { return 0 }
        return end - begun
    }

    /// The shape a stroke of `samples` snaps to, or nil when the pen did not rest long enough at its
    /// end or the stroke is no shape.
    public func shape(for samples: [Sample]) -> RecognizedShape? {
        guard restDuration(of: samples) >= holdDuration else { return nil }
        return recognizer.recognize(samples)
    }

    /// Samples that draw `shape` the way `samples` were drawn: along the clean path (curves within
    /// 0.05 pt), timed evenly by distance over the time the pen moved, each with the median force,
    /// altitude, azimuth and contact radius of the stroke's moving samples, and its pointer kind.
    public func cleanSamples(for shape: RecognizedShape, like samples: [Sample]) -> [Sample] {
        let moving = samples[..<(restStart(of: samples).map { $0 + 1 } ?? samples.count)]
        let path = shape.geometry.path()
        guard let first = moving.first, !path.isEmpty else { return [] }
        func median(_ values: [Double]) -> Double? {
            let sorted = values.filter { $0.isFinite }.sorted()
            return sorted.isEmpty ? nil : sorted[sorted.count / 2]
        }
        let start = moving.compactMap { $0.timestamp }.first
        let end = moving.compactMap { $0.timestamp }.last
        let force = median(moving.compactMap { $0.force }), altitude = median(moving.compactMap { $0.altitude })
        let azimuth = median(moving.compactMap { $0.azimuth }), radius = median(moving.compactMap { $0.majorRadius })
        let total = zip(path, path.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        var travelled = 0.0
        return path.enumerated().map { index, point in
            if index > 0 { travelled += point.distance(to: path[index - 1]) }
            var timestamp: Double?
            if let start, let end { timestamp = total > 0 ? start + (end - start) * travelled / total : start }
            return Sample(
                location: point, timestamp: timestamp, force: force, altitude: altitude, azimuth: azimuth, majorRadius: radius,
                kind: first.kind)
        }
    }

    /// The index of the first of the trailing samples within `restRadius` of the last one.
    private func restStart(of samples: [Sample]) -> Int? {
        guard let last = samples.last else { return nil }
        var start = samples.count - 1
        while start > 0, samples[start - 1].location.distance(to: last.location) <= recognizer.restRadius { start -= 1 }
        return start
    }
}
