/// Where a page's finished ink is put together with its live ink (`PageInkController`).
public enum PageComposition: Hashable, Sendable {
    /// On the processor, into the canvas: the canvas holds the viewport's finished ink (copied from
    /// the tiles on every pan and zoom) with live ink over it. For a front end without a compositor.
    case canvas
    /// By the view's compositor: the tiles are layers in page points that it moves and scales
    /// (`PageInkController.layerChanges()`), and the canvas is transparent, holding live ink alone —
    /// a pan or a pinch copies no pixel of the tiles already shown.
    case layers
}
