import FreehandDocument
import FreehandKit

/// The memory a live session's ink holds between messages — its drawing and the outlines it keeps
/// to draw and hit-test — counted against the server's budget for held ink
/// (`PlaygroundLimits.heldBytes`), apart from the budget for work running at once (`workBytes`),
/// so that sessions at the drawing limits (a random scribble of a million samples holds some
/// 400 MB of outlines) cannot together outgrow the server, nor take the memory work needs.
///
/// A session reserves the samples of each file it loads (the drawing a load replaces stays in its
/// history for undo, so nothing is given back before it closes) and its outlines at the most they
/// have held at once (a zoom replaces them: zooming in again after zooming out reserves nothing
/// more), and gives it all back when it closes. Strokes drawn by hand are not counted (a hand adds
/// a few thousand samples a minute, within the drawing limits).
enum HeldInk {
    /// Bytes a stored sample takes, with its share of the stroke's record (measured: a million
    /// smooth samples held by a session ≈ 25 MB in all).
    static let bytesPerSample = 32
    /// Bytes an outline point takes (16 for the point, the rest for the index and growth).
    static let bytesPerOutlinePoint = 24
    /// Bytes a stroke takes besides its samples and outline.
    static let bytesPerStroke = 1024

    /// About how many bytes `strokes` hold, outlines aside.
    static func drawingBytes(of strokes: [StrokeRecord]) -> Int {
        strokes.reduce(0) { $0 + $1.samples.count * bytesPerSample + bytesPerStroke }
    }

    /// About how many bytes `outlines` hold.
    static func outlineBytes(_ outlines: [OutlinePiece?]) -> Int {
        outlines.reduce(0) { $0 + ($1?.pointCount ?? 0) * bytesPerOutlinePoint }
    }

    /// Takes `bytes` from `held`, the server's budget for held ink (nil: none), or throws why not,
    /// in words for the page; `held.giveBack` returns them.
    static func reserve(_ bytes: Int, from held: Allowance?, for what: String) throws(PlaygroundError) {
        guard let held, !held.take(bytes) else { return }
        throw PlaygroundError(
            "the server holds as much ink for its live sessions as it may (\(WorkMemory.megabytes(held.capacity))): \(what) (about \(WorkMemory.megabytes(bytes))) is not kept — try again later, or reload the page to let go of this session's history")
    }
}
