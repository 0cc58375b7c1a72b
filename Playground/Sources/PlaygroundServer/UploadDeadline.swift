import Hummingbird
import NIOCore

/// Reading a request body against a deadline: a client that trickles its body (a byte every few
/// seconds keeps the idle guard away) is cut off when the time runs out, so that the upload bytes it
/// reserved go back to other clients.
enum UploadDeadline {
    /// The body did not arrive within its time.
    struct TooSlow: Error {}

    /// `body` collected (at most `limit` bytes) within `seconds`, or `TooSlow`; collecting stops
    /// when the time runs out.
    static func collect(_ body: RequestBody, upTo limit: Int, within seconds: Double) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let collected = first else { throw TooSlow() }
            return collected
        }
    }
}
