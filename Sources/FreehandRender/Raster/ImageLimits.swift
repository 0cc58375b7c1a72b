/// The largest images FreehandKit allocates, so that a small hostile file (one coordinate near
/// 10⁹, a contact radius of 10⁶) cannot demand gigabytes.
///
/// A side is at most 32,768 pixels and an image at most 2²⁶ = 67,108,864 pixels (256 MiB of RGBA,
/// e.g. 8192 × 8192); an `InkCanvas` holds two images of its size. Sizes computed from points are
/// clamped to these limits (the clamp is documented on each type that applies it); `check` lets a
/// caller refuse an oversized canvas with a clear error instead.
public enum ImageLimits {
    /// The longest side, pixels.
    public static let maximumSide = 32_768
    /// The most pixels in one image.
    public static let maximumPixels = 1 << 26
    /// The most pixels one render may paint, counting each piece's area on the image (overlaps
    /// counted each time) and `InkRenderer.rowCrossingCost` for each pixel row an edge crosses:
    /// 2³⁵, about 12 s of filling on two cores of the development machine, 512 times the largest
    /// image. It bounds hostile overdraw — a thousand 8,000-point discs over a
    /// full-size image — far above any page of handwriting (a full 2732 × 2048 page painted
    /// 6,000 times over).
    public static let maximumPaintedPixels = 1 << 35

    /// `length` points at `scale` pixels per point, rounded up, within 1…`maximumSide` (a
    /// non-finite or non-positive length gives 1).
    public static func pixels(_ length: Double, scale: Double) -> Int {
        let value = (length * scale).rounded(.up)
        guard value.isFinite, value >= 1 else { return 1 }
        return value >= Double(maximumSide) ? maximumSide : Int(value)
    }

    /// `width` × `height` pixels clamped to the limits: each side to 1…`maximumSide`, then the
    /// height cut so that the area fits `maximumPixels`.
    public static func clamped(width: Int, height: Int) -> (width: Int, height: Int) {
        let width = Swift.min(maximumSide, Swift.max(1, width))
        let height = Swift.min(maximumSide, Swift.max(1, height))
        return (width, Swift.min(height, maximumPixels / width))
    }

    /// Throws `ImageSizeError` unless a canvas of `size` points at `scale` pixels per point fits
    /// the limits.
    public static func check(size: (x: Double, y: Double), scale: Double) throws(ImageSizeError) {
        let width = (size.x * scale).rounded(.up), height = (size.y * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width <= Double(maximumSide), height <= Double(maximumSide),
              width * height <= Double(maximumPixels) else {
            throw ImageSizeError(width: width, height: height)
        }
    }
}

/// A canvas too large to allocate: its size in pixels, over `ImageLimits`.
public struct ImageSizeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The width asked for, pixels (may be huge or infinite).
    public let width: Double
    /// The height asked for, pixels.
    public let height: Double

    public var description: String {
        "an image of \(Self.text(width)) × \(Self.text(height)) pixels is over the limit of \(ImageLimits.maximumSide) "
            + "pixels a side and \(ImageLimits.maximumPixels) pixels in all (ImageLimits)"
    }

    private static func text(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
