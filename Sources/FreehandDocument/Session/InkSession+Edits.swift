import FreehandKit

/// The session's edits: undo, redo, clear, load and the outline scale.
extension InkSession {
    // MARK: - Edits

    /// Undoes the last edit.
    @discardableResult
    public mutating func undo() -> InkReport {
        selection = SelectionOverlay()
        return editor.undo() ? followEditor() : InkReport()
    }

    /// Redoes the last undone edit.
    @discardableResult
    public mutating func redo() -> InkReport {
        selection = SelectionOverlay()
        return editor.redo() ? followEditor() : InkReport()
    }

    /// Removes every stroke (undoable) and abandons the live ones.
    @discardableResult
    public mutating func clear() -> InkReport {
        selection = SelectionOverlay()
        let report = cancelAll()
        finished = []
        editor.clear()
        return report.merged(with: followEditor())
    }

    /// Adds the strokes of `drawing` on top of the ink (a file opened onto the page) as one edit, which
    /// one undo takes back out.
    @discardableResult
    public mutating func add(_ drawing: Drawing) -> InkReport {
        guard !drawing.strokes.isEmpty else { return InkReport() }
        selection = SelectionOverlay()
        editor.add(contentsOf: drawing.strokes)
        return followEditor()
    }

    /// Replaces the drawing (say, one just opened), abandoning live strokes and forgetting the undo
    /// history; everything is to be repainted.
    @discardableResult
    public mutating func load(_ drawing: Drawing) -> InkReport {
        load(drawing, outlines: Self.outlines(of: drawing, scale: outlineScale))
    }

    /// Replaces the drawing with `drawing`, whose strokes' outlines at the session's scale are
    /// `outlines` (one a stroke), as `load(_:)` does.
    mutating func load(_ drawing: Drawing, outlines: [OutlinePiece?]) -> InkReport {
        selection = SelectionOverlay()
        var report = cancelAll()
        finished = []
        let previous = Self.bounds(of: self.outlines)
        editor = DrawingEditor(drawing: drawing, undoLimit: editor.undoLimit)
        self.outlines = outlines
        revision += 1
        report.drawingChanged = true
        report.repaint = Self.bounds(of: outlines)
        report.repaint.formUnion(previous)
        return report
    }

    /// Outlines every stroke again for `scale` pixels per point (a zoom that changed the detail
    /// needed); everything is to be repainted. Live strokes keep the detail they began with.
    @discardableResult
    public mutating func setOutlineScale(_ scale: Double) -> InkReport {
        outlineScale = Self.validScale(scale)
        outlines = Self.outlines(of: editor.drawing, scale: outlineScale)
        var report = InkReport()
        report.repaint = Self.bounds(of: outlines)
        return report
    }

    /// Takes outlines made elsewhere for `scale` (`PageOutlineJob`) for a drawing unchanged since;
    /// false (nothing changed) when they are not one a stroke.
    mutating func adoptOutlines(_ outlines: [OutlinePiece?], scale: Double) -> Bool {
        guard outlines.count == drawing.strokes.count else { return false }
        outlineScale = Self.validScale(scale)
        self.outlines = outlines
        return true
    }

    /// The finished ink as a view shows it: each stroke's kept outline (strokes that draw nothing
    /// left out) in its colour shown through `appearance`, in drawing order.
    func finishedInk(shownThrough appearance: InkAppearance) -> some Sequence<(piece: OutlinePiece, color: RGBAColor)> {
        zip(drawing.strokes, outlines).lazy.compactMap { record, outline in
            outline.map { (piece: $0, color: appearance.displayed(record.color)) }
        }
    }
}
