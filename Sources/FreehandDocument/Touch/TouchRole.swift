/// What a touch of one type does.
public enum TouchRole: Hashable, Sendable {
    /// Lays down ink in the controller's preset and colour.
    case draw
    /// Erases ink along its path (a contact-radius wide eraser).
    case erase
    /// Selects: drawn round strokes it is a lasso (the strokes mostly inside are selected); begun on
    /// the selection it drags the selection (see `TouchInkController.selection`).
    case select
    /// Is left alone, for the app (say, to scroll): the pencil-only mode gives fingers this role.
    case ignore
}
