#if canImport(UIKit)
import FreehandDocument
import FreehandKit
import FreehandRender
import UIKit

/// A view to write, sign or sketch on, with Apple Pencil or a finger: the UIKit face of a
/// `TouchInkController`, which makes every decision (see it for what touches do). The view only
/// forwards touches, with their coalesced, predicted and refined readings, and draws the dirty
/// rectangles of the controller's canvas: finished ink cached, the live tail over it.
///
/// Inside a scroll view, give drawing and scrolling different touches through
/// `drawingGestureRecognizer` (say `allowedTouchTypes` = pencil, and the scroll view's pan
/// gesture direct touches or `minimumNumberOfTouches = 2`).
open class FreehandCanvasView: UIView {
    /// Everything the view decides: live strokes, the drawing model, the pixels.
    public let controller: TouchInkController
    /// The gesture that draws.
    public let drawingGestureRecognizer = InkGestureRecognizer()
    /// Called after every change to the drawing (a stroke finished, erased, undone, cleared).
    public var onChange: ((Drawing) -> Void)?

    /// A view showing `drawing`, drawing new strokes in `preset`.
    public init(frame: CGRect = .zero, drawing: Drawing = Drawing(), preset: InkPreset = .handwriting) {
        // A one-point canvas until the first layout gives the view its size and scale.
        controller = TouchInkController(canvas: Canvas(width: 1, height: 1), drawing: drawing, preset: preset)
        super.init(frame: frame)
        configure()
    }

    /// A view from a storyboard or nib, with an empty drawing.
    public required init?(coder: NSCoder) {
        controller = TouchInkController(canvas: Canvas(width: 1, height: 1))
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        isMultipleTouchEnabled = true
        isOpaque = false
        drawingGestureRecognizer.canvasView = self
        drawingGestureRecognizer.cancelsTouchesInView = false
        drawingGestureRecognizer.delaysTouchesEnded = false
        addGestureRecognizer(drawingGestureRecognizer)
    }

    /// The drawing so far.
    public var drawing: Drawing { controller.drawing }

    /// Undoes the last edit.
    public func undo() { change { $0.undo() } }
    /// Redoes the last undone edit.
    public func redo() { change { $0.redo() } }
    /// Removes every stroke (undoable).
    public func clear() { change { $0.clear() } }
    /// Shows `drawing` instead, forgetting the undo history.
    public func load(_ drawing: Drawing) { change { $0.load(drawing) } }

    override open func layoutSubviews() {
        super.layoutSubviews()
        // The canvas follows the view's size and the screen's scale; the drawing moves over.
        let scale = Double(traitCollection.displayScale > 0 ? traitCollection.displayScale : 2)
        let canvas = controller.canvas
        guard Double(bounds.width) * scale > Double(canvas.width) + 0.5 || Double(bounds.height) * scale > Double(canvas.height) + 0.5
            || canvas.scale != scale
        else { return }
        invalidate(controller.replaceCanvas(with: Canvas(width: Double(bounds.width), height: Double(bounds.height), scale: scale)))
    }

    override open func draw(_ rect: CGRect) {
        let canvas = controller.canvas
        let pixels = canvas.pixels(covering: Rect(min: Point(Double(rect.minX), Double(rect.minY)), max: Point(Double(rect.maxX), Double(rect.maxY))))
        guard let image = canvas.image.cgImage(of: pixels) else { return }
        let area = canvas.points(covering: pixels)
        UIImage(cgImage: image, scale: CGFloat(canvas.scale), orientation: .up)
            .draw(in: CGRect(x: area.min.x, y: area.min.y, width: area.width, height: area.height))
    }

    /// Hands one phase of `touches` to the controller, each with its coalesced and predicted readings.
    func forward(_ touches: Set<UITouch>, event: UIEvent?, phase: TouchPhase) {
        let revision = controller.revision
        for touch in touches {
            let coalesced = event?.coalescedTouches(for: touch) ?? []
            let predicted = phase == .moved ? event?.predictedTouches(for: touch) ?? [] : []
            let touchEvent = TouchEvent(
                touch: ObjectIdentifier(touch), phase: phase, type: TouchType(touch.type),
                samples: (coalesced.isEmpty ? [touch] : coalesced).map { TouchSample($0, in: self) },
                predicted: predicted.map { TouchSample($0, in: self) })
            invalidate(controller.handle(touchEvent))
        }
        if controller.revision != revision { onChange?(controller.drawing) }
    }

    /// Hands refined readings to the controller.
    func refine(_ touches: Set<UITouch>) {
        let updates = touches.compactMap { TouchPropertyUpdate($0, in: self) }
        change { $0.handle(updates) }
    }

    /// Runs `action` on the controller, redraws what it changed, and reports a changed drawing.
    private func change(_ action: (TouchInkController) -> PixelRect?) {
        let revision = controller.revision
        invalidate(action(controller))
        if controller.revision != revision { onChange?(controller.drawing) }
    }

    private func invalidate(_ dirty: PixelRect?) {
        guard let dirty else { return }
        let area = controller.canvas.points(covering: dirty)
        setNeedsDisplay(CGRect(x: area.min.x, y: area.min.y, width: area.width, height: area.height))
    }
}
#endif
