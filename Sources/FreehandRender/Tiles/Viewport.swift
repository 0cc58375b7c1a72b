import FreehandKit

/// What a zoomable view shows of an unbounded drawing: the point at its top-left corner, its zoom
/// and its size in device pixels.
public struct Viewport: Hashable, Sendable {
    /// The drawing's point at the view's top-left pixel corner, points.
    public var origin: Point2D
    /// Device pixels per point, 1/64…64 (the view's zoom times its screen scale).
    public var zoom: Double
    /// The view's width in device pixels, 0…16,384.
    public var width: Int
    /// The view's height in device pixels, 0…16,384.
    public var height: Int

    /// A viewport; a zoom outside 1/64…64 (or not a number) is clamped to it (1 for not a number),
    /// a size to 0…16,384 pixels.
    public init(origin: Point2D, zoom: Double, width: Int, height: Int) {
        self.origin = origin.isFinite ? origin : .zero
        self.zoom = zoom.isFinite ? Swift.min(64, Swift.max(1.0 / 64, zoom)) : 1
        self.width = Swift.min(16_384, Swift.max(0, width))
        self.height = Swift.min(16_384, Swift.max(0, height))
    }

    /// The viewport of a scroll view that zooms its content (UIKit's `UIScrollView`): scrolled to
    /// `contentOffset` (view points of the zoomed content), zoomed by `zoomScale`, `size` points
    /// large on a screen of `screenScale` pixels a point. The drawing's points are the content's
    /// unzoomed points.
    public init(contentOffset: Point2D, zoomScale: Double, size: Point2D, screenScale: Double) {
        let zoomScale = zoomScale > 0 && zoomScale.isFinite ? zoomScale : 1
        let screenScale = screenScale > 0 && screenScale.isFinite ? screenScale : 1
        // Held to 0…16,384 before becoming whole pixels (not a number: 0).
        func pixels(_ points: Double) -> Int {
            let value = points * screenScale
            return value >= 0 ? Int(Swift.min(16_384, value).rounded()) : 0
        }
        self.init(origin: contentOffset / zoomScale, zoom: zoomScale * screenScale, width: pixels(size.x), height: pixels(size.y))
    }

    /// The device pixel of the drawing's level (its points times the zoom) at the view's top-left
    /// pixel: the origin times the zoom, rounded (a `TiledCanvas`'s tiles land on whole pixels).
    public var pixelOrigin: Point2D {
        Point2D((origin.x * zoom).rounded(), (origin.y * zoom).rounded())
    }

    /// The part of the drawing the view shows, points.
    public var visibleRect: Rect2D {
        Rect2D(min: origin, max: origin + Point2D(Double(width), Double(height)) / zoom)
    }

    /// The viewport moved by `pixels` device pixels (a pan: the drawing moves the other way).
    public func panned(by pixels: Point2D) -> Viewport {
        Viewport(origin: origin + pixels / zoom, zoom: zoom, width: width, height: height)
    }

    /// The viewport zoomed by `factor` about `anchor` (device pixels in the view), which keeps
    /// showing the same point of the drawing (a pinch).
    public func zoomed(by factor: Double, about anchor: Point2D) -> Viewport {
        let fixed = origin + anchor / zoom
        let zoom = Viewport(origin: origin, zoom: self.zoom * factor, width: width, height: height).zoom
        return Viewport(origin: fixed - anchor / zoom, zoom: zoom, width: width, height: height)
    }
}
