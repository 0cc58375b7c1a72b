/// What the input stage dropped or repaired, by reason. Nothing is dropped silently: every sample
/// or property the engine did not take as given is counted here.
public struct DropCounts: Hashable, Sendable {
    /// Samples dropped because x or y was NaN or infinite.
    public var nonFiniteLocation = 0
    /// Samples dropped because a coordinate's magnitude exceeded `SampleValidation.coordinateLimit`.
    public var locationOutOfRange = 0
    /// Samples dropped because their timestamp was NaN or infinite.
    public var nonFiniteTimestamp = 0
    /// Samples whose timestamp went backwards; they are kept with the previous sample's timestamp.
    public var clampedTimestamps = 0
    /// Optional properties (force, altitude, azimuth, radius) that were non-finite or out of their
    /// documented range; the property is cleared to nil and the sample kept.
    public var invalidProperties = 0
    /// Samples merged into the previous one because they had the same location (the later wins).
    public var mergedDuplicates = 0
    /// Estimated-property updates whose index matched no sample of the stroke.
    public var unmatchedUpdates = 0
    /// Predicted samples ignored because they were invalid (counted per update, not kept).
    public var invalidPredicted = 0

    /// A record with every count at zero.
    public init() {}

    /// Adds every count of `other` to this record (to total several strokes).
    public mutating func add(_ other: DropCounts) {
        nonFiniteLocation += other.nonFiniteLocation
        locationOutOfRange += other.locationOutOfRange
        nonFiniteTimestamp += other.nonFiniteTimestamp
        clampedTimestamps += other.clampedTimestamps
        invalidProperties += other.invalidProperties
        mergedDuplicates += other.mergedDuplicates
        unmatchedUpdates += other.unmatchedUpdates
        invalidPredicted += other.invalidPredicted
    }

    /// The number of whole samples dropped (not repaired): non-finite or out-of-range locations and
    /// non-finite timestamps.
    public var droppedSamples: Int { nonFiniteLocation + locationOutOfRange + nonFiniteTimestamp }
}

/// The one place where raw input is checked before it reaches the geometry.
///
/// Rules (each counted in `DropCounts`):
/// - a non-finite location, or a coordinate beyond ±`coordinateLimit` points, drops the sample;
/// - a non-finite timestamp drops the sample; a timestamp earlier than the previous accepted one is
///   clamped to it (clocks of real tablets step back by a few milliseconds now and then);
/// - a force below 0, an altitude outside 0…π/2, a negative radius or any non-finite optional
///   property is cleared to nil (the sample is kept: its location is still good).
public struct SampleValidation: Sendable {
    /// The largest coordinate magnitude accepted, in points (10⁹: far beyond any canvas, and far
    /// enough below `Double`'s range that squared distances stay finite).
    public static let coordinateLimit: Double = 1e9

    /// Counts of everything dropped or repaired so far.
    public private(set) var counts = DropCounts()
    private var lastTimestamp: Double?

    /// A validator for a new stroke.
    public init() {}

    /// Checks `sample` against the rules, returning the sample to use (possibly repaired) or nil
    /// when it is dropped. `predicted` samples are counted separately and never move the clock.
    public mutating func validate(_ sample: Sample, predicted: Bool = false) -> Sample? {
        var sample = sample
        guard sample.location.isFinite else {
            return reject(predicted) { $0.nonFiniteLocation += 1 }
        }
        guard abs(sample.location.x) <= Self.coordinateLimit, abs(sample.location.y) <= Self.coordinateLimit else {
            return reject(predicted) { $0.locationOutOfRange += 1 }
        }
        if let time = sample.timestamp {
            guard time.isFinite else { return reject(predicted) { $0.nonFiniteTimestamp += 1 } }
            if let last = lastTimestamp, time < last {
                sample.timestamp = last
                if !predicted { counts.clampedTimestamps += 1 }
            }
        }
        var cleared = 0
        clear(&sample.force, unless: { $0 >= 0 }, counting: &cleared)
        clear(&sample.altitude, unless: { $0 >= 0 && $0 <= .pi / 2 }, counting: &cleared)
        clear(&sample.azimuth, unless: { _ in true }, counting: &cleared)
        clear(&sample.majorRadius, unless: { $0 >= 0 }, counting: &cleared)
        if !predicted {
            counts.invalidProperties += cleared
            if let time = sample.timestamp { lastTimestamp = time }
        }
        return sample
    }

    /// Checks the properties of a late update, clearing the invalid ones.
    mutating func validate(_ update: EstimatedUpdate) -> EstimatedUpdate {
        let (valid, cleared) = update.validated
        counts.invalidProperties += cleared
        return valid
    }

    mutating func countMergedDuplicate() { counts.mergedDuplicates += 1 }
    mutating func countUnmatchedUpdate() { counts.unmatchedUpdates += 1 }

    private mutating func reject(_ predicted: Bool, _ count: (inout DropCounts) -> Void) -> Sample? {
        if predicted { counts.invalidPredicted += 1 } else { count(&counts) }
        return nil
    }

    private func clear(_ value: inout Double?, unless isValid: (Double) -> Bool, counting cleared: inout Int) {
        guard let current = value else { return }
        if !current.isFinite || !isValid(current) {
            value = nil
            cleared += 1
        }
    }
}
