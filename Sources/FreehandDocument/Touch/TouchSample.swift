import FreehandKit

/// One reading of a touch as a platform reports it (UIKit's `UITouch`, a browser's pointer event),
/// before FreehandKit's units: raw force with its maximum, precise and plain locations.
public struct TouchSample: Hashable, Sendable {
    /// Location in the view, points (UIKit `location(in:)`).
    public var location: Point2D
    /// The sub-point location where the device has one (UIKit `preciseLocation(in:)`); preferred.
    public var preciseLocation: Point2D?
    /// Time in seconds on a monotonic clock (UIKit: system uptime).
    public var timestamp: Double
    /// Force as reported, 0 … `maximumPossibleForce` (UIKit: 1 is an average touch), or nil.
    public var force: Double?
    /// The force the device can report at most (UIKit: 4.17 for Apple Pencil), or nil.
    public var maximumPossibleForce: Double?
    /// Pen altitude in radians (0 flat … π/2 upright), or nil.
    public var altitude: Double?
    /// Pen azimuth in radians from the +x axis towards +y, or nil.
    public var azimuth: Double?
    /// Radius of the contact's major axis, points, or nil.
    public var majorRadius: Double?
    /// The number a later `TouchPropertyUpdate` uses to refine this reading, or nil.
    public var estimationUpdateIndex: Int?
    /// True when some of this reading's properties are estimates that a later update will refine
    /// (UIKit: `estimatedPropertiesExpectingUpdates` is not empty).
    public var expectsUpdates: Bool

    /// A reading with the given values.
    public init(
        location: Point2D, preciseLocation: Point2D? = nil, timestamp: Double, force: Double? = nil, maximumPossibleForce: Double? = nil,
        altitude: Double? = nil, azimuth: Double? = nil, majorRadius: Double? = nil, estimationUpdateIndex: Int? = nil,
        expectsUpdates: Bool = false
    ) {
        self.location = location
        self.preciseLocation = preciseLocation
        self.timestamp = timestamp
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.altitude = altitude
        self.azimuth = azimuth
        self.majorRadius = majorRadius
        self.estimationUpdateIndex = estimationUpdateIndex
        self.expectsUpdates = expectsUpdates
    }

    /// The reading as a FreehandKit sample from `kind`: the precise location when there is one, force
    /// normalized by the maximum (dropped when there is no positive maximum: a device without force
    /// reports 0 for both), and the update index kept only while an update is expected.
    public func sample(kind: PointerKind, coalesced: Bool) -> Sample {
        Sample(
            location: preciseLocation ?? location, timestamp: timestamp, force: TouchSample.normalized(force, maximum: maximumPossibleForce),
            altitude: altitude, azimuth: azimuth, majorRadius: majorRadius, kind: kind, isCoalesced: coalesced,
            estimationUpdateIndex: expectsUpdates ? estimationUpdateIndex : nil)
    }

    /// `force` as a share of `maximum`, or nil without a force or a positive, finite maximum.
    static func normalized(_ force: Double?, maximum: Double?) -> Double? {
        guard let force, let maximum, maximum > 0, maximum.isFinite else { return nil }
        return force / maximum
    }
}
