/// A render that would paint more pixels than `ImageLimits.maximumPaintedPixels` (ink piled on ink
/// over a large image): how many it would paint.
public struct PaintingWorkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pixels the render would paint, overlaps counted each time (`InkRenderer.paintedPixels`).
    public let pixels: Double

    /// The error for a render that would paint `pixels`.
    public init(pixels: Double) {
        self.pixels = pixels
    }

    public var description: String {
        "the ink would paint about \(pixels.isFinite && pixels < 1e15 ? String(Int(pixels)) : "\(pixels)") pixels, over the limit of "
            + "\(ImageLimits.maximumPaintedPixels) for one image (ImageLimits.maximumPaintedPixels)"
    }
}
