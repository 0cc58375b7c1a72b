#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandKit
import FreehandRender
import UIKit

/// A view to write, sign or sketch on, with Apple Pencil, a finger or a pointer: the UIKit face of
/// a `TouchInkController`, which makes every decision (which touches draw, erase or are left to a
/// scroll view, when the drawing gesture fails, what a reset means for open strokes, how ink shows
/// in Dark Mode). The view only forwards touches, with their coalesced, predicted and refined
/// readings, and draws the dirty rectangles of the controller's canvas: finished ink cached, the
/// live tail over it.
///
/// The canvas is transparent by default (a signature field over a form, the system background in
/// Dark Mode, where ink is shown with its lightness inverted; see `InkAppearance`). Inside a scroll
/// view, leave one finger to drawing and give the scroll view's pan two
/// (`panGestureRecognizer.minimumNumberOfTouches = 2`): a second finger landing before the first
/// has moved fails the drawing gesture; or make the view pencil-only with
/// `controller.fingerPolicy = .always(.ignore)`, whose finger touches the drawing gesture releases.
/// Declare `UIApplicationSupportsIndirectInputEvents` in the app's Info.plist so that a mouse or
/// trackpad arrives as a pointer (it draws) instead of as a finger.
open class FreehandCanvasView: UIView, InkTouchTarget {
    /// Everything the view decides: live strokes, the drawing model, the pixels.
    public let controller: TouchInkController
    /// The gesture that draws.
    public let drawingGestureRecognizer = InkGestureRecognizer()
    /// Called after every change the user makes to the drawing (a stroke finished, erased,
    /// undone, redone, cleared); not for `load(_:)`, whose caller already has the drawing.
    public var onChange: ((Drawing) -> Void)?

    /// A view showing `drawing`, drawing new strokes in `preset`, on `background` (transparent by
    /// default; an opaque paper colour keeps ink as stored in Dark Mode).
    public init(frame: CGRect = .zero, drawing: Drawing = Drawing(), preset: InkPreset = .handwriting, background: RGBAColor = .transparent) {
        // A one-point canvas until the first layout gives the view its size and scale.
        controller = TouchInkController(canvas: InkCanvas(width: 1, height: 1, background: background), drawing: drawing, preset: preset)
        super.init(frame: frame)
        configure()
    }

    /// A view from a storyboard or nib, with an empty drawing on a transparent canvas.
    public required init?(coder: NSCoder) {
        controller = TouchInkController(canvas: InkCanvas(width: 1, height: 1, background: .transparent))
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        isMultipleTouchEnabled = true
        isOpaque = false
        backgroundColor = .clear
        // A new size redraws from the canvas instead of stretching the old pixels.
        contentMode = .redraw
        drawingGestureRecognizer.touchTarget = self
        drawingGestureRecognizer.cancelsTouchesInView = false
        drawingGestureRecognizer.delaysTouchesEnded = false
        addGestureRecognizer(drawingGestureRecognizer)
    }

    /// The drawing so far.
    public var drawing: Drawing { controller.drawing }
    /// The controller the drawing gesture hands touches to.
    var inkController: TouchInkController { controller }
    /// Touches are read in the view itself.
    var touchView: UIView { self }

    /// Undoes the last edit.
    public func undo() { change { $0.undo() } }
    /// Redoes the last undone edit.
    public func redo() { change { $0.redo() } }
    /// Removes every stroke (undoable).
    public func clear() { change { $0.clear() } }
    /// Runs a selection action on the controller (`deleteSelection()`, `duplicateSelection()`,
    /// `recolorSelection(to:)`, `transformSelection(by:scalingWidth:)`…) and redraws what it changed,
    /// the selection's box included: `canvasView.edit { $0.deleteSelection() }`.
    public func edit(_ action: (TouchInkController) -> PixelRect?) { change(action) }
    /// Shows `drawing` instead, forgetting the undo history; `onChange` is not called.
    public func load(_ drawing: Drawing) { invalidate(controller.load(drawing)) }

    override open func layoutSubviews() {
        super.layoutSubviews()
        followAppearance()
        let scale = Double(traitCollection.displayScale > 0 ? traitCollection.displayScale : 2)
        if controller.fit(width: Double(bounds.width), height: Double(bounds.height), scale: scale) != nil { setNeedsDisplay() }
    }

    #if !os(visionOS)
    // Deprecated on visionOS from its first version (its appearance is fixed: layout reads it).
    override open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        followAppearance()
        setNeedsLayout()
    }
    #endif

    override open func draw(_ rect: CGRect) {
        let canvas = controller.canvas
        let pixels = canvas.pixels(covering: Rect2D(min: Point2D(Double(rect.minX), Double(rect.minY)), max: Point2D(Double(rect.maxX), Double(rect.maxY))))
        guard let image = canvas.image.cgImage(of: pixels) else { return }
        let area = canvas.points(covering: pixels)
        UIImage(cgImage: image, scale: CGFloat(canvas.scale), orientation: .up)
            .draw(in: CGRect(x: area.min.x, y: area.min.y, width: area.width, height: area.height))
        // The lasso and the selection's box (moved by a drag in progress) over the ink.
        controller.selection.stroke { CGPoint(x: $0.x, y: $0.y) }
    }

    /// Hands one touch event to the controller.
    func handle(_ event: TouchEvent) -> PixelRect? { controller.handle(event) }

    /// Shows ink for the system's light or dark style over this canvas's background.
    private func followAppearance() {
        let appearance = InkAppearance(systemIsDark: traitCollection.userInterfaceStyle == .dark, background: controller.canvas.background)
        if controller.appearance != appearance {
            controller.appearance = appearance
            setNeedsDisplay()
        }
    }

    /// Redraws what `change` says changed (the selection's outline is drawn over the ink: all of
    /// it), and reports a changed drawing.
    func show(_ change: TouchChange) {
        if change.selectionChanged { setNeedsDisplay() } else { invalidate(change.pixels) }
        if change.drawingChanged { onChange?(controller.drawing) }
    }

    private func invalidate(_ dirty: PixelRect?) {
        guard let dirty else { return }
        let area = controller.canvas.points(covering: dirty)
        setNeedsDisplay(CGRect(x: area.min.x, y: area.min.y, width: area.width, height: area.height))
    }
}
#endif
