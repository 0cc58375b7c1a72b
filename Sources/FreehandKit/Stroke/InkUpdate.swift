/// What one call to an `InkStroke` changed, ready to draw.
///
/// Committed pieces abut the ones before them and never change: draw them once into a cached
/// layer. The provisional piece replaces the previous one. Together they cover exactly the ink
/// of the final outline.
public struct InkUpdate: Hashable, Sendable {
    /// New closed polygons of final ink (non-zero fill), in order.
    public var committed: [OutlinePiece]
    /// The ink from the last committed piece to the newest (or predicted) sample, with the end
    /// cap; nil when there is none (nothing drawn yet, or the stroke has ended).
    public var provisional: OutlinePiece?
    /// New triangle-strip vertices continuing the committed strip (left, right alternating).
    public var committedStrip: [Point]
    /// The provisional part of the strip, starting with the last committed pair.
    public var provisionalStrip: [Point]
    /// The area that changed, in points: new committed ink and the old and new provisional ink.
    public var dirtyRect: Rect?

    /// An update with the given parts.
    public init(
        committed: [OutlinePiece] = [], provisional: OutlinePiece? = nil, committedStrip: [Point] = [],
        provisionalStrip: [Point] = [], dirtyRect: Rect? = nil
    ) {
        self.committed = committed
        self.provisional = provisional
        self.committedStrip = committedStrip
        self.provisionalStrip = provisionalStrip
        self.dirtyRect = dirtyRect
    }
}
