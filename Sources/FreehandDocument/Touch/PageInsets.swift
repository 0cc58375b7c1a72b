import FreehandKit

/// Insets around a page in its scroll view, points: those an app asks for (a toolbar, a ruler) and,
/// when the zoomed page is smaller than the view, the room that centres it.
public struct PageInsets: Hashable, Sendable {
    /// Points above the page.
    public var top: Double
    /// Points left of the page.
    public var left: Double
    /// Points below the page.
    public var bottom: Double
    /// Points right of the page.
    public var right: Double

    /// No inset.
    public static let zero = PageInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Insets of the given points (negative or non-finite ones taken as 0).
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        func clean(_ value: Double) -> Double { value.isFinite ? Swift.max(0, value) : 0 }
        (self.top, self.left, self.bottom, self.right) = (clean(top), clean(left), clean(bottom), clean(right))
    }

    /// `self` (the app's insets) with room added that centres a page of `pageSize` points shown at
    /// `zoom` in a view of `viewSize` points, along each axis where the page is smaller than the view
    /// less these insets; along an axis where it is larger, the insets stay as they are.
    public func centring(pageSize: Point2D, zoom: Double, in viewSize: Point2D) -> PageInsets {
        let scale = zoom.isFinite && zoom > 0 ? zoom : 1
        let roomX = Swift.max(0, viewSize.x - left - right - pageSize.x * scale) / 2
        let roomY = Swift.max(0, viewSize.y - top - bottom - pageSize.y * scale) / 2
        return PageInsets(top: top + roomY, left: left + roomX, bottom: bottom + roomY, right: right + roomX)
    }
}
