import FreehandKit

/// The state of the gesture that draws on a view, decided apart from UIKit so that it is tested
/// on every platform: the view's gesture recognizer copies `state` after each event and the
/// `TouchInkController` that owns this value feeds it every touch.
///
/// The rules, chosen so that a drawing view lives inside a scroll view:
/// - A touch whose role is `.ignore` is never tracked: the view releases it (UIKit's
///   `ignore(_:for:)`), and when no drawing touch is left the gesture fails, so that an enclosing
///   scroll view's pan can take the touches.
/// - A pencil or pointer that draws or erases claims the gesture at once (`.began`): it never scrolls.
///   Fingers down that have not moved `fingerClaimDistance` when it lands are a resting hand: their
///   strokes are abandoned, and they never hold the pencil back (a view's recognizer sets
///   `requiresExclusiveTouchType` false so that it receives both).
/// - A finger that draws or erases inks at once but claims the gesture only after it has moved
///   `fingerClaimDistance` or stayed down `fingerClaimDelay`. A second finger landing before that
///   is a two-finger gesture: the open finger strokes are abandoned and the gesture fails, so that
///   a scroll view whose pan needs two touches (`minimumNumberOfTouches = 2`) pans and zooms.
/// - The gesture ends when its last drawing touch lifts (a quick tap that left a dot included),
///   and is cancelled when its last one is cancelled.
public struct DrawingGesture: Hashable {
    /// A gesture's state, as UIKit's `UIGestureRecognizer.State` names and numbers it (the raw
    /// values are UIKit's, so that a recognizer converts by raw value).
    public enum State: Int, Hashable, Sendable {
        /// No drawing touch has claimed the gesture yet (ink may already show).
        case possible = 0
        /// A drawing touch claimed the gesture.
        case began = 1
        /// A claimed gesture's touches moved.
        case changed = 2
        /// The last drawing touch lifted.
        case ended = 3
        /// The last drawing touch was cancelled by the system.
        case cancelled = 4
        /// Nothing to draw here: the touches belong to someone else.
        case failed = 5

        /// True for `.ended`, `.cancelled` and `.failed`, after which the recognizer is reset.
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// The state a recognizer now in this state moves to on its way to `target` by a step
        /// UIKit allows (possible → began → changed → ended or cancelled; possible → failed or
        /// ended), or nil to stay. A gesture that failed or was cancelled after it began is
        /// cancelled; one that was cancelled before it began fails; a finished one stays until reset.
        public func step(toward target: State) -> State? {
            switch (self, target) {
            case (_, .possible), (.ended, _), (.cancelled, _), (.failed, _), (.began, .began), (.changed, .began): return nil
            case (.possible, .began), (.possible, .changed): return .began
            case (.possible, .ended): return .ended
            case (.possible, .cancelled), (.possible, .failed): return .failed
            case (.began, .changed), (.changed, .changed): return .changed
            case (.began, .ended), (.changed, .ended): return .ended
            case (.began, .cancelled), (.began, .failed), (.changed, .cancelled), (.changed, .failed): return .cancelled
            }
        }
    }

    /// How far a finger moves, in points, before it claims the gesture (default 10, UIKit's pan
    /// threshold; 0…100).
    public var fingerClaimDistance: Double = 10
    /// How long a finger stays down, in seconds, before it claims the gesture (default 0.15;
    /// 0…1): two fingers of a pinch or a two-finger pan land closer together than that.
    public var fingerClaimDelay: Double = 0.15

    /// The gesture's state now.
    public private(set) var state = State.possible
    /// The drawing touches down now, with where and when each finger came down.
    private var open: [AnyHashable: Start] = [:]
    /// True once a drawing touch lifted normally in this gesture (a tap leaves a dot).
    private var inked = false

    private struct Start: Hashable, Sendable {
        var type: TouchType
        var location: Point2D
        var time: Double
        /// The farthest the touch has been from `location`, in points.
        var reach = 0.0
    }

    /// A gesture with no touch down.
    public init() {}

    /// The drawing touches down now.
    public var openTouches: Set<AnyHashable> { Set(open.keys) }

    /// Whether the gesture is claimed (began or changed).
    public var isClaimed: Bool { state == .began || state == .changed }

    /// A touch of `type` came down at `location` (points) and `time` (seconds) with `role`. Returns
    /// the open finger touches to abandon: a second finger landing before the first claimed the
    /// gesture (the new touch among them), or fingers resting when a pencil or pointer lands (the
    /// new touch not among them); empty otherwise. A touch with role `.ignore` is not tracked and
    /// fails a gesture with no other drawing touch.
    public mutating func began(_ touch: AnyHashable, type: TouchType, role: TouchRole, at location: Point2D, time: Double) -> [AnyHashable] {
        if state.isFinished { reset() }
        guard role != .ignore else {
            if open.isEmpty && state == .possible && !inked { state = .failed }
            return []
        }
        if type == .direct && state == .possible && open.values.contains(where: { $0.type == .direct }) {
            let abandoned = open.keys.filter { open[$0]?.type == .direct } + [touch]
            for finger in abandoned { open[finger] = nil }
            if open.isEmpty { state = .failed }
            return abandoned
        }
        var resting: [AnyHashable] = []
        if type != .direct {
            resting = open.keys.filter { open[$0].map { $0.type == .direct && $0.reach < fingerClaimDistance } ?? false }
            for finger in resting { open[finger] = nil }
        }
        open[touch] = Start(type: type, location: location, time: time)
        if type != .direct { claim() }
        return resting
    }

    /// `touch` moved to `location` at `time`: a finger may claim the gesture.
    public mutating func moved(_ touch: AnyHashable, to location: Point2D, time: Double) {
        guard var start = open[touch] else { return }
        start.reach = Swift.max(start.reach, (location - start.location).length)
        open[touch] = start
        if isClaimed {
            state = .changed
        } else if start.type == .direct,
            (location - start.location).length >= fingerClaimDistance || time - start.time >= fingerClaimDelay
        {
            claim()
        }
    }

    /// `touch` lifted (`cancelled` false) or was taken away by the system (true).
    public mutating func ended(_ touch: AnyHashable, cancelled: Bool) {
        guard open.removeValue(forKey: touch) != nil else { return }
        if !cancelled { inked = true }
        guard open.isEmpty else { return }
        switch state {
        case .began, .changed: state = cancelled && !inked ? .cancelled : .ended
        case .possible: state = inked ? .ended : .failed
        case .ended, .cancelled, .failed: break
        }
    }

    /// Forgets every touch and returns to `.possible` (UIKit's `reset()`); returns the touches
    /// that were still open, whose strokes the owner must abandon: UIKit sends nothing more for them.
    @discardableResult
    public mutating func reset() -> Set<AnyHashable> {
        let abandoned = openTouches
        open = [:]
        inked = false
        state = .possible
        return abandoned
    }

    private mutating func claim() {
        state = state == .possible ? .began : .changed
    }
}
