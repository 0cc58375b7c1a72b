#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandRender
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The gesture that draws on a `FreehandCanvasView` or a `FreehandPageView`: it hands every touch,
/// with its coalesced and predicted readings and its late refinements, to the view's
/// `TouchInkController`, and takes its
/// state from the controller's `DrawingGesture`, which decides everything: touches whose role is
/// `.ignore` are released, a gesture with no drawing touch fails (so that an enclosing scroll view
/// pans), a second finger landing before the first claimed the gesture fails it (so that a scroll
/// view's two-finger pan and pinch work while one finger draws), and a reset abandons the strokes
/// of touches still down. It does not require one touch type (`requiresExclusiveTouchType` is
/// false), so that a resting finger never holds the pencil back (the controller abandons the
/// resting finger's stroke), and the controller follows the system's "Only Draw with Apple Pencil"
/// setting as each touch begins.
public final class InkGestureRecognizer: UIGestureRecognizer {
    /// The view that takes the touches.
    weak var touchTarget: (any InkTouchTarget)? {
        didSet { requiresExclusiveTouchType = false }
    }

    override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let touchTarget else {
            state = .failed
            return
        }
        touchTarget.inkController.prefersPencilOnlyDrawing = UIPencilInteraction.prefersPencilOnlyDrawing
        touchTarget.forward(touches, event: event, phase: .began)
        for touch in touches where !touchTarget.inkController.tracks(ObjectIdentifier(touch)) { ignore(touch, for: event) }
        follow()
    }

    override public func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        touchTarget?.forward(touches, event: event, phase: .moved)
        follow()
    }

    override public func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        touchTarget?.forward(touches, event: event, phase: .ended)
        follow()
    }

    override public func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        touchTarget?.forward(touches, event: event, phase: .cancelled)
        follow()
    }

    override public func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {
        super.touchesEstimatedPropertiesUpdated(touches)
        touchTarget?.refine(touches)
    }

    override public func reset() {
        super.reset()
        touchTarget?.resetGesture()
    }

    /// Moves to the controller's gesture state by a step UIKit allows (the states share raw values).
    private func follow() {
        guard let target = touchTarget?.inkController.gesture.state, let current = DrawingGesture.State(rawValue: state.rawValue),
            let next = current.step(toward: target), let uikitState = UIGestureRecognizer.State(rawValue: next.rawValue)
        else { return }
        state = uikitState
    }
}

/// A view whose drawing gesture hands it touches: `FreehandCanvasView`, `FreehandPageView`. The
/// driving is shared (this protocol's extension): each touch becomes a `TouchEvent` read in
/// `touchView`, the view's `handle(_:)` hands it on, and what every call changed
/// (`TouchInkController.changes(by:)`) goes to `show(_:)` — the view never compares state itself.
@MainActor
protocol InkTouchTarget: AnyObject {
    /// The controller that decides what the touches do.
    var inkController: TouchInkController { get }
    /// The view whose coordinates the touches are read in.
    var touchView: UIView { get }
    /// Hands one touch event on (to the controller, or the page that holds it); the canvas pixels
    /// it changed.
    func handle(_ event: TouchEvent) -> PixelRect?
    /// Redraws what `change` says changed and tells the app of a changed drawing.
    func show(_ change: TouchChange)
}

extension InkTouchTarget {
    /// Hands one phase of `touches` to the controller, each with its coalesced and predicted readings.
    func forward(_ touches: Set<UITouch>, event: UIEvent?, phase: TouchPhase) {
        show(touches.reduce(TouchChange()) { change, touch in
            change.merged(with: inkController.changes { _ in self.handle(TouchEvent(touch, event: event, phase: phase, in: self.touchView)) })
        })
    }

    /// Hands refined readings to the controller.
    func refine(_ touches: Set<UITouch>) {
        let updates = touches.compactMap { TouchPropertyUpdate($0, in: touchView) }
        change { $0.handle(updates) }
    }

    /// The gesture was reset: strokes still open are abandoned.
    func resetGesture() { change { $0.resetGesture() } }

    /// Runs `action` on the controller and shows what it changed.
    func change(_ action: (TouchInkController) -> PixelRect?) { show(inkController.changes(by: action)) }
}
#endif
