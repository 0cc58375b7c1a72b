/// A render whose filling would be more work than painting `ImageLimits.maximumPaintedPixels` pixels
/// (ink piled on ink over a large image, or edges piled up in its rows): how much.
public struct PaintingWorkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The render's work in pixels painted: its areas, overlaps counted each time, and the rows its
    /// edges cross (`InkRenderer.paintedPixels`).
    public let pixels: Double

    /// The error for a render whose work is `pixels` pixels painted.
    public init(pixels: Double) {
        self.pixels = pixels
    }

    public var description: String {
        "filling the ink is about \(pixels.isFinite && pixels < 1e15 ? String(Int(pixels)) : "\(pixels)") pixels' painting (its areas and the rows its edges cross), over the limit of "
            + "\(ImageLimits.maximumPaintedPixels) for one image (ImageLimits.maximumPaintedPixels)"
    }
}
