import FreehandDocument
import Foundation

/// Files opened over HTTP (`POST /open`), read and waiting for the live session that asked for
/// them: each is kept under a random ticket until a session's `load` message takes it, or for
/// `lifetime` seconds. At most `capacity` files and `samples` samples wait at once, so their memory
/// is bounded: a new one pushes out the oldest until it fits (a page loads its file within
/// milliseconds of opening it, so only files nobody asked for are lost).
final class OpenedDrawings: @unchecked Sendable {
    /// How many may wait at once.
    let capacity: Int
    /// How long one waits for its session, seconds.
    let lifetime: Double
    /// The most samples waiting at once (a file of more waits alone).
    let samples: Int
    private let lock = NSLock()
    private var waiting: [String: (drawing: Drawing, opened: Date)] = [:]

    /// A store of at most `capacity` (at least 1) drawings and `samples` samples, each drawing kept
    /// `lifetime` seconds.
    init(capacity: Int = 16, samples: Int = 1_000_000, lifetime: Double = 60) {
        self.capacity = Swift.max(1, capacity)
        self.samples = samples
        self.lifetime = lifetime
    }

    /// How many wait now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count
    }

    /// Keeps `drawing` and returns its ticket; those past their lifetime are dropped, and the
    /// oldest when `capacity` wait already.
    func keep(_ drawing: Drawing, now: Date = Date()) -> String {
        lock.lock()
        defer { lock.unlock() }
        waiting = waiting.filter { now.timeIntervalSince($0.value.opened) < lifetime }
        var total = waiting.values.reduce(drawing.sampleCount) { $0 + $1.drawing.sampleCount }
        while waiting.count >= capacity || (total > samples && !waiting.isEmpty),
            let oldest = waiting.min(by: { $0.value.opened < $1.value.opened })
        {
            waiting[oldest.key] = nil
            total -= oldest.value.drawing.sampleCount
        }
        let ticket = UUID().uuidString
        waiting[ticket] = (drawing, now)
        return ticket
    }

    /// The drawing kept under `ticket`, left in the store (a load that may yet be refused takes it
    /// only once it succeeds); nil when there is none.
    func peek(_ ticket: String, now: Date = Date()) -> Drawing? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = waiting[ticket], now.timeIntervalSince(entry.opened) < lifetime else { return nil }
        return entry.drawing
    }

    /// The drawing kept under `ticket`, given up by the store; nil when there is none (never
    /// opened, taken already, or past its lifetime).
    func take(_ ticket: String, now: Date = Date()) -> Drawing? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = waiting.removeValue(forKey: ticket), now.timeIntervalSince(entry.opened) < lifetime else { return nil }
        return entry.drawing
    }
}
