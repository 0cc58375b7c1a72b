import FreehandKit

/// A rectangle of whole pixels: columns `minX..<maxX`, rows `minY..<maxY`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column.
    public var minX: Int
    /// The first row.
    public var minY: Int
    /// One past the last column.
    public var maxX: Int
    /// One past the last row.
    public var maxY: Int

    /// A rectangle with the given bounds (empty when max ≤ min).
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// The whole of a `width` × `height` image.
    public init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    /// The pixels touched by `rect` (in pixel coordinates), grown by `margin` pixels each side.
    public init(covering rect: Rect2D, margin: Int = 1) {
        func whole(_ value: Double, _ rounding: FloatingPointRoundingRule) -> Int {
            let rounded = value.rounded(rounding)
            guard rounded.isFinite else { return rounded < 0 ? Int.min / 4 : Int.max / 4 }
            return Int(Swift.max(Swift.min(rounded, 1e9), -1e9))
        }
        self.init(
            minX: whole(rect.min.x, .down) - margin, minY: whole(rect.min.y, .down) - margin,
            maxX: whole(rect.max.x, .up) + margin, maxY: whole(rect.max.y, .up) + margin)
    }

    /// Columns covered.
    public var width: Int { Swift.max(0, maxX - minX) }
    /// Rows covered.
    public var height: Int { Swift.max(0, maxY - minY) }
    /// True when no pixel is covered.
    public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The pixels in both rectangles.
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY), maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    /// The smallest rectangle holding both (an empty one counts as nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY), maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// The pixels of this rectangle outside `other`, as at most four rectangles (the rows above
    /// and below it, then the columns left and right of it between them).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        return [
            PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: cut.minY), PixelRect(minX: minX, minY: cut.maxY, maxX: maxX, maxY: maxY),
            PixelRect(minX: minX, minY: cut.minY, maxX: cut.minX, maxY: cut.maxY), PixelRect(minX: cut.maxX, minY: cut.minY, maxX: maxX, maxY: cut.maxY),
        ].filter { !$0.isEmpty }
    }

    public var description: String { "PixelRect(\(minX), \(minY) – \(maxX), \(maxY))" }
}

/// Optional pixel rectangles, nil meaning "nothing yet", as the pixels a call changed accumulate.
extension Optional where Wrapped == PixelRect {
    /// Grows an optional rectangle (nil meaning "nothing yet") to hold `other`.
    public mutating func formUnion(_ other: PixelRect?) {
        guard let other else { return }
        self = self.map { $0.union(other) } ?? other
    }
}
