/// The stroke pipeline's point stage: merges repeated locations and filters or denoises the rest
/// into the points a technique interpolates, and says which of them are final (settled).
///
/// It takes locations after the stabilizer, one sample at a time. Without a denoiser every point is
/// settled as it arrives, but an input filter's newest (a repeat may still re-filter it); with one,
/// a point is settled once its window has closed (`TimeWindowDenoiser.isSettled`), and it then
/// holds its fit. A point not yet settled holds its input location, or the fit of the samples so
/// far once a provisional tail was computed (`fitUnsettled`).
struct StrokePoints: Sendable {
    /// The points: merged, filtered or denoised sample locations.
    private(set) var locations: [Point2D] = []
    /// For each point, when the pen arrived there, seconds (NaN without a timestamp): the time of
    /// the first of merged repeats, so that a repeat never changes a committed span.
    private(set) var times: [Double] = []
    /// For each point, the index (in the stroke's samples) of the sample it stands for: the later
    /// of merged repeats.
    private(set) var sampleIndices: [Int] = []
    /// How many points (a prefix) are final. Committed spans never read past them.
    private(set) var settledCount = 0
    /// The newest point's location before any filter (after the stabilizer).
    private(set) var lastLocation: Point2D?
    /// The denoiser, or nil for none.
    let denoiser: TimeWindowDenoiser?
    /// The input filter: its state after the newest point, and before it (for a repeat).
    private var filter: OneEuroFilter?
    private var filterBeforeLast: OneEuroFilter?
    /// With a denoiser: its input, the location and time (seconds, NaN where unknown) of every
    /// sample — repeats too, each an observation of where the pen was.
    private(set) var sampleLocations: [Point2D] = []
    private(set) var sampleTimes: [Double] = []
    /// With a denoiser: the grid the samples sit on after each sample (`InputGrid`; 0 for none and
    /// for a pen's samples).
    private var sampleGrids: [Double] = []
    private var grid = InputGrid()

    /// The point stage of `technique` (its input filter or its denoiser).
    init(technique: some InterpolationTechnique) {
        filter = technique.inputFilter
        denoiser = technique.denoiser
    }

    /// How many points there are.
    var count: Int { locations.count }

    /// Takes the stabilized location of the stroke's sample `sampleIndex` (`timestamp` seconds, or
    /// nil; `kind` what drew it: a mouse's or a finger's grid widens the denoiser's window, a pen's
    /// never does). Returns false when it repeats the newest point's location: the later sample then
    /// stands for that point (a filter driven by time re-filters it), and the caller counts the
    /// merge.
    mutating func add(_ incoming: Point2D, at timestamp: Double?, kind: PointerKind, sampleIndex: Int) -> Bool {
        if denoiser != nil {
            if let previous = sampleLocations.last { grid.observe(incoming - previous) }
            sampleLocations.append(incoming)
            sampleTimes.append(timestamp ?? .nan)
            sampleGrids.append(kind != .pen ? grid.step : 0)
        }
        if incoming == lastLocation {
            // A repeat: the later sample wins. Its location is the same, but a filter driven by time
            // must see its timestamp, so the newest point is filtered again from the state before it.
            sampleIndices[sampleIndices.count - 1] = sampleIndex
            if var refiltered = filterBeforeLast {
                locations[locations.count - 1] = refiltered.filter(incoming, at: timestamp)
                filter = refiltered
            }
            return false
        }
        lastLocation = incoming
        sampleIndices.append(sampleIndex)
        times.append(timestamp ?? .nan)
        var location = incoming
        if var current = filter {
            filterBeforeLast = current
            location = current.filter(incoming, at: timestamp)
            filter = current
        }
        locations.append(location)
        return true
    }

    /// Settles the points whose denoising window has closed (without a denoiser every point but an
    /// input filter's newest is settled as it arrives). The first point stays where the pen touched.
    mutating func settle() {
        guard let denoiser else {
            settledCount = Swift.max(0, locations.count - (filter == nil ? 0 : 1))
            return
        }
        while settledCount < locations.count {
            let centre = firstSample(ofPoint: settledCount)
            guard denoiser.isSettled(centre, locations: sampleLocations[...], times: sampleTimes[...], grid: sampleGrids[centre]) else { break }
            if settledCount > 0 { locations[settledCount] = denoiser.denoised(centre, in: sampleLocations[...], times: sampleTimes[...], grid: sampleGrids[centre]) }
            settledCount += 1
        }
    }

    /// The index of the first of the merged repeats that point `index` stands for: the sample whose
    /// time the point carries (an index into `sampleLocations`).
    func firstSample(ofPoint index: Int) -> Int {
        index == 0 ? 0 : sampleIndices[index - 1] + 1
    }

    /// Ends the stroke's points at the pen's lift: a stabilized stroke catches up with `pen` (the
    /// last sample's own location, `penSample` its index), a filtered or denoised one ends exactly
    /// there, and every denoising window is as complete as it will be. The settled count is left for
    /// the pen-up hook rule to read; `settleAll()` follows it.
    mutating func finish(at pen: Point2D?, penSample: Int, stabilized: Bool) {
        if stabilized, let pen, pen != lastLocation {
            locations.append(pen)
            times.append(times.last ?? .nan)
            sampleIndices.append(penSample)
            lastLocation = pen
        }
        if let lastLocation, filter != nil {
            // The newest point is never part of committed geometry (it is unsettled), so replacing
            // it changes only the tail.
            locations[locations.count - 1] = lastLocation
        }
        if let denoiser {
            for index in stride(from: Swift.max(1, settledCount), to: locations.count - 1, by: 1) {
                let centre = firstSample(ofPoint: index)
                locations[index] = denoiser.denoised(centre, in: sampleLocations[...], times: sampleTimes[...], grid: sampleGrids[centre])
            }
            if let lastLocation, locations.count > 1 { locations[locations.count - 1] = lastLocation }
        }
    }

    /// Marks every point final (the stroke has ended).
    mutating func settleAll() {
        settledCount = locations.count
    }

    /// Leaves out the first `count` points (a pen-down hook); none of them may be committed yet.
    mutating func removeFirst(_ count: Int) {
        locations.removeFirst(count)
        times.removeFirst(count)
        sampleIndices.removeFirst(count)
        settledCount = Swift.max(0, settledCount - count)
        removedFromStart += count
    }

    /// How many points `removeFirst` has left out: a tail's scratch copy made before is stale.
    private(set) var removedFromStart = 0

    /// Leaves out the points after `index` (a pen-up hook, once every point is settled).
    mutating func removeAll(after index: Int) {
        locations.removeSubrange((index + 1)...)
        times.removeSubrange((index + 1)...)
        sampleIndices.removeSubrange((index + 1)...)
        settledCount = Swift.min(settledCount, locations.count)
    }

    /// The points a provisional tail is drawn through, in `scratch`: every point, then the
    /// `predicted` locations (stabilized, with their times in seconds or nil), filtered as the input
    /// is; with a denoiser the points not yet settled take a fit of what is known, predicted
    /// samples too, one-sided at the end as if the stroke ended there (and without predicted
    /// samples the newest point is the pen's own location). The stage keeps those fits for its
    /// unsettled points (their settled fits replace them later). O(points since the last call +
    /// unsettled + predicted): `scratch` keeps its copy of the settled points between calls.
    mutating func provisional(predicted: [(location: Point2D, timestamp: Double?)], in scratch: inout TailScratch) {
        scratch.mirror(self)
        let realCount = locations.count, realSamples = sampleLocations.count
        var predictionFilter = filter
        var previous = lastLocation
        for (incoming, timestamp) in predicted where incoming != previous {
            previous = incoming
            scratch.times.append(timestamp ?? .nan)
            var location = incoming
            if var current = predictionFilter {
                location = current.filter(incoming, at: timestamp)
                predictionFilter = current
            }
            scratch.locations.append(location)
            if denoiser != nil {
                scratch.sampleLocations.append(location)
                scratch.sampleTimes.append(timestamp ?? .nan)
            }
        }
        guard let denoiser else { return }
        for index in stride(from: Swift.max(1, settledCount), to: scratch.locations.count - 1, by: 1) {
            let centre = index < realCount ? firstSample(ofPoint: index) : realSamples + index - realCount
            let grid = centre < realSamples ? sampleGrids[centre] : sampleGrids[realSamples - 1]
            scratch.locations[index] = denoiser.denoised(centre, in: scratch.sampleLocations[...], times: scratch.sampleTimes[...], grid: grid)
        }
        if scratch.locations.count == realCount, realCount > 1 {
            scratch.locations[realCount - 1] = sampleLocations[realSamples - 1]
        }
        var index = Swift.max(1, settledCount)
        while index < realCount {
            locations[index] = scratch.locations[index]
            index += 1
        }
    }

    /// Makes room for `count` samples.
    mutating func reserveCapacity(_ count: Int) {
        locations.reserveCapacity(count)
        if denoiser != nil {
            sampleLocations.reserveCapacity(count)
            sampleTimes.reserveCapacity(count)
            sampleGrids.reserveCapacity(count)
        }
        sampleIndices.reserveCapacity(count)
        times.reserveCapacity(count)
    }
}

/// The copy of a stroke's points (and a denoiser's samples) its provisional tail is computed on,
/// so that predicted samples never touch the stroke's own state. The copy of the settled points
/// is kept between tails and only extended (they do not change), so a tail costs what is new.
struct TailScratch: Sendable {
    /// The points, then the predicted ones.
    fileprivate(set) var locations: [Point2D] = []
    /// Their times, seconds (NaN where unknown).
    fileprivate(set) var times: [Double] = []
    /// A denoiser's samples, then the predicted ones.
    fileprivate(set) var sampleLocations: [Point2D] = []
    fileprivate(set) var sampleTimes: [Double] = []
    /// How many points (settled ones) and samples the copy holds from the last call, and the
    /// stage's `removedFromStart` then.
    private var mirroredPoints = 0
    private var mirroredSamples = 0
    private var removedFromStart = 0

    /// An empty scratch.
    init() {}

    /// Makes the copy equal to `stage`'s points and samples, keeping what it already holds of the
    /// settled ones.
    fileprivate mutating func mirror(_ stage: StrokePoints) {
        if removedFromStart != stage.removedFromStart || mirroredPoints > stage.settledCount {
            mirroredPoints = 0
            removedFromStart = stage.removedFromStart
        }
        locations.removeSubrange(mirroredPoints...)
        times.removeSubrange(mirroredPoints...)
        locations.append(contentsOf: stage.locations[mirroredPoints...])
        times.append(contentsOf: stage.times[mirroredPoints...])
        // The newest point is copied again next time: a tail may draw it at the pen's own
        // location even when its fit is settled.
        mirroredPoints = Swift.max(0, Swift.min(stage.settledCount, stage.count - 1))
        if mirroredSamples > stage.sampleLocations.count { mirroredSamples = 0 }
        sampleLocations.removeSubrange(mirroredSamples...)
        sampleTimes.removeSubrange(mirroredSamples...)
        sampleLocations.append(contentsOf: stage.sampleLocations[mirroredSamples...])
        sampleTimes.append(contentsOf: stage.sampleTimes[mirroredSamples...])
        mirroredSamples = stage.sampleLocations.count
    }
}
