#if canImport(UIKit)
import FreehandDocument
import FreehandKit
import UIKit

extension TouchType {
    /// The kind of a UIKit touch: a pencil, a finger, or a pointer (trackpad, mouse, remote).
    public init(_ type: UITouch.TouchType) {
        switch type {
        case .pencil: self = .pencil
        case .direct: self = .direct
        default: self = .indirectPointer
        }
    }
}

extension TouchSample {
    /// A reading of `touch` in `view`'s coordinates: precise location, raw force and its maximum,
    /// tilt for a pencil, contact radius for a finger, and the estimation index UIKit refines later.
    public init(_ touch: UITouch, in view: UIView) {
        let location = touch.location(in: view), precise = touch.preciseLocation(in: view)
        let isPencil = touch.type == .pencil
        self.init(
            location: Point2D(Double(location.x), Double(location.y)), preciseLocation: Point2D(Double(precise.x), Double(precise.y)),
            timestamp: touch.timestamp, force: Double(touch.force), maximumPossibleForce: Double(touch.maximumPossibleForce),
            altitude: isPencil ? Double(touch.altitudeAngle) : nil, azimuth: isPencil ? Double(touch.azimuthAngle(in: view)) : nil,
            majorRadius: touch.type == .direct ? Double(touch.majorRadius) : nil, estimationUpdateIndex: touch.estimationUpdateIndex?.intValue,
            expectsUpdates: !touch.estimatedPropertiesExpectingUpdates.isEmpty)
    }
}

extension TouchPropertyUpdate {
    /// The refined readings of `touch` (UIKit's `touchesEstimatedPropertiesUpdated`), found by its
    /// estimation index; nil when it has none.
    public init?(_ touch: UITouch, in view: UIView) {
        guard let index = touch.estimationUpdateIndex?.intValue else { return nil }
        let isPencil = touch.type == .pencil
        self.init(
            estimationUpdateIndex: index, force: Double(touch.force), maximumPossibleForce: Double(touch.maximumPossibleForce),
            altitude: isPencil ? Double(touch.altitudeAngle) : nil, azimuth: isPencil ? Double(touch.azimuthAngle(in: view)) : nil,
            isFinal: touch.estimatedPropertiesExpectingUpdates.isEmpty)
    }
}
#endif
