/// A 2D affine map p ↦ (a·x + c·y + tx, b·x + d·y + ty), the convention of CoreGraphics and SVG.
public struct Transform2D: Hashable, Sendable {
    /// Matrix entries; see the type's description.
    public var a, b, c, d, tx, ty: Double

    /// The map with the given entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The map that changes nothing.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A uniform scale by `factor` about the origin, then a move by `offset`.
    public init(scale factor: Double, offset: Point2D = .zero) {
        self.init(a: factor, b: 0, c: 0, d: factor, tx: offset.x, ty: offset.y)
    }

    /// The uniform scale and move that fits `source` centred inside `target`, keeping its aspect
    /// ratio. A source of zero size is centred without scaling.
    public init(fitting source: Rect2D, into target: Rect2D) {
        let scaleX = source.width > 0 ? target.width / source.width : .infinity
        let scaleY = source.height > 0 ? target.height / source.height : .infinity
        var factor = Swift.min(scaleX, scaleY)
        if !factor.isFinite { factor = 1 }
        self.init(scale: factor, offset: target.center - source.center * factor)
    }

    /// The map applied to `point`.
    @inlinable public func apply(_ point: Point2D) -> Point2D {
        Point2D(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
    }

    /// The map that applies `self`, then `other`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// How much the map scales lengths, on average over directions: √|det|.
    public var scaleFactor: Double { abs(a * d - b * c).squareRoot() }

    /// `sample` moved by the map: its location mapped, its contact radius scaled by `scaleFactor`,
    /// its azimuth turned — and mirrored, for a map that mirrors — with the map's linear part
    /// (radians in −π…π). Time, force and altitude are kept.
    public func apply(_ sample: Sample) -> Sample {
        var moved = sample
        moved.location = apply(sample.location)
        moved.majorRadius = sample.majorRadius.map { $0 * scaleFactor }
        moved.azimuth = sample.azimuth.map { angle in
            let (sine, cosine) = PortableMath.sinCos(angle)
            let direction = Point2D(a * cosine + c * sine, b * cosine + d * sine)
            return direction == .zero ? angle : PortableMath.atan2(direction.y, direction.x)
        }
        return moved
    }
}
