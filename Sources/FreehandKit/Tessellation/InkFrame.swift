/// The page a piece of ink needs: the bounds of its outlines (which take in half of each stroke's
/// width) plus a margin on every side, and the shift that moves the ink onto that page. The
/// default canvas of every export, and what `--trim` crops to.
public struct InkFrame: Hashable, Sendable {
    /// The page size in points (at least 1 × 1).
    public var size: Point2D
    /// What to add to the ink's coordinates to place it on the page.
    public var offset: Point2D

    /// The frame around `bounds` (nil: no ink, a 1 × 1 page plus the margins) with `margin` points
    /// (≥ 0) on every side; the page size is rounded up to whole points.
    public init(around bounds: Rect2D?, margin: Double) {
        let margin = margin.isFinite ? Swift.max(0, margin) : 0
        guard let bounds else {
            size = Point2D(1 + 2 * margin, 1 + 2 * margin)
            offset = Point2D(margin, margin)
            return
        }
        size = Point2D(Swift.max(1, (bounds.width + 2 * margin).rounded(.up)), Swift.max(1, (bounds.height + 2 * margin).rounded(.up)))
        // Centred in the rounded-up page.
        offset = Point2D(
            (size.x - bounds.width) / 2 - bounds.min.x, (size.y - bounds.height) / 2 - bounds.min.y)
    }

    /// The frame around the outlines of `pieces`.
    public init<Pieces: Sequence<OutlinePiece>>(enclosing pieces: Pieces, margin: Double) {
        self.init(around: pieces.compactMap { $0.bounds }.reduce(nil) { $0?.union($1) ?? $1 }, margin: margin)
    }

    /// The default margin around ink, points.
    public static let standardMargin = 8.0
}
