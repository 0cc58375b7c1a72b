import FreehandKit

/// What a stroke on a canvas does.
public enum CanvasTool: Hashable, Sendable {
    /// Lays down ink in its colour.
    case ink
    /// Removes ink: `clear` erases to transparent, `paintBackground` paints the background colour.
    case eraser(EraserMode)
}

/// How the pixel eraser removes ink.
public enum EraserMode: Hashable, Sendable {
    /// Erase to transparent (destination-out).
    case clear
    /// Paint the canvas's background colour (erases to transparent when the background is transparent).
    case paintBackground
}
