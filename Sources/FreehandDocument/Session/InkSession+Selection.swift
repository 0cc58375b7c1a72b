import FreehandKit

/// Selecting: a pointer whose role is `.select` draws a lasso round strokes (those mostly inside
/// are selected) or, begun on the selection, drags it (one undoable move); the selection's edits.
extension InkSession {
    /// A selecting pointer moved through `points`: its lasso grows, or its drag follows.
    mutating func moveSelecting(_ entry: inout LivePointer, to points: [Point2D]) {
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

    /// True when `transform` keeps every selected sample within the coordinates the library reads
    /// (±`SampleValidation.coordinateLimit`), so that the moved ink still draws, saves and reads
    /// back. Judged by the corners of the selection's bounds (a conservative test: they hold
    /// every sample).
    public func keepsSelectionReadable(under transform: Transform2D) -> Bool {
        guard let bounds = selection.bounds else { return true }
        let corners = [bounds.min, Point2D(bounds.max.x, bounds.min.y), bounds.max, Point2D(bounds.min.x, bounds.max.y)]
        return corners.allSatisfy { Self.isReadable(transform.apply($0)) }
    }

    /// Moves, scales or rotates the selection (ink widths with it when `scalingWidth`). A transform
    /// that would take ink past the coordinate limit is not made (`keepsSelectionReadable(under:)`):
    /// nothing changes and the report is empty.
    @discardableResult
    public mutating func transformSelection(by transform: Transform2D, scalingWidth: Bool = false) -> InkReport {
        let indices = selection.indices
        guard !indices.isEmpty, keepsSelectionReadable(under: transform) else { return InkReport() }
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

    /// Adds a copy of the selection `offset` points away on top and selects the copy. Not made (an
    /// empty report) when the copy would take the drawing past `drawingSampleLimit` or its ink past
    /// the coordinate limit.
    @discardableResult
    public mutating func duplicateSelection(offset: Point2D = Point2D(12, 12)) -> InkReport {
        guard !selection.indices.isEmpty, keepsSelectionReadable(under: Transform2D(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y)) else {
            return InkReport()
        }
        let copied = selection.indices.reduce(0) { $0 + editor.drawing.strokes[$1].samples.count }
        if let drawingSampleLimit, editor.drawing.sampleCount + copied > drawingSampleLimit { return InkReport() }
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
