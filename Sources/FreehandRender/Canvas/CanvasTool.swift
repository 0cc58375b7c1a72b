import FreehandKit

/// What a stroke on a canvas does.
public enum CanvasTool: Hashable, Sendable {
    /// Lays down ink in the canvas's ink colour.
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

/// Which tool a pointer gets when its stroke begins.
public enum ToolPolicy: Hashable, Sendable {
    /// Every pointer inks.
    case alwaysInk
    /// The Apple Pencil tutorial's policy: a pen (or mouse) inks, a finger erases with a width from
    /// its contact radius.
    case penDrawsFingerErases

    /// The tool for a stroke begun by `pointer`.
    public func tool(for pointer: PointerKind, eraser: EraserMode) -> CanvasTool {
        switch (self, pointer) {
        case (.penDrawsFingerErases, .finger): return .eraser(eraser)
        default: return .ink
        }
    }
}
