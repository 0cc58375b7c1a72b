import FreehandRender

/// What one call to a `TouchInkController` changed, for the view that made it: the canvas's pixels
/// to redraw, whether the drawing changed (report it to the view's owner), whether the selection
/// or the lasso being drawn changed (draw their outline again). A view reads this instead of
/// comparing the controller's state before and after (`TouchInkController.changes(by:)`).
public struct TouchChange: Hashable, Sendable {
    /// The canvas's pixels that changed, or nil.
    public var pixels: PixelRect?
    /// True when the drawing changed: a stroke finished, erased, undone, redone, a clear.
    public var drawingChanged: Bool
    /// True when the selection or the lasso being drawn changed.
    public var selectionChanged: Bool

    /// A change of `pixels`, the drawing and the selection as said.
    public init(pixels: PixelRect? = nil, drawingChanged: Bool = false, selectionChanged: Bool = false) {
        self.pixels = pixels
        self.drawingChanged = drawingChanged
        self.selectionChanged = selectionChanged
    }

    /// True when nothing changed.
    public var isEmpty: Bool { pixels == nil && !drawingChanged && !selectionChanged }

    /// Both changes: the pixels of either, the drawing or the selection changed by either.
    public func merged(with other: TouchChange) -> TouchChange {
        var merged = self
        merged.pixels.formUnion(other.pixels)
        merged.drawingChanged = drawingChanged || other.drawingChanged
        merged.selectionChanged = selectionChanged || other.selectionChanged
        return merged
    }
}

extension TouchInkController {
    /// Runs `action` (a call that returns the pixels it changed: `handle(_:)`, `undo()`, a
    /// selection edit…) and says everything it changed.
    public func changes(by action: (TouchInkController) -> PixelRect?) -> TouchChange {
        let revision = self.revision, selection = self.selection
        let pixels = action(self)
        return TouchChange(pixels: pixels, drawingChanged: self.revision != revision, selectionChanged: self.selection != selection)
    }
}
