import FreehandKit

/// The drawing outlined again for a page's new zoom, away from the thread that owns the page
/// (`PageInkController.outlineJob()`): a view runs it on a background task when a pinch ends and
/// hands the result back (`PageInkController.adopt(_:)`), so the main thread never outlines a
/// whole drawing.
public struct PageOutlineJob: Sendable {
    let drawing: Drawing
    /// The pixels a point the outlines are made for.
    public let scale: Double
    let revision: Int

    /// Every stroke's outline at `scale`, resolved. Runs on any thread.
    public func run() -> PageOutlines {
        PageOutlines(outlines: InkSession.outlines(of: drawing, scale: scale), scale: scale, revision: revision)
    }
}

/// Outlines made by a `PageOutlineJob`.
public struct PageOutlines: Sendable {
    let outlines: [OutlinePiece?]
    let scale: Double
    let revision: Int
}
