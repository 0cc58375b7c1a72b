import FreehandKit

/// A rectangle held in single precision, rounded outward so that it always contains the rectangle
/// it was made from: half the memory of a `Rect2D`, for the many bounds a `StrokeIndex` keeps.
struct CompactRect {
    var minX, minY, maxX, maxY: Float

    /// The smallest single-precision rectangle containing `rect` (coordinates beyond the single
    /// range widen to infinity).
    init(_ rect: Rect2D) {
        func down(_ value: Double) -> Float {
            let rounded = Float(value)
            return Double(rounded) > value ? rounded.nextDown : rounded
        }
        func up(_ value: Double) -> Float {
            let rounded = Float(value)
            return Double(rounded) < value ? rounded.nextUp : rounded
        }
        (minX, minY, maxX, maxY) = (down(rect.min.x), down(rect.min.y), up(rect.max.x), up(rect.max.y))
    }

    /// The rectangle holding nothing: it meets no rectangle and lies inside none.
    static let empty = CompactRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    private init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// True for `empty`.
    var isEmpty: Bool { minX > maxX }

    /// The rectangle in double precision.
    var rect: Rect2D { Rect2D(min: Point2D(Double(minX), Double(minY)), max: Point2D(Double(maxX), Double(maxY))) }

    /// True when the rectangles share a point.
    @inline(__always)
    func intersects(_ other: Rect2D) -> Bool {
        Double(minX) <= other.max.x && other.min.x <= Double(maxX) && Double(minY) <= other.max.y && other.min.y <= Double(maxY)
    }

    /// True when this rectangle lies inside `other`.
    @inline(__always)
    func isInside(_ other: Rect2D) -> Bool {
        !isEmpty && other.min.x <= Double(minX) && Double(maxX) <= other.max.x && other.min.y <= Double(minY) && Double(maxY) <= other.max.y
    }
}
