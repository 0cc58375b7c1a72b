import FreehandDocument
import FreehandKit

/// The memory a live session's ink holds between messages — its drawing and the outlines it keeps
/// to draw and hit-test — counted against the server's `PlaygroundLimits.heldBytes`, so that
/// sessions at the drawing limits (a random scribble of a million samples holds some 400 MB of
/// outlines) cannot together outgrow the server.
///
/// A session reserves what each file it loads holds and what each zoom's finer outlines add, and
/// gives it all back when it closes: the drawing a load replaces stays in its history for undo, so
/// nothing is given back before. Strokes drawn by hand are not counted (a hand adds a few thousand
/// samples a minute, within the drawing limits).
enum HeldInk {
    /// Bytes a stored sample takes, with its share of the stroke's record (measured: a million
    /// smooth samples held by a session ≈ 25 MB in all).
    static let bytesPerSample = 32
    /// Bytes an outline point takes (16 for the point, the rest for the index and growth).
    static let bytesPerOutlinePoint = 24
    /// Bytes a stroke takes besides its samples and outline.
    static let bytesPerStroke = 1024

    /// About how many bytes `strokes` and their `outlines` hold.
    static func bytes(of strokes: [StrokeRecord], outlines: [OutlinePiece?]) -> Int {
        strokes.reduce(0) { $0 + $1.samples.count * bytesPerSample + bytesPerStroke } + outlineBytes(outlines)
    }

    /// About how many bytes `outlines` hold.
    static func outlineBytes(_ outlines: [OutlinePiece?]) -> Int {
        outlines.reduce(0) { $0 + ($1?.pointCount ?? 0) * bytesPerOutlinePoint }
    }

    /// Takes `bytes` from `held` (nil: no budget) or throws why not, in words for the page.
    static func reserve(_ bytes: Int, from held: Allowance?, for what: String) throws(PlaygroundError) {
        guard let held, !held.take(bytes) else { return }
        func megabytes(_ count: Int) -> String { "\(Swift.max(1, count >> 20)) MiB" }
        throw PlaygroundError(
            "the server holds as much ink for its live sessions as it may (\(megabytes(held.capacity))): \(what) (about \(megabytes(bytes))) is not kept — try again later, or reload the page to let go of this session's history")
    }
}
