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

extension EstimatedUpdate {
    /// The update with every value outside its range cleared — a force that is negative, an
    /// altitude outside 0…π/2, anything not finite — and how many values were cleared. The rule
    /// every refinement goes through, live (`StrokeBuilder`) or after the stroke was stored.
    public var validated: (update: EstimatedUpdate, cleared: Int) {
        var update = self, cleared = 0
        func keep(_ value: Double?, if isValid: (Double) -> Bool) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, isValid(value) else {
                cleared += 1
                return nil
            }
            return value
        }
        update.force = keep(force) { $0 >= 0 }
        update.altitude = keep(altitude) { $0 >= 0 && $0 <= .pi / 2 }
        update.azimuth = keep(azimuth) { _ in true }
        return (update, cleared)
    }
}

extension Sample {
    /// Takes the values `update` refines (those it leaves nil are kept); validate it first
    /// (`EstimatedUpdate.validated`).
    public mutating func refine(with update: EstimatedUpdate) {
        if let force = update.force { self.force = force }
        if let altitude = update.altitude { self.altitude = altitude }
        if let azimuth = update.azimuth { self.azimuth = azimuth }
    }
}
