/// What a brush gives one point of a stroke: how wide the ink is there and how opaque.
public struct InkProperties: Hashable, Sendable {
    /// Full width of the ink in points (≥ 0).
    public var width: Double
    /// Opacity, 0 (invisible) … 1 (solid).
    public var opacity: Double
    /// What a brush carries from one point to the next besides the ink (the velocity brush's
    /// typical speed); 0 for a brush that carries nothing. Not ink: smoothing and bounds keep it.
    var carried: Double = 0

    /// Properties with the given width (points) and opacity (0…1).
    public init(width: Double, opacity: Double = 1) {
        self.width = width
        self.opacity = opacity
    }

    /// The widest ink drawn, in points (10,000: far wider than any canvas, small enough that
    /// offsets and squared widths stay finite). Wider widths from a brush are clamped to it.
    public static let maximumWidth = 10_000.0

    /// These properties with the width clamped to 0…`maximumWidth` and the opacity to 0…1; a
    /// non-finite value (from a hostile reading such as a force of 1e308) becomes 0.
    public var bounded: InkProperties {
        var bounded = InkProperties(
            width: width.isFinite ? Swift.min(Self.maximumWidth, Swift.max(0, width)) : 0,
            opacity: opacity.isFinite ? Swift.min(1, Swift.max(0, opacity)) : 0
        )
        bounded.carried = carried
        return bounded
    }

    /// The properties at `t` (0…1) between `from` and `to`, on a monotone cubic through `before`,
    /// `from`, `to` and `after` (Fritsch–Carlson tangents: Catmull–Rom's, held to zero where the
    /// values turn and to three times the nearer step): width and opacity change smoothly across
    /// samples, with no kink at each one, and never leave the range of `from` and `to`.
    static func smooth(_ before: InkProperties, _ from: InkProperties, _ to: InkProperties, _ after: InkProperties, at t: Double) -> InkProperties {
        @inline(__always) func tangent(_ previous: Double, _ current: Double, _ next: Double) -> Double {
            let left = current - previous, right = next - current
            guard left * right > 0 else { return 0 }
            let slope = (left + right) / 2
            let limit = 3 * Swift.min(abs(left), abs(right))
            return slope > 0 ? Swift.min(slope, limit) : Swift.max(slope, -limit)
        }
        @inline(__always) func value(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            let m0 = tangent(a, b, c), m1 = tangent(b, c, d)
            let t2 = t * t, t3 = t2 * t
            let result = (2 * t3 - 3 * t2 + 1) * b + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * c + (t3 - t2) * m1
            // Rounding may not step past the two values the cubic runs between.
            return Swift.min(Swift.max(result, Swift.min(b, c)), Swift.max(b, c))
        }
        return InkProperties(
            width: value(before.width, from.width, to.width, after.width), opacity: value(before.opacity, from.opacity, to.opacity, after.opacity))
    }

    /// Linear interpolation between `self` (t = 0) and `other` (t = 1).
    public func interpolated(to other: InkProperties, at t: Double) -> InkProperties {
        InkProperties(width: width + (other.width - width) * t, opacity: opacity + (other.opacity - opacity) * t)
    }
}
