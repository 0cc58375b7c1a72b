/// What one call to an `InkStroke` changed, ready to draw.
///
/// Committed pieces abut the ones before them and never change: draw them once into a cached
/// layer, then the stroke's `provisionalInk()` over them. Together they cover exactly the ink of
/// the final outline.
public struct InkUpdate: Hashable, Sendable {
    /// New closed polygons of final ink (non-zero fill), in order.
    public var committed: [OutlinePiece]
    /// New triangle-strip vertices continuing the committed strip (left, right alternating).
    public var committedStrip: [Point2D]
    /// The area that changed, in points: new committed ink and the provisional ink handed out
    /// before this update (which the next `InkStroke.provisionalInk()` replaces; its own bounds
    /// are the rest of what to redraw).
    public var dirtyRect: Rect2D?

    /// An update with the given parts.
    public init(committed: [OutlinePiece] = [], committedStrip: [Point2D] = [], dirtyRect: Rect2D? = nil) {
        self.committed = committed
        self.committedStrip = committedStrip
        self.dirtyRect = dirtyRect
    }
}
