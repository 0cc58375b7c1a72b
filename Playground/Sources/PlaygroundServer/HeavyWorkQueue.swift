import Foundation

/// Runs the CPU-bound requests — renders and conversions — on threads of their own, at most
/// `workers` at once and at most `waiting` more queued; a request beyond that is refused at once
/// (`Busy`: the server answers 503 with `Retry-After`). The event loops that carry the page, the
/// live sessions and every other connection are never the ones doing this work, so a few heavy
/// renders cannot starve them.
final class HeavyWorkQueue: @unchecked Sendable {
    /// The queue was full.
    struct Busy: Error {}

    /// How many run at once.
    let workers: Int
    /// How many may wait for a worker.
    let waiting: Int
    private let lock = NSLock()
    private var running = 0
    private var queue: [CheckedContinuation<Bool, Never>] = []

    /// A queue of `workers` (at least 1) and room for `waiting` (at least 0) more.
    init(workers: Int, waiting: Int) {
        self.workers = Swift.max(1, workers)
        self.waiting = Swift.max(0, waiting)
    }

    /// How many run now and how many wait (for tests and logs).
    var load: (running: Int, waiting: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (running, queue.count)
    }

    /// Runs `work` on a worker thread when one is free; throws `Busy` when all are taken and the
    /// queue is full, else whatever `work` throws.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let admitted = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in admit(continuation) }
        guard admitted else { throw Busy() }
        defer { release() }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Swift.Result { try work() })
            }
        }
    }

    /// Resumes `continuation` with true when a worker is free (taking it), queues it when one may
    /// wait, else resumes it with false.
    private func admit(_ continuation: CheckedContinuation<Bool, Never>) {
        lock.lock()
        if running < workers {
            running += 1
            lock.unlock()
            continuation.resume(returning: true)
        } else if queue.count < waiting {
            queue.append(continuation)
            lock.unlock()
        } else {
            lock.unlock()
            continuation.resume(returning: false)
        }
    }

    /// Frees a worker, or hands it straight to the first in the queue.
    private func release() {
        lock.lock()
        if queue.isEmpty {
            running -= 1
            lock.unlock()
        } else {
            let next = queue.removeFirst()
            lock.unlock()
            next.resume(returning: true)
        }
    }
}
