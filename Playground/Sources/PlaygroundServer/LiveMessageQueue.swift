import Foundation

/// A live session's messages, read off its socket ahead of the session: the socket is read on a
/// task of its own, so that its pings are answered (and the connection kept) while the session
/// waits for heavy work, and the messages wait here in order — at most `capacity` bytes of them, so
/// that a client sending on while its session is busy cannot grow the server's memory.
final class LiveMessageQueue: @unchecked Sendable {
    /// The messages, in the order they came.
    let messages: AsyncStream<String>
    /// The most bytes of messages that may wait.
    let capacity: Int
    private let continuation: AsyncStream<String>.Continuation
    private let lock = NSLock()
    private var waiting = 0

    /// A queue of at most `capacity` bytes.
    init(capacity: Int) {
        self.capacity = capacity
        (messages, continuation) = AsyncStream.makeStream(of: String.self)
    }

    /// Queues `text`; false (nothing queued) when it would take the waiting messages past
    /// `capacity`.
    func add(_ text: String) -> Bool {
        lock.lock()
        guard waiting + text.utf8.count <= capacity else {
            lock.unlock()
            return false
        }
        waiting += text.utf8.count
        lock.unlock()
        continuation.yield(text)
        return true
    }

    /// Gives back the room of `text`, taken off the queue by the session.
    func release(_ text: String) {
        lock.lock()
        waiting -= text.utf8.count
        lock.unlock()
    }

    /// Ends the messages after those waiting.
    func finish() { continuation.finish() }
}
