import FreehandKit

/// Where a touch is in its life (UIKit's `UITouch.Phase`).
public enum TouchPhase: Hashable, Sendable {
    /// The touch came down: a stroke begins.
    case began
    /// The touch moved.
    case moved
    /// The touch is down and did not move (reported alongside other touches that did).
    case stationary
    /// The touch lifted: the stroke ends.
    case ended
    /// The system took the touch away (a call came in, a gesture won): the stroke is abandoned.
    case cancelled
}

/// What made a touch (UIKit's `UITouch.TouchType`).
public enum TouchType: Hashable, Sendable {
    /// A finger on the screen.
    case direct
    /// Apple Pencil or another stylus.
    case pencil
    /// A mouse or trackpad pointer.
    case indirectPointer

    /// The pointer kind FreehandKit records for it.
    public var pointerKind: PointerKind {
        switch self {
        case .direct: return .finger
        case .pencil: return .pen
        case .indirectPointer: return .mouse
        }
    }
}

/// One touch's part of one platform event: its phase, every reading since the last event (UIKit's
/// coalesced touches, oldest first, ending with the touch itself) and the platform's guesses of the
/// next readings (UIKit's predicted touches).
public struct TouchEvent: Hashable {
    /// Stays the same for one touch from `began` to `ended` (UIKit: `ObjectIdentifier(touch)`).
    public var touch: PointerID
    /// The touch's phase.
    public var phase: TouchPhase
    /// What made the touch.
    public var type: TouchType
    /// The readings since the last event, oldest first; the last one is the touch as it is now.
    public var samples: [TouchSample]
    /// Guesses of where the touch will be next: drawn as provisional ink, never kept.
    public var predicted: [TouchSample]

    /// An event for `touch` in `phase` with its readings and predictions.
    public init(touch: PointerID, phase: TouchPhase, type: TouchType, samples: [TouchSample], predicted: [TouchSample] = []) {
        self.touch = touch
        self.phase = phase
        self.type = type
        self.samples = samples
        self.predicted = predicted
    }
}

/// Refined values for a reading delivered earlier (UIKit's `touchesEstimatedPropertiesUpdated`):
/// the touch and the reading's `estimationUpdateIndex`, with the new values in the platform's units.
public struct TouchPropertyUpdate: Hashable {
    /// The touch the reading belongs to (as in its `TouchEvent`), or nil to find it by
    /// `estimationUpdateIndex`, which UIKit keeps unique across touches (its updated touches need
    /// not be the objects first reported).
    public var touch: PointerID?
    /// The `TouchSample.estimationUpdateIndex` of the reading to refine.
    public var estimationUpdateIndex: Int
    /// The refined force in the platform's units (0 … `maximumPossibleForce`), or nil to keep it.
    public var force: Double?
    /// The force the device can report at most, or nil.
    public var maximumPossibleForce: Double?
    /// The refined altitude in radians, or nil to keep it.
    public var altitude: Double?
    /// The refined azimuth in radians, or nil to keep it.
    public var azimuth: Double?
    /// False when the reading still expects another update.
    public var isFinal: Bool

    /// An update of reading `estimationUpdateIndex` of `touch`.
    public init(
        touch: PointerID? = nil, estimationUpdateIndex: Int, force: Double? = nil, maximumPossibleForce: Double? = nil, altitude: Double? = nil,
        azimuth: Double? = nil, isFinal: Bool = true
    ) {
        self.touch = touch
        self.estimationUpdateIndex = estimationUpdateIndex
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.altitude = altitude
        self.azimuth = azimuth
        self.isFinal = isFinal
    }

    /// The update in FreehandKit's units (force normalized by its maximum).
    public var estimated: EstimatedUpdate {
        EstimatedUpdate(
            estimationUpdateIndex: estimationUpdateIndex, force: TouchSample.normalized(force, maximum: maximumPossibleForce),
            altitude: altitude, azimuth: azimuth, isFinal: isFinal)
    }
}
