import FreehandKit

/// One stored stroke: its raw samples (the truth) and everything needed to draw it again the same
/// way — or, later, another way.
public struct StrokeRecord: Hashable, Sendable {
    /// The samples as recorded (estimated properties already refined), packed (`StoredSamples`:
    /// location and time exact, device readings at 16-bit resolution).
    public var samples: StoredSamples
    /// The technique's stable name (`TechniqueCatalog`).
    public var technique: String
    /// The technique's knot exponent, when not its default.
    public var alpha: Double?
    /// The brush's stable name (`BrushCatalog`).
    public var brush: String
    /// The brush's settings that differ from its defaults.
    public var brushOptions: BrushOptions
    /// Start taper length, points (0: none).
    public var taperStart: Double
    /// End taper length, points (0: none).
    public var taperEnd: Double
    /// The ink colour, held at 8 bits a channel (`RGBAColor.roundedToBytes`), as every file
    /// format stores it: what a drawing holds is what its file gives back.
    public var color: RGBAColor { didSet { color = color.roundedToBytes } }
    /// What drew the stroke.
    public var pointer: PointerKind
    /// The stabilizer the stroke was steadied with, or nil for none.
    public var stabilizer: Stabilizer?

    /// A stroke with the given samples and look (default technique, pressure brush, black).
    public init(
        samples: [Sample], technique: String = TechniqueCatalog.defaultName, alpha: Double? = nil, brush: String = BrushCatalog.defaultName,
        brushOptions: BrushOptions = BrushOptions(), taperStart: Double = 0, taperEnd: Double = 0, color: RGBAColor = .black,
        pointer: PointerKind? = nil, stabilizer: Stabilizer? = nil
    ) {
        self.samples = StoredSamples(samples)
        self.stabilizer = stabilizer
        self.technique = technique
        self.alpha = alpha
        self.brush = brush
        self.brushOptions = brushOptions
        self.taperStart = taperStart
        self.taperEnd = taperEnd
        self.color = color.roundedToBytes
        self.pointer = pointer ?? samples.first?.kind ?? .pen
    }

    /// A stroke with the given samples in `preset`'s look: its technique, brush, settings, taper and
    /// stabilizer.
    public init(samples: [Sample], preset: InkPreset, color: RGBAColor = .black, pointer: PointerKind? = nil) {
        self.init(
            samples: samples, technique: preset.technique, brush: preset.brush, brushOptions: preset.brushOptions,
            taperStart: preset.taperStart, taperEnd: preset.taperEnd, color: color, pointer: pointer, stabilizer: preset.stabilizer)
    }

    /// The same samples, colour and pointer in `preset`'s look.
    public func restyled(with preset: InkPreset) -> StrokeRecord {
        var copy = self
        copy.technique = preset.technique
        copy.alpha = nil
        copy.brush = preset.brush
        copy.brushOptions = preset.brushOptions
        copy.taperStart = preset.taperStart
        copy.taperEnd = preset.taperEnd
        copy.stabilizer = preset.stabilizer
        return copy
    }

    /// The same look with other samples (for the pieces a partial eraser leaves).
    public func with(samples: [Sample]) -> StrokeRecord {
        var copy = self
        copy.samples = StoredSamples(samples)
        return copy
    }

    /// The stroke's technique; throws `ParameterError` for an unknown name or a bad alpha.
    public func makeTechnique() throws(ParameterError) -> AnyInterpolationTechnique {
        try TechniqueCatalog.technique(named: technique, alpha: alpha)
    }

    /// The stroke's style; throws `ParameterError` for an unknown brush or a bad setting.
    public func makeStyle() throws(ParameterError) -> InkStyle {
        try InkStyle(
            brush: try BrushCatalog.brush(named: brush, options: brushOptions), taper: try Taper(startLength: taperStart, endLength: taperEnd),
            stabilizer: stabilizer)
    }

    /// The stroke run through the whole pipeline (nil when its settings are invalid): the finished
    /// `InkStroke`, with centreline vertices and outline — fitted to output at `pixelsPerPoint`
    /// (`InkStyle.fitted(toPixelsPerPoint:)`: no facets on a zoomed view; 1 keeps the style's own).
    public func ink(fittedToPixelsPerPoint pixelsPerPoint: Double = 1) -> InkStroke? {
        guard let batch = batchStroke else { return nil }
        var stroke = InkStroke(technique: batch.technique, style: batch.style.fitted(toPixelsPerPoint: pixelsPerPoint), outputs: [])
        _ = try? stroke.append(batch.samples)
        _ = try? stroke.end()
        return stroke
    }

    /// The stroke as one of a batch for `InkStroke.outlines(for:maximumThreads:)`: its samples in
    /// its technique and style (nil when its settings are invalid).
    public var batchStroke: InkStroke.BatchStroke? {
        guard let technique = try? makeTechnique(), let style = try? makeStyle() else { return nil }
        return InkStroke.BatchStroke(samples: samples.unpacked, technique: technique, style: style)
    }

    /// The stroke's outline (nil when it draws nothing or its settings are invalid), fitted to
    /// output at `pixelsPerPoint` (see `ink(fittedToPixelsPerPoint:)`).
    public func outline(fittedToPixelsPerPoint pixelsPerPoint: Double = 1) -> OutlinePiece? {
        ink(fittedToPixelsPerPoint: pixelsPerPoint)?.outline
    }

    /// An upper bound of half the ink's width anywhere along the stroke, points: the brush's widest
    /// reading over the raw samples (smoothing and taper only narrow it); 0 for invalid settings.
    public var maximumHalfWidth: Double {
        (sampleWidths.max() ?? 0) / 2
    }

    /// The brush's width at each raw sample, points, before smoothing and taper (empty for invalid
    /// settings).
    public var sampleWidths: [Double] {
        guard let brush = try? BrushCatalog.brush(named: brush, options: brushOptions), !samples.isEmpty else { return [] }
        let samples = self.samples.unpacked
        let input = BrushInput(points: samples.map { $0.location }, samples: samples, pointSampleIndices: Array(samples.indices))
        var widths: [Double] = []
        widths.reserveCapacity(samples.count)
        var previous: InkProperties?
        for index in samples.indices {
            let properties = brush.properties(at: index, of: input, previous: previous).bounded
            widths.append(properties.width)
            previous = properties
        }
        return widths
    }

    /// The bounds of the samples' locations, or nil for no sample.
    public var sampleBounds: Rect2D? { Rect2D(enclosing: samples.map { $0.location }) }

    /// The name of the first setting that is not a finite number (`alpha`, a brush option, a
    /// taper), or nil. Such a value is refused by every reader, even where the stroke's technique or
    /// brush does not read it, so that no writer writes what a reader refuses.
    var nonFiniteSetting: String? {
        let options = brushOptions
        let settings: [(String, Double?)] = [
            ("alpha", alpha), ("width", options.width), ("minWidth", options.minimumWidth), ("maxWidth", options.maximumWidth),
            ("sensitivity", options.sensitivity), ("smoothing", options.smoothing), ("taper start", taperStart), ("taper end", taperEnd),
        ]
        return settings.first { $0.1.map { !$0.isFinite } ?? false }?.0
    }
}
