/// Builds one stroke from a stream of samples: begin (create it), `append`, `update(estimated:)`,
/// then `end` or `cancel`.
///
/// Each call returns a `StrokeUpdate`: geometry committed for good, a provisional tail to draw on
/// top, and the rectangle that changed. An append costs O(1) amortized whatever the stroke's
/// length: only the spans near the newest samples are computed. Feeding the samples one by one, in
/// chunks, or all at once gives the same final path.
///
/// The builder is a value; run one per touch for multi-touch.
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
    public let technique: any InterpolationTechnique
    /// The stabilizer the pen's locations go through first, or nil for none.
    public let stabilizer: Stabilizer?
    /// Where the builder is in its life.
    public private(set) var phase = Phase.active
    /// Every accepted sample, in order, with estimated properties updated: the stroke's truth, kept
    /// for storage and re-rendering (repeats included).
    public private(set) var samples: [Sample] = []
    /// The points the technique interpolates: merged sample locations, filtered by the technique's
    /// input filter or denoised by its denoiser where it has one (the denoiser reads every sample,
    /// repeats too). Only `points[..<settledPointCount]` are final:
    /// past them a denoiser's fit still waits for later samples (they hold the input location, or
    /// the fit of the samples so far once the provisional tail was computed).
    private(set) var points: [Point] = []
    /// How many of `points` (a prefix) are final: all of them without a denoiser (but the newest
    /// with an input filter, which a repeat may still re-filter); with one, those whose window has
    /// closed. Committed spans never read past them.
    private(set) var settledPointCount = 0
    /// For each of `points`, the index in `samples` of the sample it stands for (the later of merged
    /// repeats).
    private(set) var pointSampleIndices: [Int] = []
    /// For each of `points`, when the pen arrived there, seconds (NaN without a timestamp): the
    /// time of the first of merged repeats, so that a repeat never changes a committed span. What
    /// techniques that read time interpolate over.
    private(set) var pointTimes: [Double] = []
    /// The committed (final) elements so far, with their sample progress.
    private(set) var committedSpans = SpanOutput()
    /// The current provisional tail with its sample progress: a `move` to where the committed path
    /// ends, then the elements to the newest (or predicted) sample. Empty when there is no tail (and,
    /// without `tracksProvisional`, from each append until `refreshProvisional()`).
    private(set) var provisionalSpans = SpanOutput()

    /// How many points the technique has been given so far (merged, filtered sample locations).
    public var pointCount: Int { points.count }

    /// How far along the points the committed path reaches: a point index, fractional within a
    /// span (0 before anything is committed; never past the last point).
    public var committedProgress: Double {
        Swift.min(committedSpans.progress.last ?? 0, Double(Swift.max(0, points.count - 1)))
    }

    /// When the pen was at point position `progress` (0 … `pointCount` − 1, fractional between
    /// points), seconds: interpolated between the timestamps of the samples behind the points; nil
    /// without timestamps or out of range.
    public func timestamp(atPointProgress progress: Double) -> Double? {
        guard progress.isFinite, progress >= 0, !points.isEmpty, progress <= Double(points.count - 1) else { return nil }
        let lower = Int(progress.rounded(.down)), upper = Swift.min(lower + 1, points.count - 1)
        guard let t0 = samples[pointSampleIndices[lower]].timestamp, let t1 = samples[pointSampleIndices[upper]].timestamp else { return nil }
        return t0 + (t1 - t0) * (progress - Double(lower))
    }

    /// True (the default): every update carries the provisional tail. False: updates carry the
    /// committed geometry only, and the tail is computed when asked for, by
    /// `refreshProvisional()` — once per frame rather than once per sample, which is how
    /// `InkStroke` and `Canvas` use the builder (and batch use, where only the final path matters).
    public var tracksProvisional = true
    /// The predicted samples of the latest append, for a tail computed on request.
    private var predicted: [Sample] = []
    /// The elements of the last short committed piece handed out (see `committedPiece(from:)`).
    private var pieceBuffer: [PathElement] = []
    /// The longest committed piece built in `pieceBuffer`, elements.
    private static let reusedPieceLength = 64
    private var validation = SampleValidation()
    private var cursor = SpanCursor()
    private var filter: OneEuroFilter?
    private var filterBeforeLast: OneEuroFilter?
    private let denoiser: TimeWindowDenoiser?
    /// With a denoiser: its input, the location and time (seconds, NaN where unknown) of every
    /// sample in `samples` — repeats too, each an observation of where the pen was.
    private var sampleLocations: [Point] = []
    private var sampleTimes: [Double] = []
    /// The newest point's location before any filter (after the stabilizer).
    private var lastLocation: Point?
    private var follower: Stabilizer.Follower?
    private var committedBounds: Rect?
    private var pendingEstimates: [Int: Int] = [:]
    /// Indices of samples still expecting a final estimated update, ascending, none more than
    /// `estimateWaitLimit` behind the newest sample.
    private var awaited: [Int] = []
    /// True once the start is decided (see `dropsPenDownHook`), and the path length over
    /// `points[...startMeasured]` until then, points.
    private var startDecided = false
    private var startLength = 0.0
    private var startMeasured = 0
    /// How many points a pen-down hook took from the start of `points` (0 for none): the brush
    /// properties of the points before the drop are stale.
    private(set) var droppedStartPoints = 0

    /// True while nothing may be committed because a pen-down hook may still be left out.
    private var holdsStart: Bool { !startDecided && dropsPenDownHook && denoiser != nil }

    /// True once the path's start is final: a pen-down hook has been left out or found absent
    /// (or is not looked for). Until then the tail draws the start as it is.
    var isStartDecided: Bool { !holdsStart }

    /// How many samples behind the newest one a sample still expecting an estimated update may hold
    /// back committed ink (32: 133 ms of Apple Pencil input at 240 Hz; UIKit's updates arrive within
    /// a few samples). Past it the ink commits with the estimate; the sample is still updated.
    public static let estimateWaitLimit = 32

    /// The index in `samples` of the oldest sample whose estimated properties may still change (see
    /// `estimateWaitLimit`), or nil when none is awaited.
    public var oldestAwaitedSample: Int? { awaited.first }

    /// Begins a stroke drawn with `technique` (the default technique when omitted), its samples
    /// steadied first by `stabilizer` (none when omitted, or at strength 0).
    public init(technique: any InterpolationTechnique = FreehandTechnique.standard, stabilizer: Stabilizer? = nil) {
        self.technique = technique
        self.filter = technique.inputFilter
        self.denoiser = technique.denoiser
        self.stabilizer = stabilizer.flatMap { $0.strength > 0 ? $0 : nil }
        self.follower = self.stabilizer.map(Stabilizer.Follower.init)
    }

    /// What was dropped or repaired so far, by reason.
    public var drops: DropCounts { validation.counts }

    /// The committed (final) elements so far.
    public var committedElements: [PathElement] { committedSpans.elements }

    /// The current provisional tail.
    public var provisional: Path { Path(provisionalSpans.elements) }

    /// The committed path followed by the provisional tail: everything the stroke draws now.
    public var path: Path {
        var whole = Path(committedElements)
        whole.append(continuing: provisional)
        return whole
    }

    /// Adds real samples and, optionally, predicted ones (the platform's guess of the next few
    /// samples). Predicted samples shape only the provisional tail and are forgotten by the next
    /// call. Invalid samples are dropped and counted in `drops`.
    ///
    /// - Throws: `StrokeBuilderError` once the stroke has ended or been cancelled.
    @discardableResult
    public mutating func append<S: Sequence<Sample>>(_ newSamples: S, predicted: [Sample] = []) throws(StrokeBuilderError) -> StrokeUpdate {
        // One conversion to a concrete array (free for an array), so the per-sample work below is
        // specialized even when the caller's sequence type is not known to this module.
        try ingestAndDescribe(Array(newSamples), predicted: predicted)
    }

    /// Adds one real sample; see `append(_:predicted:)`.
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
        if samples.capacity == 0 { reserveCapacity(Swift.max(Self.liveCapacity, newSamples.count)) }
        for sample in newSamples {
            guard let valid = validation.validate(sample) else { continue }
            accept(valid)
        }
        settlePoints()
        if let first = awaited.first, first < samples.count - Self.estimateWaitLimit {
            awaited.removeFirst(awaited.prefix { $0 < samples.count - Self.estimateWaitLimit }.count)
        }
        if committing { commitAccepted() }
        if tracksProvisional {
            provisionalSpans = tail(predicted: predicted)
        } else {
            // Stale until `refreshProvisional()` (the update's dirty rectangle has its old area).
            if !provisionalSpans.elements.isEmpty { provisionalSpans = SpanOutput() }
            if !(predicted.isEmpty && self.predicted.isEmpty) { self.predicted = predicted }
        }
    }

    /// Runs the technique over the samples accepted so far: `committedSpans` gains every span
    /// they make final.
    mutating func commitAccepted() {
        guard phase == .active, !points.isEmpty, !holdsStart else { return }
        // Without a denoiser the technique sees every point (and leaves an input filter's unsettled
        // newest one itself); with one, only the settled ones.
        let count = denoiser == nil ? points.count : settledPointCount
        guard count > 0 else { return }
        technique.commit(points[..<count], times: pointTimes[..<count], cursor: &cursor, into: &committedSpans)
    }

    /// Settles the points whose denoising window has closed (without a denoiser every point but an
    /// input filter's newest is settled as it arrives).
    private mutating func settlePoints() {
        guard let denoiser else {
            settledPointCount = Swift.max(0, points.count - (filter == nil ? 0 : 1))
            return
        }
        while settledPointCount < points.count {
            let centre = firstSample(ofPoint: settledPointCount)
            guard denoiser.isSettled(centre, times: sampleTimes[...]) else { break }
            // A stroke starts where the pen touched down.
            if settledPointCount > 0 { points[settledPointCount] = denoiser.denoised(centre, in: sampleLocations[...], times: sampleTimes[...]) }
            settledPointCount += 1
        }
        decideStart(final: false)
    }

    /// The index in `samples` of the first of the merged repeats that point `index` stands for: the
    /// sample whose time the point carries.
    private func firstSample(ofPoint index: Int) -> Int {
        index == 0 ? 0 : pointSampleIndices[index - 1] + 1
    }

    /// Forgets the committed elements already read, but the last (see
    /// `SpanOutput.removeAllButLast()`): for a batch whose path is only flattened, so that its
    /// memory stays a chunk's worth. `committedSpans`, `committedElements` and `path` then hold
    /// only what was committed since.
    mutating func forgetCommittedSpans() {
        committedSpans.removeAllButLast()
    }

    /// Computes the provisional tail through the newest real sample and the latest append's
    /// predicted samples (see `tracksProvisional`), keeps it in `provisionalSpans` and returns it.
    /// Empty once the stroke has ended or when nothing is drawn yet.
    @discardableResult
    public mutating func refreshProvisional() -> Path {
        guard phase == .active else { return Path() }
        provisionalSpans = tail(predicted: predicted)
        return provisional
    }

    /// Applies late, refined properties to samples appended earlier (matched by
    /// `estimationUpdateIndex`); allowed after `end()` too, since refinements may arrive after the
    /// pen lifts. Updates that match no sample are counted in `drops.unmatchedUpdates`. Locations
    /// never change, so the path does not either; the stored samples do.
    public mutating func update(estimated updates: [EstimatedUpdate]) {
        guard phase != .cancelled else { return }
        for update in updates {
            let valid = validation.validate(update)
            guard let index = pendingEstimates[valid.estimationUpdateIndex] else {
                validation.countUnmatchedUpdate()
                continue
            }
            samples[index].refine(with: valid)
            if valid.isFinal, let position = awaited.firstIndex(of: index) { awaited.remove(at: position) }
        }
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
        if follower != nil, let pen = samples.last?.location, pen != lastLocation {
            // The stabilized ink trails the pen: it catches up when the pen lifts.
            points.append(pen)
            pointTimes.append(pointTimes.last ?? .nan)
            pointSampleIndices.append(samples.count - 1)
            lastLocation = pen
        }
        if let lastLocation, filter != nil {
            // A filter lags; the stroke still ends where the pen lifted. The newest point is never
            // part of committed geometry (it is unsettled), so replacing it changes only the tail.
            points[points.count - 1] = lastLocation
        }
        if let denoiser {
            // The stroke is over: every window is as complete as it will be. It ends where the pen
            // lifted (and starts where it touched down).
            for index in stride(from: Swift.max(1, settledPointCount), to: points.count - 1, by: 1) {
                points[index] = denoiser.denoised(firstSample(ofPoint: index), in: sampleLocations[...], times: sampleTimes[...])
            }
            if let lastLocation, points.count > 1 { points[points.count - 1] = lastLocation }
        }
        decideStart(final: true)
        if dropsPenUpHook, let hook = penUpHookStart() {
            points.removeSubrange((hook + 1)...)
            pointTimes.removeSubrange((hook + 1)...)
            pointSampleIndices.removeSubrange((hook + 1)...)
        }
        settledPointCount = points.count
        if !points.isEmpty {
            technique.finish(points[...], times: pointTimes[...], cursor: cursor, into: &committedSpans)
        }
        phase = .ended
        predicted = []
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
    /// nil (see `PenHook`). Settled points (committed geometry) are never in it.
    private func penUpHookStart() -> Int? {
        let first = Swift.max(1, settledPointCount)
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

    /// While the start is undecided (see `dropsPenDownHook`): decides it once the settled points
    /// reach `PenHook.reach` from the first, or with all of them when `final`, and leaves a hook
    /// there out of the points. The points read are settled, so the decision is the same for any
    /// chunking of the input.
    private mutating func decideStart(final: Bool) {
        guard holdsStart, !points.isEmpty else { return }
        let known = final ? points.count : settledPointCount
        while startMeasured + 1 < known, startLength < PenHook.reach {
            startLength += points[startMeasured].distance(to: points[startMeasured + 1])
            startMeasured += 1
        }
        guard final || startLength >= PenHook.reach else { return }
        startDecided = true
        guard let turn = PenHook.turn(along: points[...startMeasured], limit: startMeasured) else { return }
        points.removeFirst(turn)
        pointTimes.removeFirst(turn)
        pointSampleIndices.removeFirst(turn)
        settledPointCount = Swift.max(0, settledPointCount - turn)
        droppedStartPoints = turn
    }

    /// Abandons the stroke (the system took the touch away): everything is forgotten. The update's
    /// dirty rectangle covers all the stroke had drawn, so that a canvas can repaint it.
    @discardableResult
    public mutating func cancel() -> StrokeUpdate {
        var dirty = committedBounds
        dirty.formUnion(provisional.controlBounds)
        phase = .cancelled
        samples = []
        points = []
        sampleLocations = []
        sampleTimes = []
        settledPointCount = 0
        pointTimes = []
        pointSampleIndices = []
        committedSpans = SpanOutput()
        provisionalSpans = SpanOutput()
        predicted = []
        pendingEstimates = [:]
        awaited = []
        startDecided = false
        startLength = 0
        startMeasured = 0
        droppedStartPoints = 0
        committedBounds = nil
        follower = stabilizer.map(Stabilizer.Follower.init)
        return StrokeUpdate(dirtyRect: dirty)
    }

    /// The final path of `samples` drawn with `technique` (after `stabilizer`, if any): the batch
    /// form of the engine, equal to appending the samples in any chunks and ending the stroke.
    public static func path<S: Sequence<Sample>>(
        for samples: S, technique: any InterpolationTechnique = FreehandTechnique.standard, stabilizer: Stabilizer? = nil
    ) -> Path {
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
    mutating func reserveCapacity(_ count: Int, spans: Int? = nil) {
        samples.reserveCapacity(count)
        points.reserveCapacity(count)
        if denoiser != nil {
            sampleLocations.reserveCapacity(count)
            sampleTimes.reserveCapacity(count)
        }
        pointSampleIndices.reserveCapacity(count)
        pointTimes.reserveCapacity(count)
        committedSpans.reserveCapacity((spans ?? count) + 1)
    }

    private mutating func accept(_ sample: Sample) {
        samples.append(sample)
        // The stabilized location stands for the sample from here on (merging, filter, denoiser).
        let incoming = follower != nil ? follower!.follow(sample.location) : sample.location
        if denoiser != nil {
            sampleLocations.append(incoming)
            sampleTimes.append(sample.timestamp ?? .nan)
        }
        let sampleIndex = samples.count - 1
        if let index = sample.estimationUpdateIndex {
            pendingEstimates[index] = sampleIndex
            awaited.append(sampleIndex)
        }
        if incoming == lastLocation {
            // A repeat: the later sample wins. Its location is the same, but a filter driven by time
            // must see its timestamp, so the newest point is filtered again from the state before it.
            validation.countMergedDuplicate()
            pointSampleIndices[pointSampleIndices.count - 1] = sampleIndex
            if var refiltered = filterBeforeLast {
                let location = refiltered.filter(incoming, at: sample.timestamp)
                points[points.count - 1] = location
                filter = refiltered
            }
            return
        }
        lastLocation = incoming
        pointSampleIndices.append(sampleIndex)
        pointTimes.append(sample.timestamp ?? .nan)
        var location = incoming
        if var current = filter {
            filterBeforeLast = current
            location = current.filter(incoming, at: sample.timestamp)
            filter = current
        }
        points.append(location)
    }

    /// The elements committed since `start`, led by a move to where they begin.
    ///
    /// A short piece (a few samples' worth) is built in a buffer the builder keeps: when the caller
    /// has let go of the previous update (the usual case) the buffer is reused, so a sample
    /// appended alone allocates nothing; a piece still held elsewhere keeps its elements (the
    /// buffer is copied on write, not changed). A long one (a batch) gets its own array, so the
    /// builder does not keep a second copy of the path.
    private mutating func committedPiece(from start: Int) -> Path {
        let elements = committedSpans.elements
        guard start < elements.count else { return Path() }
        guard elements.count - start <= Self.reusedPieceLength else {
            var piece: [PathElement] = []
            piece.reserveCapacity(elements.count - start + 1)
            if start > 0 { piece.append(.move(to: elements[start - 1].endPoint)) }
            piece.append(contentsOf: elements[start...])
            return Path(piece)
        }
        pieceBuffer.removeAll(keepingCapacity: true)
        if start > 0 { pieceBuffer.append(.move(to: elements[start - 1].endPoint)) }
        pieceBuffer.append(contentsOf: elements[start...])
        return Path(pieceBuffer)
    }

    /// The provisional tail through the real points and then `predicted`, as if the stroke ended at
    /// the last of them.
    private mutating func tail(predicted: [Sample]) -> SpanOutput {
        guard !points.isEmpty else { return SpanOutput() }
        let realCount = points.count
        let realSamples = sampleLocations.count
        var predictionFilter = filter
        var predictionFollower = follower
        var previous = lastLocation
        for sample in predicted {
            guard let valid = validation.validate(sample, predicted: true) else { continue }
            let incoming = predictionFollower != nil ? predictionFollower!.follow(valid.location) : valid.location
            guard incoming != previous else { continue }
            previous = incoming
            pointTimes.append(valid.timestamp ?? .nan)
            var location = incoming
            if predictionFilter != nil { location = predictionFilter!.filter(incoming, at: valid.timestamp) }
            points.append(location)
            if denoiser != nil {
                sampleLocations.append(location)
                sampleTimes.append(valid.timestamp ?? .nan)
            }
        }
        if let denoiser {
            // The points still waiting for their window are drawn with a fit of what is known (the
            // predicted samples too): one-sided at the end, as if the stroke ended there.
            for index in stride(from: Swift.max(1, settledPointCount), to: points.count - 1, by: 1) {
                let centre = index < realCount ? firstSample(ofPoint: index) : realSamples + index - realCount
                points[index] = denoiser.denoised(centre, in: sampleLocations[...], times: sampleTimes[...])
            }
        }
        // Without predicted samples the tail ends at the newest sample, as the stroke would if it
        // ended now; a settled newest point gets its fit back afterwards.
        let newestFit = denoiser != nil && points.count == realCount && realCount > 1 ? points[realCount - 1] : nil
        if newestFit != nil { points[realCount - 1] = sampleLocations[realSamples - 1] }
        defer {
            if let newestFit, settledPointCount == realCount { points[realCount - 1] = newestFit }
            points.removeSubrange(realCount...)
            pointTimes.removeSubrange(realCount...)
            if denoiser != nil {
                sampleLocations.removeSubrange(realSamples...)
                sampleTimes.removeSubrange(realSamples...)
            }
        }
        var spans = SpanOutput()
        if let end = committedSpans.elements.last?.endPoint, let progress = committedSpans.progress.last {
            spans.append(.move(to: end), progress: progress)
        }
        technique.finish(points[...], times: pointTimes[...], cursor: cursor, into: &spans)
        return spans.count > 1 || committedSpans.count == 0 ? spans : SpanOutput()
    }
}
