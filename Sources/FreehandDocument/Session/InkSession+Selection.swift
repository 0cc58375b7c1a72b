import FreehandKit
import FreehandRender

/// Selecting: a pointer whose role is `.select` draws a lasso round strokes (those mostly inside
/// are selected) or, begun on the selection, drags it (one undoable move); the selection's edits.
extension InkSession {
    /// A selecting pointer moved through `points`: its lasso grows, or its drag follows.
    mutating func moveSelecting(_ entry: inout LivePointer, to points: [Point]) {
        if let start = entry.dragStart, let last = points.last {
            selection.dragOffset = last - start
        } else if entry.dragStart == nil {
            selection.lasso += points
        }
    }

    /// A selecting pointer ended: a lasso selects the strokes mostly inside it; a drag moves the
    /// selection.
    mutating func finishSelecting(_ entry: LivePointer) -> InkReport {
        if entry.dragStart == nil {
            let indices = editor.strokes(inLasso: selection.lasso)
            selection = SelectionOverlay()
            select(indices)
            return InkReport()
        }
        let offset = selection.dragOffset
        selection.dragOffset = .zero
        guard offset != .zero, offset.isFinite else { return InkReport() }
        return transformSelection(by: Transform2D(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y))
    }

    /// Selects the strokes at `indices` (invalid ones ignored).
    public mutating func select(_ indices: [Int]) {
        let valid = Set(indices.filter { editor.drawing.strokes.indices.contains($0) }).sorted()
        selection = SelectionOverlay()
        selection.indices = valid
        selection.bounds = editor.bounds(ofStrokesAt: valid)
    }

    /// Clears the selection.
    public mutating func clearSelection() {
        selection = SelectionOverlay()
    }

    /// Moves, scales or rotates the selection (ink widths with it when `scalingWidth`).
    @discardableResult
    public mutating func transformSelection(by transform: Transform2D, scalingWidth: Bool = false) -> InkReport {
        let indices = selection.indices
        guard !indices.isEmpty else { return InkReport() }
        editor.transform(strokesAt: indices, by: transform, scalingWidth: scalingWidth)
        let report = followEditor()
        select(indices)
        return report
    }

    /// Recolours the selection.
    @discardableResult
    public mutating func recolorSelection(to color: RGBAColor) -> InkReport {
        let indices = selection.indices
        guard !indices.isEmpty else { return InkReport() }
        editor.recolor(strokesAt: indices, to: color)
        let report = followEditor()
        select(indices)
        return report
    }

    /// Deletes the selected strokes.
    @discardableResult
    public mutating func deleteSelection() -> InkReport {
        let indices = selection.indices
        selection = SelectionOverlay()
        guard !indices.isEmpty else { return InkReport() }
        editor.delete(strokesAt: indices)
        return followEditor()
    }

    /// Adds a copy of the selection `offset` points away on top and selects the copy.
    @discardableResult
    public mutating func duplicateSelection(offset: Point = Point(12, 12)) -> InkReport {
        guard !selection.indices.isEmpty else { return InkReport() }
        let copies = editor.duplicate(strokesAt: selection.indices, offset: offset)
        let report = followEditor()
        select(copies)
        return report
    }

    /// Brings the selection above every other stroke.
    @discardableResult
    public mutating func bringSelectionToFront() -> InkReport {
        guard !selection.indices.isEmpty else { return InkReport() }
        let moved = editor.bringToFront(strokesAt: selection.indices)
        let report = followEditor()
        select(moved)
        return report
    }
}
