import Foundation

/// Runs the CPU-bound requests — renders and conversions — on threads of their own, at most
/// `workers` at once and at most `waiting` more queued; a request beyond that is refused at once
/// (`Busy`: the server answers 503 with `Retry-After`). A request whose time budget passes — queued
/// or running — is answered then (`OutOfTime`): a queued one never runs, a running one finishes on
/// its thread and only then frees its worker, so the CPU used stays at `workers` threads whatever
/// clients do. The event loops that carry the page, the live sessions and every other connection
/// are never the ones doing this work, so a few heavy renders cannot starve them.
final class HeavyWorkQueue: @unchecked Sendable {
    /// The queue was full.
    struct Busy: Error {}
    /// The time budget passed before the work ended.
    struct OutOfTime: Error {}

    /// How many run at once.
    let workers: Int
    /// How many may wait for a worker.
    let waiting: Int
    private let lock = NSLock()
    private var running = 0
    private var queue: [Job] = []
    private var timers = 0

    /// A queue of `workers` (at least 1) and room for `waiting` (at least 0) more.
    init(workers: Int, waiting: Int) {
        self.workers = Swift.max(1, workers)
        self.waiting = Swift.max(0, waiting)
    }

    /// How many run now, how many wait, and how many time budgets are still counting (for tests
    /// and logs).
    var load: (running: Int, waiting: Int, timing: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (running, queue.count, timers)
    }

    private func countTimer(_ change: Int) {
        lock.lock()
        timers += change
        lock.unlock()
    }

    /// Runs `work` on a worker thread when one is free; throws `Busy` when all are taken and the
    /// queue is full, `OutOfTime` when `seconds` (nil: no budget) pass first, counted from this
    /// call — queued work is then dropped, running work keeps its worker until it ends — else
    /// whatever `work` throws.
    func run<Value: Sendable>(within seconds: Double? = nil, _ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let answer = SingleAnswer(continuation)
            let job = Job(isAnswered: { answer.isGiven }) {
                let result = Swift.Result { try work() }
                return { answer.give(result) }
            }
            lock.lock()
            if running < workers {
                running += 1
                lock.unlock()
                start(job)
            } else if queue.count < waiting {
                queue.append(job)
                lock.unlock()
            } else {
                lock.unlock()
                answer.give(.failure(Busy()))
                return
            }
            if let seconds {
                // A task, not a dispatch timer: the budget must run out even when every thread of
                // the dispatch pool is busy or blocked. Cancelled when the answer comes first.
                countTimer(+1)
                answer.watch(by: Task.detached { [self] in
                    defer { countTimer(-1) }
                    guard (try? await Task.sleep(nanoseconds: UInt64(Swift.max(0, seconds) * 1e9))) != nil else { return }
                    answer.give(.failure(OutOfTime()))
                    dropFromQueue(job)
                })
            }
        }
    }

    /// Runs `work` with a deadline `seconds` away, at which the work stops itself (its memory let
    /// go); the answer is `OutOfTime` a second past it if the work has not ended by then. Throws as
    /// `run(within:_:)`.
    func run<Value: Sendable>(stoppingAfter seconds: Double, _ work: @escaping @Sendable (ContinuousClock.Instant) throws -> Value) async throws -> Value {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        return try await run(within: seconds + 1) { try work(deadline) }
    }

    /// Runs `job` on a thread of its own (unless it was answered while it waited), hands the
    /// worker to the next in line, then answers (so a client asking again at once finds it free).
    /// A thread of its own, not the dispatch pool's: that pool adds no thread for work that blocks
    /// or runs long, so a few renders could hold every one of its threads.
    private func start(_ job: Job) {
        let thread = Thread { [self] in
            Self.yieldToTheEventLoops()
            let answer = job.isAnswered() ? nil : job.body()
            release()
            answer?()
        }
        thread.name = "freehand-serve heavy work"
        thread.start()
    }

    /// Lowers this thread's scheduling priority (Linux: nice 10) below the event loops', so that a
    /// long render never keeps a page or a pen waiting for a processor on a busy machine.
    private static func yieldToTheEventLoops() {
        #if os(Linux)
        // Linux keeps the nice value per thread: 0 names the calling one.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// Takes `job` out of the queue, if it waits there.
    private func dropFromQueue(_ job: Job) {
        lock.lock()
        queue.removeAll { $0 === job }
        lock.unlock()
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
            start(next)
        }
    }

    /// A request's work — which returns how to deliver its result — and whether it has been
    /// answered already.
    private final class Job: Sendable {
        let isAnswered: @Sendable () -> Bool
        let body: @Sendable () -> @Sendable () -> Void

        init(isAnswered: @escaping @Sendable () -> Bool, body: @escaping @Sendable () -> @Sendable () -> Void) {
            self.isAnswered = isAnswered
            self.body = body
        }
    }

    /// A continuation resumed by whichever answer comes first — the work's, the queue's refusal or
    /// the time budget's — and the budget's timer, cancelled by that answer.
    private final class SingleAnswer<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var timer: Task<Void, Never>?

        /// Keeps the time budget's `timer`, to cancel it when the answer is given (at once when it
        /// was given already).
        func watch(by timer: Task<Void, Never>) {
            lock.lock()
            self.timer = timer
            let cancel = continuation == nil
            lock.unlock()
            if cancel { timer.cancel() }
        }

        init(_ continuation: CheckedContinuation<Value, any Error>) { self.continuation = continuation }

        var isGiven: Bool {
            lock.lock()
            defer { lock.unlock() }
            return continuation == nil
        }

        func give(_ result: Swift.Result<Value, any Error>) {
            lock.lock()
            let waiting = continuation, running = timer
            continuation = nil
            lock.unlock()
            running?.cancel()
            waiting?.resume(with: result)
        }
    }
}
