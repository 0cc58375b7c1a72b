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
    public internal(set) var builder: StrokeBuilder
    /// How the ink looks.
    public let style: InkStyle
    /// What updates carry; the final `outline` is always available.
    public let outputs: Outputs
    /// The committed centreline with its final widths and opacities.
    public internal(set) var vertices: [CentrelineVertex] = []
    /// The mean opacity of `vertices`, kept up to date as they are committed.
    var opacity = OpacityAverage()
    /// The committed triangle strip.
    public internal(set) var strip = TriangleStrip()

    var frozen: [InkProperties] = []
    /// `style.brush` and `style.taper`, read once (reading a part of the style copies it, brush
    /// existential included).
    let brush: AnyBrush
    let taper: Taper
    /// `style.brush.dotWidth`, and the length below which a stroke is drawn at least that wide
    /// (fully up to one dot width, fading out by twice that).
    let dotWidth: Double
    /// `style.outlineTolerance`.
    let outlineTolerance: Double
    /// `style.brush.layering`, given to every piece.
    let layering: InkLayering
    var dotLength: Double { 2 * dotWidth }
    /// The start's settling length, points: a stroke's first stretch is drawn no wider than the ink
    /// at its end — a pen landing (a force spike, a slow first crawl, a hook) draws no club or bulb.
    /// One dot's length: a tap is what a stroke shorter than that is.
    var settlingLength: Double { dotLength }
    /// The widest the stroke's first `settlingLength` is drawn, points: the width where that length
    /// ends (infinity until the first piece is committed).
    var startLimit = Double.infinity
    /// The properties of the points after the frozen ones, as computed when the builder had
    /// `liveBasis` points; only the newest few are recomputed when samples arrive.
    var live: [InkProperties] = []
    var liveBasis = 0
    /// The newest point's sample and location at that refresh (a repeat or a filter may change them).
    var liveNewest: (sample: Int, location: Point2D)?
    /// The builder's settled points at that refresh: the points after them may have moved since
    /// (a denoiser's fit waits for later samples).
    var liveSettled = 0
    /// The builder's `droppedStartPoints` at that refresh: when a pen-down hook goes, the points
    /// are numbered afresh and every live property is computed again (none is frozen yet: nothing
    /// is committed before the start is decided).
    var liveDropped = 0
    /// Samples appended since the ink was last brought up to date (fewer than `sampleGroup`).
    var deferredSamples = 0
    /// How many leading pending vertices are known to be committable (the bound only grows).
    var committable = 0
    var pending: [CentrelineFlattener.FlatPoint] = []
    var flattener: CentrelineFlattener
    var flattenedElements = 0
    /// True for the batch form's own stroke, whose builder path is never read: flattened spans
    /// are dropped as they are used (a long stroke's spans are 64 bytes a sample).
    var forgetsFlattenedSpans = false
    var heldForStrip: CentrelineVertex?
    /// The bounds of the provisional ink last handed out (the next update's dirty rectangle
    /// includes them: that ink is replaced).
    var provisionalBounds: Rect2D?
    var committedBounds: Rect2D?
    /// The provisional ink as last computed, until the next change.
    var provisionalCache: ProvisionalInk?
    /// The outline's working lists, reused by every piece (committed and provisional).
    var outlineScratch = OutlineScratch()
    /// The provisional tail's flattened points and vertices, reused frame after frame.
    var tailPoints: [CentrelineFlattener.FlatPoint] = []
    var tailVertices: [CentrelineVertex] = []

    /// Begins a stroke drawn with `technique` and `style`, handing out `outputs` in its updates.
    public init(technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, style: InkStyle = .default, outputs: Outputs = .all) {
        builder = StrokeBuilder(technique: technique, stabilizer: style.stabilizer)
        builder.tracksProvisional = false
        self.style = style
        self.brush = style.brush
        self.taper = style.taper
        self.dotWidth = style.brush.dotWidth.isFinite ? Swift.max(0, style.brush.dotWidth) : 0
        self.outlineTolerance = style.outlineTolerance
        self.layering = style.brush.layering
        self.outputs = outputs
        flattener = CentrelineFlattener(flattening: style.flattening)
    }

    /// The samples the stroke has accepted so far, oldest first (invalid ones dropped, estimated
    /// properties refined): its builder's.
    public var samples: [Sample] { builder.samples }

    /// The final outline: one closed polygon around the whole stroke with round caps (non-zero fill)
    /// and its mean opacity. Nil until the stroke has ended, and for a stroke with no valid sample.
    public var outline: OutlinePiece? {
        guard builder.phase == .ended, !vertices.isEmpty else { return nil }
        var piece = Outline.piece(around: vertices, opacity: opacity.value, tolerance: outlineTolerance)
        piece.layering = layering
        return piece
    }

    /// `outline`; for a stroke of at least `releasedVertices` centreline vertices, everything else
    /// it holds (its samples, brush properties, spans and pieces) is let go of first, so that none
    /// of it is held while the polygon is built, and the stroke is then a new one in the default
    /// technique and style. The batch forms end with this: a random stroke of 4,800,000 samples
    /// peaks at 1.44 GB instead of 2.03 GB.
    package mutating func takeFinishedOutline() -> OutlinePiece? {
        guard vertices.count >= Self.releasedVertices else { return outline }
        guard builder.phase == .ended else { return nil }
        let (centreline, meanOpacity, tolerance, blend) = (vertices, opacity.value, outlineTolerance, layering)
        self = InkStroke(outputs: [])
        var piece = Outline.piece(around: centreline, opacity: meanOpacity, tolerance: tolerance)
        piece.layering = blend
        return piece
    }

    /// Centreline vertices from which `takeFinishedOutline()` lets go of the rest of the stroke
    /// first: 65,536 (a short stroke's storage is small, and a fresh stroke costs time).
    static let releasedVertices = 1 << 16

    /// Adds samples (and predicted ones); see `StrokeBuilder.append(_:predicted:)`.
    ///
    /// - Throws: `StrokeBuilderError` once the stroke has ended or been cancelled.
    @discardableResult
    public mutating func append<S: Sequence<Sample>>(_ samples: S, predicted: [Sample] = []) throws(StrokeBuilderError) -> InkUpdate {
        try append(contentsOf: Array(samples), predicted: predicted)
    }

    /// Adds the samples of a collection (read in place: an array or a buffer is not copied).
    mutating func append<C: Collection<Sample>>(contentsOf samples: C, predicted: [Sample]) throws(StrokeBuilderError) -> InkUpdate {
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
    mutating func reserveOnFirstAppend(_ count: Int) {
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
}
