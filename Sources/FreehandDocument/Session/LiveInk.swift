import FreehandKit

/// What one pointer's live ink did in one call to an `InkSession`: the outline pieces it
/// committed (final: a view draws them once, for good) and its provisional ink now (the tail and
/// any predicted ink: it replaces the previous provisional ink), with how to draw them. A view
/// begins the pointer's ink at `.began`, draws the pieces of every change, and at `.ended` keeps
/// what it drew (the finished stroke's pixels are exactly the live ones) or at `.cancelled` drops it.
public struct LiveInk {
    /// Where the pointer's stroke is.
    public enum Change: Hashable, Sendable {
        /// The stroke began (no ink yet).
        case began
        /// The stroke grew, or its provisional ink changed.
        case drawn
        /// The stroke ended: its last pieces are here, and its ink stays.
        case ended
        /// The stroke was abandoned: its ink goes.
        case cancelled
    }

    /// The pointer, as the caller named it.
    public var pointer: PointerID
    /// What happened.
    public var change: Change
    /// True for an eraser's trail (shown as the eraser cuts, then replaced by the cut itself).
    public var erases: Bool
    /// The ink's colour (an eraser's: the session's colour, unused by a view that paints background).
    public var color: RGBAColor
    /// How the ink combines with the ink under it (its brush's).
    public var layering: InkLayering
    /// The preset's pencil grain, 0…1 (0: none); erasers have none.
    public var grain: Double
    /// Pieces committed by this change, in points, oldest first.
    public var committed: [OutlinePiece] = []
    /// The provisional ink now, or nil (none, or the stroke ended).
    public var provisional: OutlinePiece?
}

/// What an `InkSession` call changed: live ink to draw, and where the finished ink changed.
public struct InkReport {
    /// Each live stroke that changed, in the order of the changes.
    public var live: [LiveInk] = []
    /// The area, in points, where the finished ink changed (an edit, an erase, an undo, a late
    /// refinement of an ended stroke): a view repaints it from `InkSession.outlines`. Nil: none.
    public var repaint: Rect2D?
    /// True when the drawing changed (`InkSession.revision` moved): a view tells its owner.
    public var drawingChanged = false

    /// An empty report.
    public init() {}

    /// This report followed by `other`.
    public func merged(with other: InkReport) -> InkReport {
        var merged = self
        merged.live += other.live
        merged.repaint.formUnion(other.repaint)
        merged.drawingChanged = drawingChanged || other.drawingChanged
        return merged
    }
}
