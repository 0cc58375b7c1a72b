/// A point of a stroke's flattened centreline with the ink's properties there.
public struct CentrelineVertex: Hashable, Sendable {
    /// Position in points.
    public var position: Point
    /// Full ink width here, points (≥ 0).
    public var width: Double
    /// Opacity here, 0…1.
    public var opacity: Double
    /// Distance along the centreline from the stroke's start, points.
    public var distance: Double

    /// A vertex with the given values.
    public init(position: Point, width: Double, opacity: Double = 1, distance: Double = 0) {
        self.position = position
        self.width = width
        self.opacity = opacity
        self.distance = distance
    }

    /// Half the width: how far the ink reaches on each side.
    public var radius: Double { width / 2 }
}
