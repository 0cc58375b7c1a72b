/// What one call to a `StrokeBuilder` changed.
///
/// A renderer draws `committed` once into its cached layer (it never changes again) and replaces
/// whatever it drew for the previous `provisional` tail with this one. Only `dirtyRect` needs
/// redrawing.
public struct StrokeUpdate: Hashable, Sendable {
    /// The geometry that became final with this update; it starts with a `move` to where the stroke's
    /// committed path ended before (or to the first sample), so it can be drawn on its own. Empty
    /// when nothing new was committed.
    public var committed: BezierPath
    /// The provisional tail from the end of the committed path to the newest sample, including
    /// predicted samples; it replaces the previous update's tail. Empty once the stroke has ended.
    public var provisional: BezierPath
    /// The area that changed, in points: the new committed geometry and both the old and the new
    /// tail, bounded by their control points (brush width not included). Nil when nothing changed.
    public var dirtyRect: Rect2D?

    /// An update with the given parts.
    public init(committed: BezierPath = BezierPath(), provisional: BezierPath = BezierPath(), dirtyRect: Rect2D? = nil) {
        self.committed = committed
        self.provisional = provisional
        self.dirtyRect = dirtyRect
    }
}
