/// An axis-aligned rectangle in points, used for bounds and for the area an update changed.
///
/// A rectangle is closed: a single point is a rectangle of zero width and height.
public struct Rect2D: Hashable, Sendable, CustomStringConvertible {
    /// The smallest x and y inside the rectangle.
    public var min: Point2D
    /// The largest x and y inside the rectangle.
    public var max: Point2D

    /// A rectangle from its two extreme corners; `min` must not exceed `max` on either axis.
    public init(min: Point2D, max: Point2D) {
        self.min = min
        self.max = max
    }

    /// The rectangle of zero size at `point`.
    public init(point: Point2D) {
        self.init(min: point, max: point)
    }

    /// The smallest rectangle holding every point of `points`, or nil when `points` is empty.
    public init?<S: Sequence<Point2D>>(enclosing points: S) {
        func bounds<Points: Sequence<Point2D>>(_ points: Points) -> Rect2D? {
            var iterator = points.makeIterator()
            guard let first = iterator.next() else { return nil }
            var box = Rect2D(point: first)
            while let point = iterator.next() { box.formUnion(point) }
            return box
        }
        // Arrays and slices are read through a buffer, without a bounds check or retain per point
        // (every outline piece and update takes its bounds here).
        guard let box = points.withContiguousStorageIfAvailable({ bounds($0) }) ?? bounds(points) else { return nil }
        self = box
    }

    /// The width (x extent) in points.
    public var width: Double { max.x - min.x }
    /// The height (y extent) in points.
    public var height: Double { max.y - min.y }
    /// The centre of the rectangle.
    public var center: Point2D { min.midpoint(max) }

    /// Grows the rectangle to hold `point`.
    public mutating func formUnion(_ point: Point2D) {
        Self.lower(&min, point)
        Self.raise(&max, point)
    }

    /// Grows the rectangle to hold `other`.
    public mutating func formUnion(_ other: Rect2D) {
        Self.lower(&min, other.min)
        Self.raise(&max, other.max)
    }

    /// `corner` lowered to `point` lane by lane: `pointwiseMin` (a NaN lane takes the other's
    /// value; a tie keeps `corner`'s), as two lane-wide compares and a blend.
    @inline(__always)
    private static func lower(_ corner: inout Point2D, _ point: Point2D) {
        corner.replace(with: point, where: (point .< corner) .| (corner .!= corner))
    }

    /// `corner` raised to `point` lane by lane: `pointwiseMax` (a NaN lane takes the other's
    /// value; a tie takes `point`'s).
    @inline(__always)
    private static func raise(_ corner: inout Point2D, _ point: Point2D) {
        corner.replace(with: point, where: (point .>= corner) .| (corner .!= corner))
    }

    /// The smallest rectangle holding both `self` and `other`.
    public func union(_ other: Rect2D) -> Rect2D {
        var copy = self
        copy.formUnion(other)
        return copy
    }

    /// The rectangle grown by `amount` points on every side (shrunk when negative, never past its centre).
    public func expanded(by amount: Double) -> Rect2D {
        let grown = Rect2D(min: min - Point2D(repeating: amount), max: max + Point2D(repeating: amount))
        guard grown.width >= 0, grown.height >= 0 else { return Rect2D(point: center) }
        return grown
    }

    /// True when `point` lies inside or on the border.
    public func contains(_ point: Point2D) -> Bool {
        point.x >= min.x && point.x <= max.x && point.y >= min.y && point.y <= max.y
    }

    /// True when the two rectangles share at least one point.
    public func intersects(_ other: Rect2D) -> Bool {
        min.x <= other.max.x && other.min.x <= max.x && min.y <= other.max.y && other.min.y <= max.y
    }

    public var description: String { "Rect2D(\(min.x), \(min.y) – \(max.x), \(max.y))" }
}

/// Optional rectangles, nil meaning "nothing yet", as dirty areas accumulate.
extension Optional where Wrapped == Rect2D {
    /// Grows an optional rectangle (nil meaning "nothing yet") to hold `other`.
    public mutating func formUnion(_ other: Rect2D?) {
        guard let other else { return }
        switch self {
        case .none: self = other
        case .some(var box):
            box.formUnion(other)
            self = box
        }
    }
}
