/// One input event of a stroke: where the pointer was, when, and what the device measured.
///
/// Only the location is required. Every optional property is `nil` when the device does not
/// report it; a reported value of zero (say a pen force of 0 at lift-off) is a real value. (One NaN
/// bit pattern, which no arithmetic produces, is reserved to store `nil`: given as a measurement,
/// it reads back as `nil`.)
public struct Sample: Hashable, Sendable {
    /// The interval assumed between consecutive samples that carry no timestamp, seconds: 1/60, the
    /// rate of most touch screens and mice. Everything that needs time (the 1€ filter, the velocity
    /// brush) assumes this one interval for untimed input.
    public static let untimedInterval = 1.0 / 60

    // Stored compactly — a sample is 72 bytes instead of 112, which every stroke's sample buffers
    // feel: the location as two doubles (a `Point` would align the sample to 16 bytes), the
    // optional measurements as plain doubles with one NaN bit pattern (`absentBits`) standing for
    // nil (an optional `Double` takes 16 bytes), then the update index, kind and flag (declared in
    // that order, so that they pack). Any other value, every other NaN included, is kept exactly
    // as given.
    private var x: Double
    private var y: Double
    private var storedTimestamp: Double
    private var storedForce: Double
    private var storedAltitude: Double
    private var storedAzimuth: Double
    private var storedMajorRadius: Double

    /// Location in points.
    public var location: Point {
        @inline(__always) get { Point(x, y) }
        @inline(__always) set { (x, y) = (newValue.x, newValue.y) }
    }
    /// Time in seconds on any monotonic clock, or nil when the source has no timing.
    public var timestamp: Double? {
        @inline(__always) get { Self.value(storedTimestamp) }
        @inline(__always) set { storedTimestamp = Self.stored(newValue) }
    }
    /// Normalized force, 0 (none) to 1 (the device's maximum); may exceed 1 on devices that report
    /// beyond their nominal maximum.
    public var force: Double? {
        @inline(__always) get { Self.value(storedForce) }
        @inline(__always) set { storedForce = Self.stored(newValue) }
    }
    /// Pen altitude in radians: 0 = lying flat on the surface, π/2 = perpendicular to it.
    public var altitude: Double? {
        @inline(__always) get { Self.value(storedAltitude) }
        @inline(__always) set { storedAltitude = Self.stored(newValue) }
    }
    /// Pen azimuth in radians: the direction, in the plane, from the tip towards the barrel, measured
    /// from the +x axis towards +y.
    public var azimuth: Double? {
        @inline(__always) get { Self.value(storedAzimuth) }
        @inline(__always) set { storedAzimuth = Self.stored(newValue) }
    }
    /// Radius of the contact area's major axis in points (fingers).
    public var majorRadius: Double? {
        @inline(__always) get { Self.value(storedMajorRadius) }
        @inline(__always) set { storedMajorRadius = Self.stored(newValue) }
    }
    /// The identifier that a later `EstimatedUpdate` uses to refine this sample's estimated
    /// properties, or nil when nothing is pending.
    public var estimationUpdateIndex: Int?
    /// What produced the sample.
    public var kind: PointerKind
    /// True for an in-between sample that the platform reported along with a later one
    /// (UIKit's coalesced touches).
    public var isCoalesced: Bool

    /// The quiet NaN (payload 0xA65E7, "absent") that stands for a missing measurement; arithmetic
    /// never makes it. A measurement given as exactly this bit pattern reads back as nil.
    static var absentBits: UInt64 { 0x7FF8_0000_000A_65E7 }

    @inline(__always)
    private static func stored(_ value: Double?) -> Double {
        value ?? Double(bitPattern: absentBits)
    }

    @inline(__always)
    private static func value(_ stored: Double) -> Double? {
        stored.bitPattern == absentBits ? nil : stored
    }

    /// A sample with the given location and optional properties.
    public init(
        location: Point,
        timestamp: Double? = nil,
        force: Double? = nil,
        altitude: Double? = nil,
        azimuth: Double? = nil,
        majorRadius: Double? = nil,
        kind: PointerKind = .pen,
        isCoalesced: Bool = false,
        estimationUpdateIndex: Int? = nil
    ) {
        (x, y) = (location.x, location.y)
        storedTimestamp = Self.stored(timestamp)
        storedForce = Self.stored(force)
        storedAltitude = Self.stored(altitude)
        storedAzimuth = Self.stored(azimuth)
        storedMajorRadius = Self.stored(majorRadius)
        self.kind = kind
        self.isCoalesced = isCoalesced
        self.estimationUpdateIndex = estimationUpdateIndex
    }

    /// A sample at (`x`, `y`) points with the given optional properties.
    public init(
        x: Double, y: Double, timestamp: Double? = nil, force: Double? = nil,
        altitude: Double? = nil, azimuth: Double? = nil, majorRadius: Double? = nil,
        kind: PointerKind = .pen
    ) {
        self.init(
            location: Point(x, y), timestamp: timestamp, force: force, altitude: altitude,
            azimuth: azimuth, majorRadius: majorRadius, kind: kind)
    }

    /// Equal when every property is (as `==` on each: a NaN measurement equals nothing).
    public static func == (lhs: Sample, rhs: Sample) -> Bool {
        lhs.location == rhs.location && lhs.timestamp == rhs.timestamp && lhs.force == rhs.force
            && lhs.altitude == rhs.altitude && lhs.azimuth == rhs.azimuth && lhs.majorRadius == rhs.majorRadius
            && lhs.kind == rhs.kind && lhs.isCoalesced == rhs.isCoalesced && lhs.estimationUpdateIndex == rhs.estimationUpdateIndex
    }

    /// Hashes every property.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(timestamp)
        hasher.combine(force)
        hasher.combine(altitude)
        hasher.combine(azimuth)
        hasher.combine(majorRadius)
        hasher.combine(kind)
        hasher.combine(isCoalesced)
        hasher.combine(estimationUpdateIndex)
    }
}
