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

    /// Linear interpolation between `self` (t = 0) and `other` (t = 1).
    public func interpolated(to other: InkProperties, at t: Double) -> InkProperties {
        InkProperties(width: width + (other.width - width) * t, opacity: opacity + (other.opacity - opacity) * t)
    }
}
