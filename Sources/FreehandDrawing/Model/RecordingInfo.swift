/// What a recording says about itself — where it came from, under which licence, in which units,
/// at which rate — kept with the drawing so that a JSON → JSON conversion gives it back. FreehandKit
/// JSON stores it as the shared recordings do (`source`, `license`, `units`, `sample_rate_hz`).
public struct RecordingInfo: Hashable, Sendable {
    /// Where the ink was recorded or obtained.
    public var source: String?
    /// The licence the ink is under.
    public var license: String?
    /// A description of the coordinate and time units.
    public var units: String?
    /// The nominal sampling rate, hertz (> 0).
    public var sampleRate: Double?

    /// A record with the given fields (all absent by default).
    public init(source: String? = nil, license: String? = nil, units: String? = nil, sampleRate: Double? = nil) {
        self.source = source
        self.license = license
        self.units = units
        self.sampleRate = sampleRate
    }

    /// True when no field is present.
    public var isEmpty: Bool { source == nil && license == nil && units == nil && sampleRate == nil }
}
