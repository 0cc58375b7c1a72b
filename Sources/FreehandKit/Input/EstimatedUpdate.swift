/// Late, refined values for a sample appended earlier (UIKit's estimated properties).
///
/// A pen reports some properties (force, altitude, azimuth) as estimates at first and the real
/// values a few milliseconds later. The update names its sample by `estimationUpdateIndex`;
/// properties left nil keep their earlier value.
public struct EstimatedUpdate: Hashable, Sendable {
    /// The `Sample.estimationUpdateIndex` of the sample to refine.
    public var estimationUpdateIndex: Int
    /// The refined normalized force, or nil to keep the estimate.
    public var force: Double?
    /// The refined altitude in radians (0 flat … π/2 upright), or nil to keep the estimate.
    public var altitude: Double?
    /// The refined azimuth in radians, or nil to keep the estimate.
    public var azimuth: Double?
    /// False when the sample still expects another update (UIKit: its
    /// `estimatedPropertiesExpectingUpdates` is not yet empty); ink over it stays uncommitted until
    /// its last update, within `StrokeBuilder.estimateWaitLimit` samples.
    public var isFinal: Bool

    /// An update for the sample whose `estimationUpdateIndex` is `index`.
    public init(
        estimationUpdateIndex index: Int, force: Double? = nil, altitude: Double? = nil, azimuth: Double? = nil, isFinal: Bool = true
    ) {
        self.estimationUpdateIndex = index
        self.force = force
        self.altitude = altitude
        self.azimuth = azimuth
        self.isFinal = isFinal
    }
}
