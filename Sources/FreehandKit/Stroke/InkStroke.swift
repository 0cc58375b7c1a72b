/// One stroke from samples to ink: the engine's path (`StrokeBuilder`), widths and opacities from
/// a brush, and the tessellated outline and triangle strip — streaming, like the engine.
///
/// Use it as the builder: create it (begin), `append`, `update(estimated:)`, `end` or `cancel`.
/// Ink is committed only once nothing can change it any more: the path under it is committed, the
/// brush has seen the samples it reads, none of those samples still expects an estimated-property
/// update (see `StrokeBuilder.estimateWaitLimit`), and the end taper cannot reach it. So committed
/// outline pieces never change, and a late force or tilt lands in the ink as it would in a batch of
/// the refined samples. Each call does work bounded by that uncommitted part, not by the stroke's
/// length.
///
/// Updates carry committed ink only. The provisional end — the ink from the last committed piece to
/// the newest (or predicted) sample — is computed when asked for, with `provisionalInk()`: once per
/// frame, however many samples arrived since the last (a 240 Hz pencil delivers four per frame).
/// Samples appended one at a time are taken in groups of four: the engine runs when a group is
/// complete, and whenever the provisional ink is asked for, an estimated update arrives or the
/// stroke ends — so what is drawn is always up to date, and a committed piece may arrive up to
/// three samples after the sample that made it final.
public struct InkStroke: Sendable {
    /// What a stroke hands out as it goes, besides its centreline.
    public struct Outputs: OptionSet, Hashable, Sendable {
        /// The set's bits.
        public let rawValue: Int
        /// Creates a set from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Committed outline pieces in each update, and the outline of `provisionalInk()`.
        public static let outlinePieces = Outputs(rawValue: 1)
        /// Triangle-strip vertices in each update, in `strip` and in `provisionalInk()`.
        public static let triangleStrip = Outputs(rawValue: 2)
        /// Everything.
        public static let all: Outputs = [.outlinePieces, .triangleStrip]
    }

    /// The engine underneath: samples, points and path.
    public private(set) var builder: StrokeBuilder
    /// How the ink looks.
    public let style: InkStyle
    /// What updates carry; the final `outline` is always available.
    public let outputs: Outputs
    /// The committed centreline with its final widths and opacities.
    public private(set) var vertices: [CentrelineVertex] = []
    /// The mean opacity of `vertices`, kept up to date as they are committed.
    private var opacity = OpacityAverage()
    /// The committed triangle strip.
    public private(set) var strip = TriangleStrip()

    private var frozen: [InkProperties] = []
    /// `style.brush.lookahead` and `style.taper`, read once (reading a part of the style copies it,
    /// brush existential included).
    private let brushLookahead: Int
    private let taper: Taper
    /// `style.brush.dotWidth`, and the length below which a stroke is drawn at least that wide
    /// (fully up to one dot width, fading out by twice that).
    private let dotWidth: Double
    /// `style.outlineTolerance`.
    private let outlineTolerance: Double
    /// `style.brush.layering`, given to every piece.
    private let layering: InkLayering
    private var dotLength: Double { 2 * dotWidth }
    /// The start's settling length, points: a stroke's first stretch is drawn no wider than the ink
    /// at its end — a pen landing (a force spike, a slow first crawl, a hook) draws no club or bulb.
    /// One dot's length: a tap is what a stroke shorter than that is.
    private var settlingLength: Double { dotLength }
    /// The widest the stroke's first `settlingLength` is drawn, points: the width where that length
    /// ends (infinity until the first piece is committed).
    private var startLimit = Double.infinity
    /// The properties of the points after the frozen ones, as computed when the builder had
    /// `liveBasis` points; only the newest few are recomputed when samples arrive.
    private var live: [InkProperties] = []
    private var liveBasis = 0
    /// The newest point's sample and location at that refresh (a repeat or a filter may change them).
    private var liveNewest: (sample: Int, location: Point)?
    /// The builder's settled points at that refresh: the points after them may have moved since
    /// (a denoiser's fit waits for later samples).
    private var liveSettled = 0
    /// Samples appended since the ink was last brought up to date (fewer than `sampleGroup`).
    private var deferredSamples = 0
    /// How many leading pending vertices are known to be committable (the bound only grows).
    private var committable = 0
    private var pending: [CentrelineFlattener.FlatPoint] = []
    private var flattener: CentrelineFlattener
    private var flattenedElements = 0
    /// True for the batch form's own stroke, whose builder path is never read: flattened spans
    /// are dropped as they are used (a long stroke's spans are 64 bytes a sample).
    private var forgetsFlattenedSpans = false
    private var heldForStrip: CentrelineVertex?
    /// The bounds of the provisional ink last handed out (the next update's dirty rectangle
    /// includes them: that ink is replaced).
    private var provisionalBounds: Rect?
    private var committedBounds: Rect?
    /// The provisional ink as last computed, until the next change.
    private var provisionalCache: ProvisionalInk?
    /// The outline's working lists, reused by every piece (committed and provisional).
    private var outlineScratch = OutlineScratch()
    /// The provisional tail's flattened points and vertices, reused frame after frame.
    private var tailPoints: [CentrelineFlattener.FlatPoint] = []
    private var tailVertices: [CentrelineVertex] = []

    /// Begins a stroke drawn with `technique` and `style`, handing out `outputs` in its updates.
    public init(technique: any InterpolationTechnique = FreehandTechnique.standard, style: InkStyle = .default, outputs: Outputs = .all) {
        builder = StrokeBuilder(technique: technique, stabilizer: style.stabilizer)
        builder.tracksProvisional = false
        self.style = style
        self.brushLookahead = style.brush.lookahead
        self.taper = style.taper
        self.dotWidth = style.brush.dotWidth.isFinite ? Swift.max(0, style.brush.dotWidth) : 0
        self.outlineTolerance = style.outlineTolerance
        self.layering = style.brush.layering
        self.outputs = outputs
        flattener = CentrelineFlattener(flattening: style.flattening)
    }

    /// The final outline: one closed polygon around the whole stroke with round caps (non-zero fill)
    /// and its mean opacity. Nil until the stroke has ended, and for a stroke with no valid sample.
    public var outline: OutlinePiece? {
        guard builder.phase == .ended, !vertices.isEmpty else { return nil }
        var piece = Outline.piece(around: vertices, opacity: opacity.value, tolerance: outlineTolerance)
        piece.layering = layering
        return piece
    }

    /// Adds samples (and predicted ones); see `StrokeBuilder.append(_:predicted:)`.
    ///
    /// - Throws: `StrokeBuilderError` once the stroke has ended or been cancelled.
    @discardableResult
    public mutating func append<S: Sequence<Sample>>(_ samples: S, predicted: [Sample] = []) throws(StrokeBuilderError) -> InkUpdate {
        try append(contentsOf: Array(samples), predicted: predicted)
    }

    /// Adds the samples of a collection (read in place: an array or a buffer is not copied).
    private mutating func append<C: Collection<Sample>>(contentsOf samples: C, predicted: [Sample]) throws(StrokeBuilderError) -> InkUpdate {
        reserveOnFirstAppend(samples.count)
        try builder.ingest(samples, predicted: predicted, committing: false)
        return advance(appended: samples.count)
    }

    /// Adds one sample; see `append(_:predicted:)`.
    @discardableResult
    public mutating func append(_ sample: Sample, predicted: [Sample] = []) throws(StrokeBuilderError) -> InkUpdate {
        reserveOnFirstAppend(1)
        try builder.ingest(CollectionOfOne(sample), predicted: predicted, committing: false)
        return advance(appended: 1)
    }

    /// How many samples a live stroke makes room for when its first samples arrive (half a second
    /// of a 240 Hz pencil), so that its buffers are not reallocated again and again while short.
    static let liveCapacity = 128

    /// Makes room for `liveCapacity` samples (or `count`, if more) in the buffers that grow with the
    /// stroke, once, before its first samples.
    private mutating func reserveOnFirstAppend(_ count: Int) {
        guard builder.samples.capacity == 0 else { return }
        let capacity = Swift.max(count, Self.liveCapacity)
        builder.reserveCapacity(capacity)
        vertices.reserveCapacity(2 * capacity)
        frozen.reserveCapacity(capacity)
        live.reserveCapacity(Self.piecePoints * 2)
        pending.reserveCapacity(Self.piecePoints * 2)
    }

    /// Makes room for about `samples` samples (0 or more) in the buffers that grow with the stroke,
    /// so that they are not copied again and again as a long stroke grows (one replayed, or read
    /// from a file, whose length is known). Changes no ink; more samples than that are fine.
    public mutating func reserveCapacity(_ samples: Int) {
        let count = Swift.max(0, samples)
        // The batch form's spans are dropped as they are flattened, a chunk at a time.
        builder.reserveCapacity(count, spans: forgetsFlattenedSpans ? Swift.min(count, Self.batchChunk) : nil)
        vertices.reserveCapacity(3 * count)
    }

    /// Applies late, refined properties (see `StrokeBuilder.update(estimated:)`). Ink not yet
    /// committed is redrawn with them; committed ink is not touched.
    @discardableResult
    public mutating func update(estimated updates: [EstimatedUpdate]) -> InkUpdate {
        builder.update(estimated: updates)
        // A refined sample may be read by any point not yet frozen.
        live = []
        liveBasis = 0
        liveNewest = nil
        liveSettled = 0
        guard builder.phase == .active else { return InkUpdate() }
        return advance(ended: false)
    }

    /// Ends the stroke: all ink is committed, with the end cap and end taper.
    ///
    /// - Throws: `StrokeBuilderError` when the stroke already ended or was cancelled.
    @discardableResult
    public mutating func end() throws(StrokeBuilderError) -> InkUpdate {
        try builder.end()
        let update = advance(ended: true)
        // A finished stroke draws no more pieces: its working lists go.
        (outlineScratch, tailPoints, tailVertices) = (OutlineScratch(), [], [])
        return update
    }

    /// Abandons the stroke; the update's dirty rectangle covers all the ink it had drawn.
    @discardableResult
    public mutating func cancel() -> InkUpdate {
        builder.cancel()
        var dirty = committedBounds
        dirty.formUnion(provisionalBounds)
        vertices = []
        opacity = OpacityAverage()
        strip = TriangleStrip()
        frozen = []
        live = []
        liveBasis = 0
        liveNewest = nil
        liveSettled = 0
        committable = 0
        deferredSamples = 0
        pending = []
        heldForStrip = nil
        provisionalBounds = nil
        committedBounds = nil
        provisionalCache = nil
        return InkUpdate(dirtyRect: dirty)
    }

    /// The final outline of `samples` drawn with `technique` and `style` (the batch form).
    public static func outline<S: Sequence<Sample>>(
        for samples: S, technique: any InterpolationTechnique = FreehandTechnique.standard, style: InkStyle = .default
    ) -> OutlinePiece? {
        var stroke = InkStroke(technique: technique, style: style, outputs: [])
        stroke.forgetsFlattenedSpans = true
        stroke.reserveCapacity(samples.underestimatedCount)
        // Fed in chunks, as a live stroke would be: what waits to be committed (the flattened
        // centreline, brush properties) stays a chunk's worth instead of the whole stroke's, and no
        // copy of the whole input is made. A new stroke is active, so neither call can throw.
        // Contiguous input (an array, a slice) is read in place: called from another module, this
        // function is not specialized, and stepping a generic iterator costs ~400 instructions a sample.
        let contiguous: Void? = samples.withContiguousStorageIfAvailable { buffer in
            var start = 0
            while start < buffer.count {
                let end = Swift.min(buffer.count, start + Self.batchChunk)
                _ = try? stroke.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]), predicted: [])
                start = end
            }
        }
        if contiguous == nil {
            var chunk: [Sample] = []
            chunk.reserveCapacity(Self.batchChunk)
            for sample in samples {
                chunk.append(sample)
                if chunk.count == Self.batchChunk {
                    _ = try? stroke.append(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            _ = try? stroke.append(chunk)
        }
        _ = try? stroke.end()
        return stroke.outline
    }

    /// How many samples the batch form feeds at a time.
    static let batchChunk = 4096

    // MARK: - The update step

    /// How many appended samples the engine waits for before it runs (see `advance(appended:)`).
    static let sampleGroup = 4

    /// Brings the ink up to date once per `sampleGroup` appended samples; in between, the samples
    /// are only stored and the update just retires the provisional ink drawn before. Running the
    /// technique, the brush and the outline once per group instead of once per sample saves their
    /// per-call cost (a quarter of the work of a sample appended alone) and changes no ink: the
    /// path is the same for any chunking of the input, a frame's `provisionalInk()` first catches
    /// up with every sample, and committed pieces, which wait for a piece's worth of ink anyway,
    /// arrive at most three samples later.
    private mutating func advance(appended count: Int) -> InkUpdate {
        deferredSamples += count
        guard deferredSamples >= Self.sampleGroup else {
            var update = InkUpdate()
            retireProvisional(into: &update)
            return update
        }
        return advance(ended: false)
    }

    /// Runs the technique over the samples not yet seen and flattens the spans it commits into
    /// `pending`.
    private mutating func catchUp() {
        builder.commitAccepted()
        let spanCount = builder.committedSpans.count
        flattener.flatten(builder.committedSpans, flattenedElements..<spanCount, into: &pending)
        flattenedElements = spanCount
        if forgetsFlattenedSpans, spanCount > 1 {
            builder.forgetCommittedSpans()
            flattenedElements = 1
        }
    }

    /// The provisional ink last handed out is replaced: its area joins the update's dirty
    /// rectangle, and the next `provisionalInk()` computes it afresh.
    private mutating func retireProvisional(into update: inout InkUpdate) {
        var dirty = update.committed.first?.bounds
        dirty.formUnion(provisionalBounds)
        provisionalBounds = nil
        if provisionalCache != nil { provisionalCache = nil }
        update.dirtyRect = dirty
    }

    private mutating func advance(ended: Bool) -> InkUpdate {
        deferredSamples = 0
        catchUp()

        var update = InkUpdate()
        let stripStart = strip.vertices.count
        let count = ended ? pending.count : committableCount()
        // Brush properties are brought up to date only when ink is committed (or drawn): most
        // samples just add to the pending centreline.
        if count > 0 {
            let input = BrushInput(points: builder.points, samples: builder.samples, pointSampleIndices: builder.pointSampleIndices)
            refreshLive(input)
            if let piece = commit(count: count, input: input, ended: ended) {
                update.committed = [piece]
                committedBounds.formUnion(piece.bounds)
            }
        }
        if ended, let held = heldForStrip {
            strip.append(held, next: nil)
            heldForStrip = nil
        }
        if strip.vertices.count > stripStart { update.committedStrip = Array(strip.vertices[stripStart...]) }
        retireProvisional(into: &update)
        return update
    }

    /// The ink not yet committed, to draw over the committed pieces now: from the last committed
    /// piece through the newest sample and the latest append's predicted samples, with the end
    /// cap (and the matching end of the triangle strip). It replaces whatever provisional ink was
    /// drawn before; the next update's dirty rectangle covers it. Empty when nothing is drawn yet,
    /// once the stroke has ended, and for a stroke whose `outputs` are empty.
    ///
    /// Computed when asked — call it once per frame — and kept until the stroke changes: the cost
    /// is bounded by the uncommitted part, not by the stroke's length or the samples since the
    /// last frame.
    public mutating func provisionalInk() -> ProvisionalInk {
        if let provisionalCache { return provisionalCache }
        var result = ProvisionalInk()
        if builder.phase == .active, !outputs.isEmpty {
            catchUp()
            builder.refreshProvisional()
            let input = BrushInput(points: builder.points, samples: builder.samples, pointSampleIndices: builder.pointSampleIndices)
            refreshLive(input)
            let (piece, stripVertices) = tail(input: input)
            result = ProvisionalInk(outline: outputs.contains(.outlinePieces) ? piece : nil, strip: stripVertices)
        }
        provisionalBounds = result.outline?.bounds
        provisionalCache = result
        return result
    }

    /// How many pending vertices can be committed now (a prefix of them).
    private mutating func committableCount() -> Int {
        // A point's properties are final once the samples the brush reads after it have settled
        // (the newest point may still merge with a repeat and change its sample).
        var lastStablePoint = Swift.min(builder.points.count - 2, builder.settledPointCount - 1) - brushLookahead
        if let awaited = builder.oldestAwaitedSample {
            // A late force or tilt will change this sample's point and every point whose properties
            // read it; the first point standing for it or a later sample is the first that can change.
            let indices = builder.pointSampleIndices
            var low = 0, high = indices.count
            while low < high {
                let middle = (low + high) / 2
                if indices[middle] < awaited { low = middle + 1 } else { high = middle }
            }
            lastStablePoint = Swift.min(lastStablePoint, low - 1 - brushLookahead)
        }
        // Ink is final only once the stroke is long enough that neither a dot's width nor a short
        // stroke's shortened taper (`Taper.scale`) can still change it.
        let settled = flattener.distance >= Swift.max(taper.settledLength, settlingLength)
        let reach = settled ? flattener.distance - taper.endLength : -.infinity
        // Both bounds only grow (a sample awaited later is newer), so the scan goes on from where
        // the last one stopped. The newest vertex always waits: the final piece must have one to
        // put the end cap on.
        var count = committable
        while count < pending.count - 1 {
            let vertex = pending[count]
            // A vertex's properties read the points on both sides of it and one more beyond.
            guard vertex.progress.rounded(.down) + 2 <= Double(lastStablePoint), vertex.distance <= reach else { break }
            count += 1
        }
        committable = count
        // The start's width limit reads the vertex `settlingLength` on: the first piece reaches it.
        if vertices.isEmpty, settlingLength > 0, count > 0, pending[count - 1].distance < settlingLength { return 0 }
        // Final ink waits until there is a piece's worth of it: each piece costs its own ends and
        // polygon, and until then it is drawn as part of the provisional ink.
        return count >= Self.piecePoints ? count : 0
    }

    /// How many centreline vertices a committed piece gathers (but the last) before it is handed
    /// out: a few samples' worth, so that a stroke fed one sample at a time is not cut into a piece
    /// per sample.
    static let piecePoints = 32

    /// Centreline vertices above which the working lists of one piece (a whole stroke's, appended
    /// at once) are not kept for the next: a live stroke's pieces need a few dozen.
    static let scratchLimit = 16_384

    /// Commits the first `count` pending vertices as a piece of outline, freezing the properties
    /// they read. Returns nil when there is nothing to draw yet.
    private mutating func commit(count: Int, input: BrushInput, ended: Bool) -> OutlinePiece? {
        guard count > 0 else { return nil }
        // A piece needs a segment of its own; a lone first vertex waits (unless the stroke ended: a dot).
        if !ended {
            let anchor = vertices.last?.position ?? pending[0].position
            guard pending[0..<count].contains(where: { ($0.position - anchor).length >= Outline.minimumSegment }) else { return nil }
        }
        let highest = Int(pending[count - 1].progress.rounded(.down)) + 2
        let freezing = Swift.max(0, Swift.min(highest + 1, input.count) - frozen.count)
        frozen.append(contentsOf: live.prefix(freezing))
        live.removeFirst(Swift.min(freezing, live.count))
        committable = Swift.max(0, committable - count)
        let totalLength = ended ? flattener.distance : .infinity
        let startIndex = Swift.max(0, vertices.count - 1)
        let startKind: Outline.End = vertices.isEmpty ? .round : .cut(joining: lastDirection())
        // Grow geometrically but at once (a whole stroke arrives in one commit in batch use).
        if vertices.capacity < vertices.count + count { vertices.reserveCapacity(Swift.max(vertices.count + count, 2 * vertices.capacity)) }
        do {
            // Scoped: alive at `removeFirst` below, this slice would make it copy the remainder.
            let newOnes = pending[0..<count]
            if vertices.isEmpty { startLimit = startWidthLimit(from: newOnes) }
            for point in newOnes {
                let vertex = centrelineVertex(point, totalLength: totalLength, startLimit: startLimit)
                vertices.append(vertex)
                opacity.add(vertex)
                if outputs.contains(.triangleStrip) {
                    if let held = heldForStrip { strip.append(held, next: vertex.position) }
                    heldForStrip = vertex
                }
            }
        }
        pending.removeFirst(count)
        guard outputs.contains(.outlinePieces) else { return nil }
        let slice = vertices[startIndex...]
        var piece = Outline.piece(
            around: slice, start: startKind, end: ended ? .round : .cut(joining: nil), opacity: OutlinePiece.meanOpacity(of: slice),
            tolerance: outlineTolerance, scratch: &outlineScratch)
        piece.layering = layering
        outlineScratch.release(above: Self.scratchLimit)
        return piece
    }

    /// The provisional piece and strip: from the last committed vertex through the pending vertices
    /// and the provisional path to the newest (or predicted) point.
    private mutating func tail(input: BrushInput) -> (OutlinePiece?, [Point]) {
        // The lists of the last frame's tail, emptied and refilled (no allocation per frame).
        var points: [CentrelineFlattener.FlatPoint] = [], tailVertices: [CentrelineVertex] = []
        swap(&points, &tailPoints)
        swap(&tailVertices, &self.tailVertices)
        defer {
            swap(&points, &tailPoints)
            swap(&tailVertices, &self.tailVertices)
        }
        points.removeAll(keepingCapacity: true)
        points.append(contentsOf: pending)
        var tailFlattener = flattener
        let provisional = builder.provisionalSpans
        tailFlattener.flatten(provisional, 0..<provisional.count, into: &points)
        guard !points.isEmpty else { return (nil, []) }
        let totalLength = tailFlattener.distance
        tailVertices.removeAll(keepingCapacity: true)
        tailVertices.reserveCapacity(points.count + 1)
        if let boundary = vertices.last { tailVertices.append(boundary) }
        let limit = vertices.isEmpty ? startWidthLimit(from: points) : startLimit
        for point in points { tailVertices.append(centrelineVertex(point, totalLength: totalLength, startLimit: limit)) }
        let startKind: Outline.End = vertices.isEmpty ? .round : .cut(joining: lastDirection())
        let slice = tailVertices[...]
        let opacity = OutlinePiece.meanOpacity(of: slice)
        var piece = outputs.contains(.outlinePieces)
            ? Outline.piece(around: slice, start: startKind, end: .round, opacity: opacity, tolerance: outlineTolerance, scratch: &outlineScratch)
            : OutlinePiece(polygon: [], opacity: opacity)
        piece.layering = layering
        outlineScratch.release(above: Self.scratchLimit)
        guard outputs.contains(.triangleStrip) else { return (piece, []) }
        var provisionalStrip = TriangleStrip(continuing: strip)
        let stripVertices = heldForStrip.map { [$0] } ?? []
        let sequence = stripVertices + tailVertices.dropFirst(vertices.isEmpty ? 0 : 1)
        for (index, vertex) in sequence.enumerated() {
            provisionalStrip.append(vertex, next: index + 1 < sequence.count ? sequence[index + 1].position : nil)
        }
        return (piece, provisionalStrip.vertices)
    }

    /// Brings the properties of the points not yet frozen up to date. A point's properties read
    /// the samples up to the brush's lookahead after it, and the newest point may still merge with
    /// a repeat: only the points from there on (as of the last refresh) and the new ones are
    /// computed again, in order from the last one kept.
    private mutating func refreshLive(_ input: BrushInput) {
        // Points before the newest one as of the last refresh read only samples it had seen, unless
        // that newest point itself changed since.
        var newestChanged = true
        if let newest = liveNewest, liveBasis > 0, liveBasis <= input.count {
            newestChanged = input.pointSampleIndices[liveBasis - 1] != newest.sample || input.points[liveBasis - 1] != newest.location
        }
        let unsettled = Swift.max(frozen.count, Swift.min(liveBasis - (newestChanged ? 1 : 0), liveSettled) - brushLookahead)
        let keep = Swift.min(live.count, Swift.max(0, unsettled - frozen.count))
        live.removeLast(live.count - keep)
        var previous = live.last ?? frozen.last
        // Opened once, not per point.
        let style = self.style, brush = style.brush
        for index in Swift.min(input.count, frozen.count + keep)..<input.count {
            let properties = style.smoothed(brush.properties(at: index, of: input, previous: previous), previous: previous)
            live.append(properties)
            previous = properties
        }
        liveBasis = input.count
        liveSettled = builder.settledPointCount
        liveNewest = input.count > 0 ? (input.pointSampleIndices[input.count - 1], input.points[input.count - 1]) : nil
    }

    /// The properties interpolated at a flattened point's progress, before the taper, the start's
    /// settling and the dot.
    private func baseProperties(_ point: CentrelineFlattener.FlatPoint) -> InkProperties {
        func properties(_ index: Int) -> InkProperties {
            if index < frozen.count { return frozen[index] }
            let liveIndex = index - frozen.count
            if liveIndex < live.count { return live[liveIndex] }
            return live.last ?? frozen.last ?? InkProperties(width: 0)
        }
        let lower = Swift.max(0, point.progress.rounded(.down))
        let index = Int(lower), t = point.progress - lower
        // Smooth across samples (a monotone cubic through the neighbours), so that the edges do not
        // kink at each sample where the width changes fast.
        return t == 0
            ? properties(index)
            : InkProperties.smooth(properties(Swift.max(0, index - 1)), properties(index), properties(index + 1), properties(index + 2), at: t)
    }

    /// The widest the start may be (`startLimit`), from the stroke's first flattened points in
    /// order: the width of the first one `settlingLength` from the start, else of the last.
    private func startWidthLimit(from points: some BidirectionalCollection<CentrelineFlattener.FlatPoint>) -> Double {
        guard settlingLength > 0, let settled = points.first(where: { $0.distance >= settlingLength }) ?? points.last else { return .infinity }
        return baseProperties(settled).width
    }

    /// The vertex for a flattened point: the properties interpolated at its progress, the width no
    /// wider than `startLimit` over the first `settlingLength`, scaled by the taper, and at least a dot
    /// for a short stroke. `totalLength` is the stroke's length, or infinity while unknown.
    private func centrelineVertex(_ point: CentrelineFlattener.FlatPoint, totalLength: Double, startLimit: Double) -> CentrelineVertex {
        let base = baseProperties(point)
        let scale = taper.scale(distanceFromStart: point.distance, distanceToEnd: totalLength - point.distance)
        // The start settles (`settlingLength`).
        var width = (point.distance < settlingLength ? Swift.min(base.width, startLimit) : base.width) * scale
        // A tap or a short dash is drawn at least as wide as the brush's dot.
        if totalLength < dotLength {
            width = Swift.max(width, dotWidth * Swift.min(1, (dotLength - totalLength) / dotWidth))
        }
        return CentrelineVertex(position: point.position, width: width, opacity: base.opacity, distance: point.distance)
    }

    /// The direction of the last committed segment, if there is one.
    private func lastDirection() -> Point? {
        guard let last = vertices.last else { return nil }
        for vertex in vertices.reversed().dropFirst() {
            let delta = last.position - vertex.position
            let length = delta.length
            if length >= Outline.minimumSegment { return delta / length }
        }
        return nil
    }
}
