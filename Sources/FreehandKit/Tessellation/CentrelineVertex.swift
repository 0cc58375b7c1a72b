/// A point of a stroke's flattened centreline with the ink's properties there.
public struct CentrelineVertex: Hashable, Sendable {
    /// Position in points.
    public var position: Point2D {
        @inline(__always) get { Point2D(x, y) }
        @inline(__always) set { (x, y) = (newValue.x, newValue.y) }
    }
    // The position's coordinates, stored as two doubles: a `Point2D` (`SIMD2<Double>`) would align the
    // vertex to 16 bytes and pad it from 40 to 48, which a long stroke's vertex buffers feel.
    private var x: Double
    private var y: Double
    /// Full ink width here, points (≥ 0).
    public var width: Double
    /// Opacity here, 0…1.
    public var opacity: Double
    /// Distance along the centreline from the stroke's start, points.
    public var distance: Double

    /// A vertex with the given values.
    public init(position: Point2D, width: Double, opacity: Double = 1, distance: Double = 0) {
        (x, y) = (position.x, position.y)
        self.width = width
        self.opacity = opacity
        self.distance = distance
    }

    /// Half the width: how far the ink reaches on each side.
    public var radius: Double { width / 2 }
}
