import Foundation

/// How many live sessions are open, against a limit: each holds a drawing in memory, so their
/// number is bounded.
final class SessionCount: @unchecked Sendable {
    /// The most open at once.
    let limit: Int
    private let lock = NSLock()
    private var open = 0

    /// A count of none open, allowing `limit` (at least 1).
    init(limit: Int) {
        self.limit = Swift.max(1, limit)
    }

    /// How many are open now.
    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return open
    }

    /// Opens one when under the limit; false when full.
    func enter() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open < limit else { return false }
        open += 1
        return true
    }

    /// Closes one opened by `enter()`.
    func leave() {
        lock.lock()
        defer { lock.unlock() }
        open = Swift.max(0, open - 1)
    }
}
