/// Builds one stroke from a stream of samples: begin (create it), `append`, `update(estimated:)`,
/// then `end` or `cancel`.
///
/// Each call returns a `StrokeUpdate`: geometry committed for good, a provisional tail to draw on
/// top, and the rectangle that changed. An append costs O(1) amortized whatever the stroke's
/// length: only the spans near the newest samples are computed. Feeding the samples one by one, in
/// chunks, or all at once gives the same final path.
///
/// The builder is a value; run one per touch for multi-touch. It composes the pipeline's stages,
/// each a value of its own: `StrokeSamples` (validate and keep), the stabilizer's follower,
/// `StrokePoints` (merge, then filter or denoise), `PenDownHookDecision` and `PenHook` (the hooks),
/// and the technique's spans (`SpanCursor`, `SpanOutput`); the provisional tail is computed on a
/// `TailScratch`.
///
/// Input rules, before the technique sees anything (see `SampleValidation` for the checks):
/// - consecutive samples at the same location are merged, the later one winning, so no span has
///   zero length (counted in `drops.mergedDuplicates`);
/// - a stroke with no valid sample draws nothing; one distinct location draws a dot (a lone
///   `move`); two or more reach the last sample exactly when the stroke ends;
/// - with a denoising technique (the default), a hook as the pen lands or lifts is left out of the
///   path (`dropsPenDownHook`, `dropsPenUpHook`).
public struct StrokeBuilder: Sendable {
    /// Where a builder is in its life.
    public enum Phase: Hashable, Sendable {
        /// Taking samples.
        case active
        /// `end()` was called: the path is final.
        case ended
        /// `cancel()` was called: the stroke is gone.
        case cancelled
    }

    /// The technique that turns samples into a path.
    public let technique: AnyInterpolationTechnique
    /// The stabilizer the pen's locations go through first, or nil for none.
    public let stabilizer: Stabilizer?
    /// Where the builder is in its life.
    public private(set) var phase = Phase.active

    /// Validate and keep.
    var intake = StrokeSamples()
    /// Stabilize: the point that trails the pen, or nil without a stabilizer.
    var follower: Stabilizer.Follower?
    /// Merge, then filter or denoise.
    var stage: StrokePoints
    /// The pen-down hook.
    private var start = PenDownHookDecision()
    /// The technique's place in the points.
    var cursor = SpanCursor()
    /// The committed (final) elements so far, with their sample progress.
    private(set) var committedSpans = SpanOutput()
    /// The current provisional tail with its sample progress: a `move` to where the committed path
    /// ends, then the elements to the newest (or predicted) sample. Empty when there is no tail (and,
    /// without `tracksProvisional`, from each append until `refreshProvisional()`).
    var provisionalSpans = SpanOutput()
    /// The copy of the points the tail is computed on.
    var scratch = TailScratch()
    /// The predicted samples of the latest append, for a tail computed on request.
    var predicted: [Sample] = []
    /// The elements of the last short committed piece handed out (see `committedPiece(from:)`).
    var pieceBuffer: [PathElement] = []
    private var committedBounds: Rect2D?

    /// Every accepted sample, in order, with estimated properties updated: the stroke's truth, kept
    /// for storage and re-rendering (repeats included).
    public var samples: [Sample] { intake.all }
    /// The points the technique interpolates: merged sample locations, filtered by the technique's
    /// input filter or denoised by its denoiser where it has one. Only `points[..<settledPointCount]`
    /// are final (see `StrokePoints`).
    var points: [Point2D] { stage.locations }
    /// How many of `points` (a prefix) are final. Committed spans never read past them.
    var settledPointCount: Int { stage.settledCount }
    /// For each of `points`, the index in `samples` of the sample it stands for (the later of merged
    /// repeats).
    var pointSampleIndices: [Int] { stage.sampleIndices }
    /// For each of `points`, when the pen arrived there, seconds (NaN without a timestamp).
    var pointTimes: [Double] { stage.times }
    /// How many points a pen-down hook took from the start of `points` (0 for none): the brush
    /// properties of the points before the drop are stale.
    var droppedStartPoints: Int { start.droppedPoints }

    /// How many points the technique has been given so far (merged, filtered sample locations).
    public var pointCount: Int { stage.count }

    /// How far along the points the committed path reaches: a point index, fractional within a
    /// span (0 before anything is committed; never past the last point).
    public var committedProgress: Double {
        Swift.min(committedSpans.progress.last ?? 0, Double(Swift.max(0, stage.count - 1)))
    }

    /// When the pen was at point position `progress` (0 … `pointCount` − 1, fractional between
    /// points), seconds: interpolated between the timestamps of the samples behind the points; nil
    /// without timestamps or out of range.
    public func timestamp(atPointProgress progress: Double) -> Double? {
        guard progress.isFinite, progress >= 0, stage.count > 0, progress <= Double(stage.count - 1) else { return nil }
        let lower = Int(progress.rounded(.down)), upper = Swift.min(lower + 1, stage.count - 1)
        let samples = intake.all, indices = stage.sampleIndices
        guard let t0 = samples[indices[lower]].timestamp, let t1 = samples[indices[upper]].timestamp else { return nil }
        return t0 + (t1 - t0) * (progress - Double(lower))
    }

    /// True (the default): every update carries the provisional tail. False: updates carry the
    /// committed geometry only, and the tail is computed when asked for, by
    /// `refreshProvisional()` — once per frame rather than once per sample, which is how
    /// `InkStroke` and `InkCanvas` use the builder (and batch use, where only the final path matters).
    public var tracksProvisional = true

    /// True while nothing may be committed because a pen-down hook may still be left out.
    private var holdsStart: Bool { !start.isDecided && dropsPenDownHook && stage.denoiser != nil }

    /// True once the path's start is final: a pen-down hook has been left out or found absent
    /// (or is not looked for). Until then the tail draws the start as it is.
    var isStartDecided: Bool { !holdsStart }

    /// How many samples behind the newest one a sample still expecting an estimated update may hold
    /// back committed ink (32: 133 ms of Apple Pencil input at 240 Hz; UIKit's updates arrive within
    /// a few samples). Past it the ink commits with the estimate; the sample is still updated.
    public static let estimateWaitLimit = 32

    /// The index in `samples` of the oldest sample whose estimated properties may still change (see
    /// `estimateWaitLimit`), or nil when none is awaited.
    public var oldestAwaitedSample: Int? { intake.awaited.first }

    /// Begins a stroke drawn with `technique` (the default technique when omitted), its samples
    /// steadied first by `stabilizer` (none when omitted, or at strength 0).
    public init(technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, stabilizer: Stabilizer? = nil) {
        self.technique = technique
        self.stage = StrokePoints(technique: technique)
        self.stabilizer = stabilizer.flatMap { $0.strength > 0 ? $0 : nil }
        self.follower = self.stabilizer.map(Stabilizer.Follower.init)
    }

    /// What was dropped or repaired so far, by reason.
    public var drops: DropCounts { intake.validation.counts }

    /// The committed (final) elements so far.
    public var committedElements: [PathElement] { committedSpans.elements }

    /// The current provisional tail.
    public var provisional: BezierPath { BezierPath(provisionalSpans.elements) }

    /// The committed path followed by the provisional tail: everything the stroke draws now.
    public var path: BezierPath {
        var whole = BezierPath(committedElements)
        // An ended stroke has no tail: its path shares the committed elements' storage (no copy).
        guard !provisionalSpans.elements.isEmpty else { return whole }
        whole.append(continuing: provisional)
        return whole
    }

    /// Adds real samples and, optionally, predicted ones (the platform's guess of the next few
    /// samples). Predicted samples shape only the provisional tail and are forgotten by the next
    /// call. Invalid samples are dropped and counted in `drops`.
    ///
    /// - Complexity: O(`newSamples` + `predicted`) amortized, whatever the stroke's length.
    /// - Throws: `StrokeBuilderError` once the stroke has ended or been cancelled.
    @discardableResult
    public mutating func append<S: Sequence<Sample>>(_ newSamples: S, predicted: [Sample] = []) throws(StrokeBuilderError) -> StrokeUpdate {
        // One conversion to a concrete array (free for an array), so the per-sample work below is
        // specialized even when the caller's sequence type is not known to this module.
        try ingestAndDescribe(Array(newSamples), predicted: predicted)
    }

    /// Adds one real sample; see `append(_:predicted:)`.
    ///
    /// - Complexity: O(1 + `predicted`) amortized.
    @discardableResult
    public mutating func append(_ sample: Sample, predicted: [Sample] = []) throws(StrokeBuilderError) -> StrokeUpdate {
        try ingestAndDescribe(CollectionOfOne(sample), predicted: predicted)
    }

    /// Ingests the samples and describes what changed.
    private mutating func ingestAndDescribe<C: Collection<Sample>>(_ newSamples: C, predicted: [Sample]) throws(StrokeBuilderError) -> StrokeUpdate {
        let firstNew = committedSpans.count
        var dirty = provisional.controlBounds
        try ingest(newSamples, predicted: predicted)
        let committed = committedPiece(from: firstNew)
        let committedArea = committed.controlBounds
        committedBounds.formUnion(committedArea)
        dirty.formUnion(committedArea)
        dirty.formUnion(provisional.controlBounds)
        return StrokeUpdate(committed: committed, provisional: provisional, dirtyRect: dirty)
    }

    /// Adds the samples and, when `committing`, commits what they make final, without describing
    /// the change (what `InkStroke` uses: it reads `committedSpans`). Without `committing` the
    /// samples are stored and `committedSpans` waits for `commitAccepted()` (or `end()`); the
    /// path is the same either way, as for any chunking of the input. The tail follows
    /// `tracksProvisional`.
    mutating func ingest<C: Collection<Sample>>(_ newSamples: C, predicted: [Sample], committing: Bool = true) throws(StrokeBuilderError) {
        try requireActive()
        // A new stroke makes room for its first samples at once (not regrown at 1, 2, 4, … 64), or
        // for all of them when they come together.
        if intake.all.capacity == 0 { reserveCapacity(Swift.max(Self.liveCapacity, newSamples.count)) }
        for sample in newSamples {
            guard let valid = intake.accept(sample) else { continue }
            // The stabilized location stands for the sample from here on (merging, filter, denoiser).
            if !stage.add(stabilized(valid.location), at: valid.timestamp, kind: valid.kind, sampleIndex: intake.all.count - 1) {
                intake.countMergedDuplicate()
            }
        }
        stage.settle()
        if holdsStart { start.decide(&stage, final: false) }
        intake.stopAwaiting(olderThan: Self.estimateWaitLimit)
        if committing { commitAccepted() }
        if tracksProvisional {
            provisionalSpans = tail(predicted: predicted)
        } else {
            // Stale until `refreshProvisional()` (the update's dirty rectangle has its old area).
            if !provisionalSpans.elements.isEmpty { provisionalSpans = SpanOutput() }
            if !(predicted.isEmpty && self.predicted.isEmpty) { self.predicted = predicted }
        }
    }

    /// `location` after the stabilizer (itself without one).
    private mutating func stabilized(_ location: Point2D) -> Point2D {
        guard var current = follower else { return location }
        let followed = current.follow(location)
        follower = current
        return followed
    }

    /// Runs the technique over the samples accepted so far: `committedSpans` gains every span
    /// they make final.
    mutating func commitAccepted() {
        guard phase == .active, stage.count > 0, !holdsStart else { return }
        // Without a denoiser the technique sees every point (and leaves an input filter's unsettled
        // newest one itself); with one, only the settled ones.
        let count = stage.denoiser == nil ? stage.count : stage.settledCount
        guard count > 0 else { return }
        technique.commit(stage.locations[..<count], times: stage.times[..<count], cursor: &cursor, into: &committedSpans)
    }

    /// Forgets the committed elements already read, but the last (see
    /// `SpanOutput.removeAllButLast()`): for a batch whose path is only flattened, so that its
    /// memory stays a chunk's worth. `committedSpans`, `committedElements` and `path` then hold
    /// only what was committed since.
    mutating func forgetCommittedSpans() {
        committedSpans.removeAllButLast()
    }

    /// Applies late, refined properties to samples appended earlier (matched by
    /// `estimationUpdateIndex`); allowed after `end()` too, since refinements may arrive after the
    /// pen lifts. Updates that match no sample are counted in `drops.unmatchedUpdates`. Locations
    /// never change, so the path does not either; the stored samples do.
    public mutating func update(estimated updates: [EstimatedUpdate]) {
        guard phase != .cancelled else { return }
        intake.update(estimated: updates)
    }

    /// Ends the stroke: the tail through the last real sample becomes committed, and the path now
    /// ends exactly at the last sample's location — with an input filter or a denoiser too (the
    /// last point is the pen's own, not a filtered or fitted one), and with a stabilizer, whose
    /// trailing ink catches up with the pen — unless the pen flicked as it lifted: a last stretch
    /// under `hookLength` points that turns back on the way the stroke was going is left out of
    /// the path (the samples are kept), which ends where that hook began (`dropsPenUpHook`, with a
    /// technique that has a denoiser). A start still undecided (`dropsPenDownHook`) is decided now.
    /// The provisional tail before the end still reaches the pen: a flick shows while the pen is
    /// down and goes when it lifts. Predicted samples are discarded.
    ///
    /// - Throws: `StrokeBuilderError` when the stroke already ended or was cancelled.
    @discardableResult
    public mutating func end() throws(StrokeBuilderError) -> StrokeUpdate {
        try requireActive()
        let firstNew = committedSpans.count
        stage.finish(at: intake.all.last?.location, penSample: intake.all.count - 1, stabilized: follower != nil)
        if holdsStart { start.decide(&stage, final: true) }
        if dropsPenUpHook, let hook = penUpHookStart() {
            stage.removeAll(after: hook)
        }
        stage.settleAll()
        if stage.count > 0 {
            technique.finish(stage.locations[...], times: stage.times[...], cursor: cursor, into: &committedSpans)
        }
        phase = .ended
        predicted = []
        scratch = TailScratch()
        let committed = committedPiece(from: firstNew)
        var dirty = committed.controlBounds
        committedBounds.formUnion(dirty)
        dirty.formUnion(provisional.controlBounds)
        provisionalSpans = SpanOutput()
        return StrokeUpdate(committed: committed, provisional: provisional, dirtyRect: dirty)
    }

    /// The longest hook left out of a stroke's path at either end, points: the flick of a pen tip
    /// as it lands or lifts, shorter than a stroke is wide, drawn as a knob or a tick at that end.
    public static var hookLength: Double { PenHook.length }

    /// True (default): `end()` leaves a hook at the pen's lift out of the path. False keeps the
    /// path through the last sample, hook and all.
    public var dropsPenUpHook = true

    /// True (default): a hook as the pen lands is left out of the path, which begins where the
    /// hook turned (the samples are kept). False keeps the path from the first sample. Set it
    /// before the first append. With a technique that has a denoiser (the default) only: the
    /// start is decided once the settled path is `3 × hookLength` long (or the stroke ends), and
    /// until then nothing is committed — the provisional tail draws the start as it is.
    public var dropsPenDownHook = true

    /// Where a hook at the pen's lift begins (the index of the point the path should end at), or
    /// nil (see `PenHook`). Points settled before the end (committed geometry) are never in it.
    private func penUpHookStart() -> Int? {
        let points = stage.locations
        let first = Swift.max(1, stage.settledCount)
        guard points.count - 1 > first else { return nil }
        // The rule reads the last `PenHook.reach` of the path at most.
        var from = points.count - 1, length = 0.0
        while from > 0, length < PenHook.reach {
            length += points[from].distance(to: points[from - 1])
            from -= 1
        }
        guard let turn = PenHook.turn(along: points[from...].reversed(), limit: points.count - 1 - first) else { return nil }
        return points.count - 1 - turn
    }

    /// Abandons the stroke (the system took the touch away): everything is forgotten. The update's
    /// dirty rectangle covers all the stroke had drawn, so that a canvas can repaint it.
    @discardableResult
    public mutating func cancel() -> StrokeUpdate {
        var dirty = committedBounds
        dirty.formUnion(provisional.controlBounds)
        phase = .cancelled
        intake.removeAll()
        stage = StrokePoints(technique: technique)
        start = PenDownHookDecision()
        scratch = TailScratch()
        committedSpans = SpanOutput()
        provisionalSpans = SpanOutput()
        predicted = []
        committedBounds = nil
        follower = stabilizer.map(Stabilizer.Follower.init)
        return StrokeUpdate(dirtyRect: dirty)
    }

    /// The final path of `samples` drawn with `technique` (after `stabilizer`, if any): the batch
    /// form of the engine, equal to appending the samples in any chunks and ending the stroke.
    public static func path<S: Sequence<Sample>>(
        for samples: S, technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, stabilizer: Stabilizer? = nil
    ) -> BezierPath {
        var builder = StrokeBuilder(technique: technique, stabilizer: stabilizer)
        builder.tracksProvisional = false
        // A new builder is active, so neither call can throw.
        _ = try? builder.append(samples)
        _ = try? builder.end()
        return builder.path
    }

    private func requireActive() throws(StrokeBuilderError) {
        switch phase {
        case .active: return
        case .ended: throw .strokeEnded
        case .cancelled: throw .strokeCancelled
        }
    }

    /// The samples a live stroke makes room for at its first append (most strokes are shorter).
    static let liveCapacity = 64

    /// Makes room for `count` samples in the buffers that grow with the stroke (the batch forms
    /// know their length: the buffers are not copied as they grow), and for the spans of `spans`
    /// samples (all of them unless told fewer: a reader that forgets them as it goes needs fewer).
    package mutating func reserveCapacity(_ count: Int, spans: Int? = nil) {
        intake.reserveCapacity(count)
        stage.reserveCapacity(count)
        committedSpans.reserveCapacity((spans ?? count) + 1)
    }
}
