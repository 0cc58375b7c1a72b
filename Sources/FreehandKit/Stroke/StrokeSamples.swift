/// The stroke pipeline's first stage: checks each sample (`SampleValidation`), keeps the accepted
/// ones — the stroke's truth, for storage and re-rendering — and applies late estimated updates
/// to them.
struct StrokeSamples: Sendable {
    /// Every accepted sample, in order, with estimated properties updated (repeats included).
    private(set) var all: [Sample] = []
    /// What was dropped or repaired so far.
    private(set) var validation = SampleValidation()
    /// For each awaited update index, the sample it refines.
    private var pendingEstimates: [Int: Int] = [:]
    /// Indices of samples still expecting a final estimated update, ascending, none more than
    /// `StrokeBuilder.estimateWaitLimit` behind the newest sample.
    private(set) var awaited: [Int] = []

    /// An empty stage.
    init() {}

    /// Checks `sample` and keeps it, returning the sample as kept (repaired where it had to be), or
    /// nil when it is dropped (and counted).
    mutating func accept(_ sample: Sample) -> Sample? {
        guard let valid = validation.validate(sample) else { return nil }
        all.append(valid)
        if let index = valid.estimationUpdateIndex {
            pendingEstimates[index] = all.count - 1
            awaited.append(all.count - 1)
        }
        return valid
    }

    /// Checks a predicted sample (counted apart; never moves the clock).
    mutating func validate(predicted sample: Sample) -> Sample? {
        validation.validate(sample, predicted: true)
    }

    /// Counts a sample merged into the point before it.
    mutating func countMergedDuplicate() {
        validation.countMergedDuplicate()
    }

    /// Stops awaiting updates for samples more than `limit` behind the newest.
    mutating func stopAwaiting(olderThan limit: Int) {
        let oldest = all.count - limit
        guard let first = awaited.first, first < oldest else { return }
        awaited.removeFirst(awaited.prefix { $0 < oldest }.count)
    }

    /// Applies late, refined properties to the samples they match (by `estimationUpdateIndex`);
    /// updates that match no sample are counted.
    mutating func update(estimated updates: [EstimatedUpdate]) {
        for update in updates {
            let valid = validation.validate(update)
            guard let index = pendingEstimates[valid.estimationUpdateIndex] else {
                validation.countUnmatchedUpdate()
                continue
            }
            all[index].refine(with: valid)
            if valid.isFinal, let position = awaited.firstIndex(of: index) { awaited.remove(at: position) }
        }
    }

    /// Forgets every sample (the stroke was cancelled); the drop counts stay.
    mutating func removeAll() {
        all = []
        pendingEstimates = [:]
        awaited = []
    }

    /// Makes room for `count` samples.
    mutating func reserveCapacity(_ count: Int) {
        all.reserveCapacity(count)
    }
}
