import FreehandDocument
import FreehandKit

/// A `load` message's work: the file's drawing outlined at the page's scale
/// (`InkSession.loadJob(for:)`) and the `drawing` message that shows it — a drawing at the limits
/// is a million samples and a message of tens of megabytes. A value that holds what it needs, so
/// that it runs on any thread (the server's heavy-work queue), not the session's.
public struct DrawingLoad: Sendable {
    /// The outlining.
    let job: PageOutlineJob
    /// The ticket of the file opened over HTTP, taken from the store once the load succeeds.
    let ticket: String?
    /// About how many bytes the work takes at its peak (`WorkMemory`).
    let estimatedBytes: Int

    /// The outlines and the message showing them, or nil when `deadline` passes first.
    func run(until deadline: ContinuousClock.Instant) -> LiveWork.Outlined? {
        guard let made = job.run(until: deadline, maximumThreads: 1) else { return nil }
        let message = PlaygroundMessage.Outgoing.drawing(
            kind: "drawing", strokes: PlaygroundMessage.strokes(of: made.drawing.strokes, outlines: made.outlines), canUndo: false, canRedo: false)
        return LiveWork.Outlined(outlines: made, messages: [PlaygroundMessage.encode(message)])
    }
}
