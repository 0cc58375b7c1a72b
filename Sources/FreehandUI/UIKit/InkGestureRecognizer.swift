#if canImport(UIKit)
import FreehandDocument
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The gesture that draws on a `FreehandCanvasView`: it hands every touch, with its coalesced and
/// predicted readings and its late refinements, to the view. Exposed so that an app can decide what
/// draws and what scrolls: `allowedTouchTypes` (pencil only), or a scroll view's pan gesture with
/// two touches or `require(toFail:)`.
public final class InkGestureRecognizer: UIGestureRecognizer {
    weak var canvasView: FreehandCanvasView?
    private var tracked = 0

    override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        tracked += touches.count
        canvasView?.forward(touches, event: event, phase: .began)
        if state == .possible { state = .began }
    }

    override public func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        canvasView?.forward(touches, event: event, phase: .moved)
        if state == .began || state == .changed { state = .changed }
    }

    override public func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        canvasView?.forward(touches, event: event, phase: .ended)
        finish(touches, outcome: .ended)
    }

    override public func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        canvasView?.forward(touches, event: event, phase: .cancelled)
        finish(touches, outcome: .cancelled)
    }

    override public func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {
        canvasView?.refine(touches)
    }

    override public func reset() {
        super.reset()
        tracked = 0
    }

    private func finish(_ touches: Set<UITouch>, outcome: UIGestureRecognizer.State) {
        tracked = max(0, tracked - touches.count)
        if tracked == 0 { state = state == .possible ? .failed : outcome }
    }
}
#endif
