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
    // feel: the location as two doubles (a `Point2D` would align the sample to 16 bytes), each
    // optional measurement in a double's eight bytes (`PackedMeasurement`), then the update index,
    // kind and flag (declared in that order, so that they pack).
    private var x: Double
    private var y: Double

    /// Location in points.
    public var location: Point2D {
        @inline(__always) get { Point2D(x, y) }
        @inline(__always) set { (x, y) = (newValue.x, newValue.y) }
    }
    /// Time in seconds on any monotonic clock, or nil when the source has no timing.
    @PackedMeasurement public var timestamp: Double?
    /// Normalized force, 0 (none) to 1 (the device's maximum); may exceed 1 on devices that report
    /// beyond their nominal maximum.
    @PackedMeasurement public var force: Double?
    /// Pen altitude in radians: 0 = lying flat on the surface, π/2 = perpendicular to it.
    @PackedMeasurement public var altitude: Double?
    /// Pen azimuth in radians: the direction, in the plane, from the tip towards the barrel, measured
    /// from the +x axis towards +y.
    @PackedMeasurement public var azimuth: Double?
    /// Radius of the contact area's major axis in points (fingers).
    @PackedMeasurement public var majorRadius: Double?
    /// The identifier that a later `EstimatedUpdate` uses to refine this sample's estimated
    /// properties, or nil when nothing is pending.
    public var estimationUpdateIndex: Int?
    /// What produced the sample.
    public var kind: PointerKind
    /// True for an in-between sample that the platform reported along with a later one
    /// (UIKit's coalesced touches).
    public var isCoalesced: Bool

    /// A sample with the given location and optional properties.
    public init(
        location: Point2D,
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
        self.timestamp = timestamp
        self.force = force
        self.altitude = altitude
        self.azimuth = azimuth
        self.majorRadius = majorRadius
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
            location: Point2D(x, y), timestamp: timestamp, force: force, altitude: altitude,
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
