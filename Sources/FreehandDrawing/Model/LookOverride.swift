import FreehandKit

/// A look laid over the saved look of every stroke it is applied to — what `freehand render
/// --preset --color`, the playground's `/render` and `/convert` query, and the web engine's
/// `outline` options ask for — so that every front end restyles a drawing by one rule:
///
/// 1. a `preset` replaces the technique, brush, options, taper and stabilizer (`StrokeRecord.restyled(with:)`);
/// 2. a `technique` replaces the technique, with `alpha` (nil: the technique's default);
/// 3. a `brush` replaces the brush: the stroke's options are kept when it names the stroke's own
///    brush, else dropped for the new brush's defaults (options belong to their brush); then
///    each option set in `brushOptions` replaces the stroke's;
/// 4. a taper length and a `color` replace the stroke's.
///
/// Nothing set leaves a stroke as it is. The names are checked by `check()`, not here: an unknown
/// name makes a stroke that draws nothing (`StrokeRecord.batchStroke` is nil).
public struct LookOverride: Hashable, Sendable {
    /// A preset in whose look every stroke is drawn (before the settings below).
    public var preset: InkPreset?
    /// A technique's stable name (`TechniqueCatalog.names`).
    public var technique: String?
    /// The technique's knot exponent, 0…1, with `technique` (nil: its default).
    public var alpha: Double?
    /// A brush's stable name (`BrushCatalog.names`).
    public var brush: String?
    /// Options set over the stroke's (or, with another `brush`, over that brush's defaults).
    public var brushOptions: BrushOptions
    /// The start and end taper lengths, points, 0…1000.
    public var taperStart, taperEnd: Double?
    /// The ink colour.
    public var color: RGBAColor?

    /// A look with the settings given; none leaves strokes as they are.
    public init(
        preset: InkPreset? = nil, technique: String? = nil, alpha: Double? = nil, brush: String? = nil,
        brushOptions: BrushOptions = BrushOptions(), taperStart: Double? = nil, taperEnd: Double? = nil, color: RGBAColor? = nil
    ) {
        self.preset = preset
        self.technique = technique
        self.alpha = alpha
        self.brush = brush
        self.brushOptions = brushOptions
        self.taperStart = taperStart
        self.taperEnd = taperEnd
        self.color = color
    }

    /// True when it changes nothing.
    public var isEmpty: Bool { self == LookOverride() }

    /// `record` in this look: the same samples and pointer.
    public func applied(to record: StrokeRecord) -> StrokeRecord {
        var styled = preset.map(record.restyled(with:)) ?? record
        if let technique {
            styled.technique = technique
            styled.alpha = alpha
        }
        if let brush, brush != styled.brush {
            styled.brush = brush
            styled.brushOptions = BrushOptions()
        }
        styled.brushOptions = styled.brushOptions.overridden(by: brushOptions)
        if let taperStart { styled.taperStart = taperStart }
        if let taperEnd { styled.taperEnd = taperEnd }
        if let color { styled.color = color }
        return styled
    }

    /// Throws `ParameterError` for what no stroke in this look could be drawn with: an unknown
    /// technique or brush, an alpha or taper out of range, options out of the named brush's range.
    /// (Options without a brush are read by each stroke's own brush: a stroke whose brush cannot
    /// take them draws nothing.)
    public func check() throws(ParameterError) {
        if let technique { _ = try TechniqueCatalog.technique(named: technique, alpha: alpha) }
        if let brush { _ = try BrushCatalog.brush(named: brush, options: brushOptions) }
        _ = try Taper(startLength: taperStart ?? 0, endLength: taperEnd ?? 0)
    }
}

extension Drawing {
    /// The drawing with `look` laid over every stroke (see `LookOverride`).
    public func restyled(by look: LookOverride) -> Drawing {
        guard !look.isEmpty else { return self }
        return Drawing(strokes: strokes.map(look.applied(to:)), recording: recording)
    }
}
