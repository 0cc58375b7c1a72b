import FreehandKit
import FreehandRender

extension InkCanvas {
    /// Draws what an `InkSession` call reported: each live stroke's pieces (begun, drawn, kept at
    /// its end, or dropped when cancelled), then the finished ink repainted from `session` where it
    /// changed. Colours are shown through `appearance`; an eraser's trail uses `eraserMode`.
    /// Returns the pixels that changed, or nil.
    @discardableResult
    public func show(_ report: InkReport, of session: InkSession, appearance: InkAppearance = .light) -> PixelRect? {
        var dirty: PixelRect?
        for ink in report.live {
            switch ink.change {
            case .began:
                beginInk(
                    ink.pointer, tool: ink.erases ? .eraser(eraserMode) : .ink, color: appearance.displayed(ink.color), layering: ink.layering,
                    grain: ink.grain > 0 ? Grain(strength: ink.grain) : nil)
            case .drawn:
                dirty.formUnion(drawInk(ink.pointer, committed: ink.committed, provisional: ink.provisional))
            case .ended:
                dirty.formUnion(drawInk(ink.pointer, committed: ink.committed, provisional: nil))
                dirty.formUnion(endInk(ink.pointer))
            case .cancelled:
                dirty.formUnion(cancel(ink.pointer))
            }
        }
        if let area = report.repaint { dirty.formUnion(repaint(pixels(covering: area), from: session, appearance: appearance)) }
        return dirty
    }

    /// Paints `area` (pixels) of the finished ink again from `session`'s drawing and outlines,
    /// colours shown through `appearance`, with the canvas's `grain` (when nil, the session's
    /// preset's: pencil ink keeps its grain after an erase or an undo). Returns the pixels that changed.
    @discardableResult
    public func repaint(_ area: PixelRect, from session: InkSession, appearance: InkAppearance = .light) -> PixelRect? {
        let preset = session.preset.grain
        return repaint(area, from: session.finishedInk(shownThrough: appearance), grain: grain ?? (preset > 0 ? Grain(strength: preset) : nil))
    }
}
