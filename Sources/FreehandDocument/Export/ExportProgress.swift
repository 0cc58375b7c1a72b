import FreehandRender

/// How far a picture's work has come, handed to a caller's checkpoint before each chunk of strokes
/// (`PlacedInk`, `DrawingExport`): throwing from the checkpoint stops the work — a request whose
/// time ran out, or a PNG that would paint too much.
public struct ExportProgress: Hashable, Sendable {
    /// How many of the drawing's strokes came before the coming chunk.
    public var strokesDone: Int
    /// How many strokes the drawing has.
    public var strokeCount: Int
    /// About how much painting a PNG will have done once the coming chunk is filled, in pixels:
    /// areas with overlaps counted each time, and the rows its edges cross
    /// (`InkRenderer.paintedPixels`); 0 for other pictures.
    public var paintedPixels: Double

    /// Progress of `strokesDone` of `strokeCount` strokes with `paintedPixels` painted.
    public init(strokesDone: Int, strokeCount: Int, paintedPixels: Double = 0) {
        self.strokesDone = strokesDone
        self.strokeCount = strokeCount
        self.paintedPixels = paintedPixels
    }

    /// Throws `PaintingWorkError` once the painting passes `ImageLimits.maximumPaintedPixels`: a
    /// PNG checkpoint's refusal of too much work.
    public func checkPaintingWork() throws(PaintingWorkError) {
        guard paintedPixels <= Double(ImageLimits.maximumPaintedPixels) else { throw PaintingWorkError(pixels: paintedPixels) }
    }
}
