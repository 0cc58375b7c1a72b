/// What a brush gives one point of a stroke: how wide the ink is there and how opaque.
public struct InkProperties: Hashable, Sendable {
    /// Full width of the ink in points (≥ 0).
    public var width: Double
    /// Opacity, 0 (invisible) … 1 (solid).
    public var opacity: Double

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
        InkProperties(
            width: width.isFinite ? Swift.min(Self.maximumWidth, Swift.max(0, width)) : 0,
            opacity: opacity.isFinite ? Swift.min(1, Swift.max(0, opacity)) : 0
        )
    }

    /// Linear interpolation between `self` (t = 0) and `other` (t = 1).
    public func interpolated(to other: InkProperties, at t: Double) -> InkProperties {
        InkProperties(width: width + (other.width - width) * t, opacity: opacity + (other.opacity - opacity) * t)
    }
}
