import FreehandDocument
import FreehandKit
import Foundation

/// A `view` message's work: the drawing outlined again for the page's new zoom
/// (`InkSession.outlineJob(scale:)`), and what the page is told — `outlines` messages naming only the
/// strokes whose outline, as the page draws it, changed, each message about `messageBytes` at most,
/// so that no one message carries the whole drawing; the last (`done`), perhaps empty, ends it (a
/// refresh refused or out of time ends with an `error` instead, the page's outlines as they were).
/// A value that holds what it needs, so that it runs on any thread (the server's heavy-work queue),
/// not the session's.
public struct OutlineRefresh: Sendable {
    /// The outlining.
    let job: PageOutlineJob
    /// The outlines the page has now, one a stroke.
    let shown: [OutlinePiece?]
    /// Each stroke's colour as the page takes it.
    let colors: [String]
    /// About how many bytes the work takes at its peak (`WorkMemory`).
    let estimatedBytes: Int
    /// About how many bytes of JSON one `outlines` message holds (a stroke larger than it goes
    /// alone): a mebibyte.
    var messageBytes = 1 << 20

    /// The outlines and the messages telling the page, or nil when `deadline` passes first.
    func run(until deadline: ContinuousClock.Instant) -> LiveWork.Outlined? {
        guard let made = job.run(until: deadline, maximumThreads: 1) else { return nil }
        var messages: [PlaygroundMessage.Outgoing] = []
        var indices: [Int] = [], strokes: [PlaygroundMessage.Stroke] = [], bytes = 0
        // The page lists the strokes that draw something (`drawing` messages leave the others
        // out): an index here is a place in its list. Which strokes draw does not change with the
        // scale.
        var place = 0
        for (index, outline) in made.outlines.enumerated() {
            guard let before = shown[index] else { continue }
            defer { place += 1 }
            guard let outline else { continue }
            let piece = PlaygroundMessage.Piece(outline)
            guard piece != PlaygroundMessage.Piece(before) else { continue }
            let size = Self.estimatedBytes(piece)
            if bytes > 0, bytes + size > messageBytes {
                messages.append(.outlines(indices: indices, strokes: strokes, done: false))
                indices = []
                strokes = []
                bytes = 0
            }
            indices.append(place)
            strokes.append(PlaygroundMessage.Stroke(piece: piece, color: colors[index]))
            bytes += size
        }
        // The last message says the refresh is done, even when nothing changed.
        messages.append(.outlines(indices: indices, strokes: strokes, done: true))
        return LiveWork.Outlined(outlines: made, messages: messages.map(PlaygroundMessage.encode))
    }

    /// About how many bytes of JSON `piece` takes: a number of up to two decimals and its comma per
    /// coordinate.
    private static func estimatedBytes(_ piece: PlaygroundMessage.Piece) -> Int {
        64 + 9 * (piece.points.count + piece.holes.reduce(0) { $0 + $1.count })
    }
}
