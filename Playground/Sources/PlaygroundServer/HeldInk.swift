import FreehandDocument
import FreehandKit

/// The memory a live session's ink holds between messages — its drawing and the outlines it keeps
/// to draw and hit-test — counted in the server's one memory budget for ink (`PlaygroundLimits.workBytes`,
/// shared with the work running at once) and within its own share of it (`heldBytes`), so that
/// sessions at the drawing limits (a random scribble of a million samples holds some 400 MB of
/// outlines) cannot together outgrow the server, nor hold all of it from the work.
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

    /// Where held ink is reserved: the share for held ink and the server's whole memory budget.
    struct Budget: Sendable {
        /// The share of the memory budget held ink may take (`PlaygroundLimits.heldBytes`).
        let held: Allowance
        /// The server's memory budget for ink, shared with the work running at once (`workBytes`).
        let memory: Allowance

        /// Takes `bytes` from both or neither, or throws why not, in words for the page.
        func reserve(_ bytes: Int, for what: String) throws(PlaygroundError) {
            func megabytes(_ count: Int) -> String { "\(Swift.max(1, count >> 20)) MiB" }
            guard held.take(bytes) else {
                throw PlaygroundError(
                    "the server holds as much ink for its live sessions as it may (\(megabytes(held.capacity))): \(what) (about \(megabytes(bytes))) is not kept — try again later, or reload the page to let go of this session's history")
            }
            guard memory.take(bytes) else {
                held.giveBack(bytes)
                throw PlaygroundError(
                    "the server's memory for ink is taken by work under way: \(what) (about \(megabytes(bytes))) is not kept — try again in a second")
            }
        }

        /// Gives back `bytes` taken by `reserve`.
        func giveBack(_ bytes: Int) {
            held.giveBack(bytes)
            memory.giveBack(bytes)
        }
    }
}
