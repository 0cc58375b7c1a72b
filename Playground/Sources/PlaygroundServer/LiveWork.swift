import FreehandDocument
import Foundation

/// A live message whose answer is heavy work — a `compare` (every stroke outlined again in another
/// technique), a `view` (every stroke outlined again for the page's new zoom) or a `load` (a file's
/// every stroke outlined) — to run away from
/// the session's connection, on the server's heavy-work queue, within its time budget
/// (`LiveSession.heavyWork(for:)`); the session takes the outcome (`LiveSession.take(_:)`).
public enum LiveWork: Sendable {
    /// A `compare`: every stroke outlined again in another technique.
    case compare(Comparison)
    /// A `view` change: every stroke outlined again for the page's new zoom.
    case outlines(OutlineRefresh)
    /// A `load`: an opened file's every stroke outlined.
    case load(DrawingLoad)

    /// What the work is, as the page's error messages say it ("comparing took longer than…").
    var name: String {
        switch self {
        case .compare: "comparing"
        case .outlines: "outlining for the new zoom"
        case .load: "opening the file"
        }
    }

    /// About how many bytes the work takes at its peak (`WorkMemory`).
    var estimatedBytes: Int {
        switch self {
        case .compare(let comparison): WorkMemory.estimate(for: Drawing(strokes: comparison.strokes))
        case .outlines(let refresh): refresh.estimatedBytes
        case .load(let load): load.estimatedBytes
        }
    }

    /// Runs the work on this thread, stopping once `deadline` passes.
    public func run(until deadline: ContinuousClock.Instant) -> Outcome {
        switch self {
        case .compare(let comparison):
            .answers([comparison.run(until: deadline)])
        case .outlines(let refresh):
            refresh.run(until: deadline).map(Outcome.outlines) ?? .failed("\(name) took longer than the server allows: zoom again to retry")
        case .load(let load):
            load.run(until: deadline).map { .loaded($0, ticket: load.ticket) } ?? .failed("\(name) took longer than the server allows: it is not loaded")
        }
    }

    /// What a piece of work came to.
    public enum Outcome: Sendable {
        /// Messages for the page.
        case answers([String])
        /// Outlines for the session to adopt, and the messages telling the page.
        case outlines(Outlined)
        /// A drawing and its outlines for the session to load, the message showing it, and the
        /// ticket to take once it is loaded.
        case loaded(Outlined, ticket: String?)
        /// The work could not be done: why, for the page.
        case failed(String)
    }

    /// Outlines made away from the session, and the messages to send once it has taken them.
    public struct Outlined: Sendable {
        let outlines: PageOutlines
        let messages: [String]
    }
}
