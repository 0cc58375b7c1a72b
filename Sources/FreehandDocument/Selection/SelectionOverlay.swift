import FreehandKit

/// What a view draws over the ink for selection (`TouchInkController.selection`): the lasso being
/// drawn, the selected strokes' bounds (where handles go) and, while a selection is dragged, how far
/// it has moved. In the drawing's points; platform-neutral, so that every view draws the same.
public struct SelectionOverlay: Hashable, Sendable {
    /// The indices of the selected strokes in the drawing, ascending.
    public internal(set) var indices: [Int] = []
    /// The bounds of the selected ink at rest, or nil with nothing selected.
    public internal(set) var bounds: Rect2D?
    /// The lasso's path while one is drawn (empty otherwise): a view draws it as a dashed line.
    public internal(set) var lasso: [Point2D] = []
    /// How far the selection has been dragged by a touch still down, points.
    public internal(set) var dragOffset: Point2D = .zero

    /// True when no stroke is selected and no lasso is drawn.
    public var isEmpty: Bool { indices.isEmpty && lasso.isEmpty }

    /// The selection's bounds where the view shows them: moved by the drag in progress.
    public var displayedBounds: Rect2D? {
        bounds.map { Rect2D(min: $0.min + dragOffset, max: $0.max + dragOffset) }
    }

    /// True when `point` is on the selection (inside its bounds grown by `margin` points): a touch
    /// beginning there drags it.
    public func isOnSelection(_ point: Point2D, margin: Double = 8) -> Bool {
        bounds.map { $0.expanded(by: margin).contains(point) } ?? false
    }
}
