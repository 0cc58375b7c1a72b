import FreehandKit

/// What a zoomable view shows of an unbounded drawing: the point at its top-left corner, its zoom
/// and its size in device pixels.
public struct Viewport: Hashable, Sendable {
    /// The drawing's point at the view's top-left pixel corner, points.
    public var origin: Point
    /// Device pixels per point, 1/64…64 (the view's zoom times its screen scale).
    public var zoom: Double
    /// The view's width in device pixels, 0…16,384.
    public var width: Int
    /// The view's height in device pixels, 0…16,384.
    public var height: Int

    /// A viewport; a zoom outside 1/64…64 (or not a number) is clamped to it (1 for not a number),
    /// a size to 0…16,384 pixels.
    public init(origin: Point, zoom: Double, width: Int, height: Int) {
        self.origin = origin.isFinite ? origin : .zero
        self.zoom = zoom.isFinite ? Swift.min(64, Swift.max(1.0 / 64, zoom)) : 1
        self.width = Swift.min(16_384, Swift.max(0, width))
        self.height = Swift.min(16_384, Swift.max(0, height))
    }

    /// The part of the drawing the view shows, points.
    public var visibleRect: Rect {
        Rect(min: origin, max: origin + Point(Double(width), Double(height)) / zoom)
    }

    /// The viewport moved by `pixels` device pixels (a pan: the drawing moves the other way).
    public func panned(by pixels: Point) -> Viewport {
        Viewport(origin: origin + pixels / zoom, zoom: zoom, width: width, height: height)
    }

    /// The viewport zoomed by `factor` about `anchor` (device pixels in the view), which keeps
    /// showing the same point of the drawing (a pinch).
    public func zoomed(by factor: Double, about anchor: Point) -> Viewport {
        let fixed = origin + anchor / zoom
        let zoom = Viewport(origin: origin, zoom: self.zoom * factor, width: width, height: height).zoom
        return Viewport(origin: fixed - anchor / zoom, zoom: zoom, width: width, height: height)
    }
}
