/// A position or displacement in the plane, in points (1/72 inch on paper, one UIKit point on screen).
///
/// FreehandKit works in `Double` throughout: signatures rendered on a server and on a device must
/// agree to the last bit, and `SIMD2` keeps the arithmetic in registers.
public typealias Point2D = SIMD2<Double>

extension SIMD2 where Scalar == Double {
    /// The Euclidean length of the vector, computed without intermediate overflow or underflow:
    /// the square root of the sum of squares where that sum is a normal number (its error is then
    /// at most about one unit in the last place), else from the components scaled by the larger.
    @inlinable public var length: Double {
        let squared = x * x + y * y
        if squared.isNormal { return squared.squareRoot() }
        let ax = abs(x), ay = abs(y)
        let big = Swift.max(ax, ay)
        guard big > 0, big.isFinite else { return big }
        let small = Swift.min(ax, ay) / big
        return big * (1 + small * small).squareRoot()
    }

    /// The squared Euclidean length; cheaper than `length` where only comparisons matter.
    @inlinable public var lengthSquared: Double { x * x + y * y }

    /// The distance to `other`.
    @inlinable public func distance(to other: Point2D) -> Double { (other - self).length }

    /// The dot product with `other`.
    @inlinable public func dot(_ other: Point2D) -> Double { x * other.x + y * other.y }

    /// The z component of the 3D cross product: positive when `other` turns counter-clockwise
    /// from `self` in a y-up frame.
    @inlinable public func cross(_ other: Point2D) -> Double { x * other.y - y * other.x }

    /// The point halfway between `self` and `other`.
    @inlinable public func midpoint(_ other: Point2D) -> Point2D { (self + other) * 0.5 }

    /// True when both coordinates are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The parameter t (0…1) of the point of the segment a→b nearest this point (0 when a and b
    /// coincide).
    @inlinable public func closestParameter(onSegment a: Point2D, _ b: Point2D) -> Double {
        let ab = b - a
        let lengthSquared = ab.lengthSquared
        return lengthSquared > 0 ? Swift.min(1, Swift.max(0, (self - a).dot(ab) / lengthSquared)) : 0
    }

    /// The distance to the nearest point of the segment a→b.
    @inlinable public func distance(toSegment a: Point2D, _ b: Point2D) -> Double {
        (a + (b - a) * closestParameter(onSegment: a, b)).distance(to: self)
    }
}
