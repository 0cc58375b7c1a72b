import Foundation

/// A shared amount of something scarce — open live sessions, bytes of request bodies held in
/// memory — that is never handed out beyond its capacity: a taker gets what it asks for at once
/// or is refused at once (the server answers 503), and gives it back when done.
final class Allowance: @unchecked Sendable {
    /// The most that may be out at once.
    let capacity: Int
    private let lock = NSLock()
    private var out = 0

    /// An allowance of `capacity` (at least 0).
    init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
    }

    /// How much is out now.
    var inUse: Int {
        lock.lock()
        defer { lock.unlock() }
        return out
    }

    /// Takes `amount` (≥ 0) when that much is left and returns true, else takes nothing and
    /// returns false.
    func take(_ amount: Int = 1) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard amount >= 0, amount <= capacity - out else { return false }
        out += amount
        return true
    }

    /// Gives back `amount` taken before.
    func giveBack(_ amount: Int = 1) {
        lock.lock()
        out = Swift.max(0, out - amount)
        lock.unlock()
    }
}
