/// A stroke's centreline: a sequence of move, line, quadratic and cubic elements in points.
///
/// A path built by the engine starts with one `move`; a path that is only that `move` is a dot.
/// An empty path draws nothing.
public struct BezierPath: Hashable, Sendable {
    /// The elements in drawing order.
    public var elements: [PathElement]

    /// A path of the given elements.
    public init(_ elements: [PathElement] = []) {
        self.elements = elements
    }

    /// True when the path has no element.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the path begins (where its first element, a move, goes), or nil when it is empty.
    public var startPoint: Point2D? { elements.first?.endPoint }

    /// Where the path ends, or nil when it is empty.
    public var endPoint: Point2D? { elements.last?.endPoint }

    /// True when the path is a single point: only moves, all to one location.
    public var isDot: Bool {
        guard let first = elements.first?.endPoint else { return false }
        return elements.allSatisfy { if case .move(let to) = $0 { return to == first } else { return false } }
    }

    /// A rectangle holding every point of the path (the hull of its control points), or nil when empty.
    public var controlBounds: Rect2D? {
        elements.withUnsafeBufferPointer { elements -> Rect2D? in
            guard let first = elements.first else { return nil }
            // The first element starts at the origin (a path built by the engine starts with a
            // move, which does not reach back to it); every other one where the one before ended.
            var box = first.controlBounds(from: .zero)
            for element in elements.dropFirst() { element.growing(&box) }
            return box
        }
    }

    /// Appends `element`.
    public mutating func append(_ element: PathElement) {
        elements.append(element)
    }

    /// Appends the elements of `other`, dropping its leading `move` when it starts where this path ends
    /// (so that the pieces a streaming builder hands out join into one continuous path).
    public mutating func append(continuing other: BezierPath) {
        var pieces = other.elements[...]
        if case .move(let to)? = pieces.first, to == endPoint { pieces = pieces.dropFirst() }
        elements.append(contentsOf: pieces)
    }

    /// The path with every point passed through `transform` (for instance a scale into a view box).
    public func mapPoints(_ transform: (Point2D) -> Point2D) -> BezierPath {
        BezierPath(elements.map { $0.mapPoints(transform) })
    }
}
