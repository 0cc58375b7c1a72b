/// One drawing command of a path. Each command but `move` continues from the end of the one before.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point. A path that is a single `move` is a dot (a tap).
    case move(to: Point2D)
    /// A straight segment to a point.
    case line(to: Point2D)
    /// A quadratic Bézier curve with one control point.
    case quad(control: Point2D, to: Point2D)
    /// A cubic Bézier curve with two control points.
    case cubic(control1: Point2D, control2: Point2D, to: Point2D)

    /// Where the element ends: the next element starts here.
    @inlinable public var endPoint: Point2D {
        switch self {
        case .move(let to), .line(let to), .quad(_, let to), .cubic(_, _, let to): return to
        }
    }

    /// True when every point of the element (its end and control points) is finite.
    @inlinable public var isFinite: Bool {
        switch self {
        case .move(let to), .line(let to): return to.isFinite
        case .quad(let control, let to): return control.isFinite && to.isFinite
        case .cubic(let control1, let control2, let to): return control1.isFinite && control2.isFinite && to.isFinite
        }
    }

    /// A rectangle holding the element's curve when it starts at `start`: the bounds of its control
    /// points, which contain the curve (a Bézier curve lies in its control polygon's hull).
    public func controlBounds(from start: Point2D) -> Rect2D {
        if case .move(let to) = self { return Rect2D(point: to) }
        var box = Rect2D(point: start)
        growing(&box)
        return box
    }

    /// Grows `box` to hold the element's control points and end (not its start).
    @inline(__always)
    func growing(_ box: inout Rect2D) {
        switch self {
        case .move(let to), .line(let to):
            box.formUnion(to)
        case .quad(let control, let to):
            box.formUnion(control)
            box.formUnion(to)
        case .cubic(let control1, let control2, let to):
            box.formUnion(control1)
            box.formUnion(control2)
            box.formUnion(to)
        }
    }

    /// The point at parameter `t` (0…1) of the element when it starts at `start`.
    public func point(at t: Double, from start: Point2D) -> Point2D {
        let u = 1 - t
        switch self {
        case .move(let to): return to
        case .line(let to): return start * u + to * t
        case .quad(let c, let to): return start * (u * u) + c * (2 * u * t) + to * (t * t)
        case .cubic(let c1, let c2, let to):
            return start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + to * (t * t * t)
        }
    }

    /// The element with every point passed through `transform`.
    public func mapPoints(_ transform: (Point2D) -> Point2D) -> PathElement {
        switch self {
        case .move(let to): return .move(to: transform(to))
        case .line(let to): return .line(to: transform(to))
        case .quad(let c, let to): return .quad(control: transform(c), to: transform(to))
        case .cubic(let c1, let c2, let to):
            return .cubic(control1: transform(c1), control2: transform(c2), to: transform(to))
        }
    }
}
