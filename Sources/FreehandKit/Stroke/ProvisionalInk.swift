/// The uncommitted end of a live stroke (`InkStroke.provisionalInk()`): drawn over the committed
/// ink, and replaced by the next one.
public struct ProvisionalInk: Hashable, Sendable {
    /// The ink from the last committed piece to the newest (or predicted) sample, with the end cap
    /// (a closed polygon, non-zero fill); nil when there is none.
    public var outline: OutlinePiece?
    /// The provisional part of the triangle strip, starting with the last committed pair (left,
    /// right alternating); empty unless the stroke hands out a strip.
    public var strip: [Point2D]

    /// Provisional ink with the given parts.
    public init(outline: OutlinePiece? = nil, strip: [Point2D] = []) {
        self.outline = outline
        self.strip = strip
    }
}
