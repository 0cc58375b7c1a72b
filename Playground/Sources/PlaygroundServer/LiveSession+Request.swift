import FreehandDocument
import Foundation

extension LiveSession {
    /// A message from the page, read once: heavy work to run away from the connection, a message
    /// to answer at once, or why it cannot be answered.
    public enum Request: Sendable {
        /// A `compare`, a `view` change or a `load`: see `heavyWork(for:)`.
        case work(LiveWork)
        /// Any other message, for `answer(_:)`.
        case message(PlaygroundMessage.Incoming)
        /// Why the message is not answered (unreadable, or a `compare`, `view` or `load` that
        /// cannot be done), for an `error` message.
        case refused(String)
    }

    /// `text` read as a `Request` (its JSON decoded once).
    public func request(for text: String) -> Request {
        let message: PlaygroundMessage.Incoming
        do {
            message = try JSONDecoder().decode(PlaygroundMessage.Incoming.self, from: Data(text.utf8))
        } catch {
            return .refused(PlaygroundError.unreadable(error).message)
        }
        do throws(PlaygroundError) {
            switch message.type {
            case "compare":
                return .work(.compare(try comparison(of: message)))
            case "view":
                // A change too small to show is answered at once (with nothing).
                return try outlineRefresh(for: message).map { .work(.outlines($0)) } ?? .message(message)
            case "load":
                // The ticket is taken once the load succeeds (`take(_:)`): a refused load can be asked again.
                let drawing = try loadedDrawing(message, taking: false)
                return .work(.load(DrawingLoad(
                    job: session.loadJob(for: drawing), ticket: message.ticket, estimatedBytes: WorkMemory.estimate(for: drawing))))
            default:
                return .message(message)
            }
        } catch {
            return .refused(error.message)
        }
    }

    /// For a message whose answer is heavy work — a `compare`, a `view` change or a `load`, each of
    /// which outlines every stroke (a drawing at the limits: a million samples) — that work, to run
    /// away from the session's connection: on the server's heavy-work queue, within its time budget,
    /// as renders are; `take(_:)` takes what it came to. Nil for any other message (`request(for:)`
    /// says which, and why a `compare`, `view` or `load` cannot be done).
    public func heavyWork(for text: String) -> LiveWork? {
        guard case .work(let work) = request(for: text) else { return nil }
        return work
    }
}
