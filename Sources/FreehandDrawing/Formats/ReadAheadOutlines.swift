import FreehandKit
import Foundation

/// Outlines of a file's long strokes, made on a second thread while the file is still being read.
///
/// The reader hands over each long stroke's samples as it reads them (`receive`); a worker thread
/// feeds them to an `InkStroke` at once, so that reading and outlining overlap instead of taking
/// turns. The samples are provisional (read before any check of the file, as a pen's, in the
/// file's own units): `runsSent` keeps a digest of the samples each stroke's outline is made from
/// (the caller compares the finished read's with them while the worker is still busy), `finish()` returns the
/// outlines, and the caller keeps an outline only where those samples are exactly the ones the
/// finished read gives — a stroke fed in runs has exactly the outline of the same samples in one
/// batch.
final class ReadAheadOutlines: @unchecked Sendable {
    // Sendable by its lock: every stored property below `condition` but `runsSent` is read and
    // written with `condition` held (the worker's own stroke in progress lives on the worker's
    // stack); `runsSent` is the reader's alone.
    private let technique: AnyInterpolationTechnique
    private let style: InkStyle
    private let condition = NSCondition()
    private var waiting: [(stroke: Int, samples: [Sample], isLast: Bool, estimate: Int)] = []
    private var started = false
    private var inputEnded = false
    private var workDone = false
    private var outlines: [Int: OutlinePiece?] = [:]
    /// The runs of samples handed over, by stroke, in order, as digests (read and written by the
    /// reader only).
    private(set) var runsSent: [Int: [SampleRunDigest]] = [:]

    /// Outlines drawn with `technique` and `style`; the worker starts with the first samples.
    init(technique: AnyInterpolationTechnique, style: InkStyle) {
        self.technique = technique
        self.style = style
    }

    /// Takes the next `samples` of stroke `stroke` (`isLast`: its last ones; `estimate`: about how
    /// long the stroke may be, at most).
    func receive(stroke: Int, samples: [Sample], isLast: Bool, estimate: Int) {
        runsSent[stroke, default: []].append(SampleRunDigest(samples))
        condition.lock()
        waiting.append((stroke, samples, isLast, estimate))
        if !started {
            started = true
            Thread.detachNewThread { [self] in work() }
        }
        condition.signal()
        condition.unlock()
    }

    /// Waits for the worker and returns each finished stroke's outline, by index (made from the
    /// stroke's `runsSent`).
    func finish() -> [Int: OutlinePiece?] {
        condition.lock()
        defer { condition.unlock() }
        inputEnded = true
        condition.broadcast()
        while started && !workDone { condition.wait() }
        return outlines
    }

    private func work() {
        var current: StrokeInProgress?
        while true {
            condition.lock()
            while waiting.isEmpty && !inputEnded { condition.wait() }
            if waiting.isEmpty {
                workDone = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let runs = waiting
            waiting.removeAll()
            condition.unlock()
            for run in runs {
                // A run of another stroke: the one in progress was not finished (a file the reader
                // gave up on) and is dropped.
                var progress: StrokeInProgress
                if let current, current.index == run.stroke {
                    progress = current
                } else {
                    progress = StrokeInProgress(
                        index: run.stroke,
                        stroke: .batchStroke(technique: technique, style: style, reserving: Swift.min(run.estimate, Self.largestReservation)))
                }
                // Not held twice while it grows (that would copy its buffers).
                current = nil
                _ = try? progress.stroke.append(run.samples)
                guard run.isLast else {
                    current = progress
                    continue
                }
                _ = try? progress.stroke.end()
                let outline = progress.stroke.takeFinishedOutline()
                condition.lock()
                outlines[progress.index] = outline
                condition.unlock()
            }
        }
    }

    /// The most samples a stroke makes room for at its start (the room is address space until
    /// it is used; a longer stroke grows as usual).
    static let largestReservation = 1_000_000

    /// The stroke the worker is feeding.
    private struct StrokeInProgress {
        let index: Int
        var stroke: InkStroke
    }
}
