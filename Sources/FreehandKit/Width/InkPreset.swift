/// A named look for the jobs people come for — a signature, handwriting, a sketch, or the raw
/// input — in one value: the technique, the brush with its settings, the taper and the pencil
/// grain. Each part is stored by its stable name, so a preset restyles a stored stroke exactly as it
/// styles a live one, and files and the command line name presets as they name techniques.
public struct InkPreset: Hashable, Sendable {
    /// The preset's stable name (`signature`, `handwriting`, `sketch`, `raw`, `fountain-pen`, `highlighter`).
    public let name: String
    /// The technique's stable name (`TechniqueCatalog`).
    public let technique: String
    /// The brush's stable name (`BrushCatalog`).
    public let brush: String
    /// The brush's settings that differ from its defaults.
    public let brushOptions: BrushOptions
    /// Start taper length, points (0 or more).
    public let taperStart: Double
    /// End taper length, points (0 or more).
    public let taperEnd: Double
    /// How strongly a renderer modulates the ink with a pencil grain, 0 (none) … 1.
    public let grain: Double
    /// The stabilizer, or nil (every built-in preset) for none: see `stabilized(_:)`.
    public private(set) var stabilizer: Stabilizer?

    /// Width from the pen's speed, fast strokes thin (ink from a fountain pen), with a quick taper
    /// into and out of each stroke: the look of a signature pad.
    public static let signature = InkPreset(
        name: "signature", technique: TechniqueCatalog.defaultName, brush: "velocity",
        brushOptions: BrushOptions(minimumWidth: 1, maximumWidth: 3.5), taperStart: 2, taperEnd: 6, grain: 0)
    /// Width from the pen's force, lightly smoothed, no taper: notes that look like their writer's.
    public static let handwriting = InkPreset(
        name: "handwriting", technique: TechniqueCatalog.defaultName, brush: "pressure", brushOptions: BrushOptions(),
        taperStart: 0, taperEnd: 0, grain: 0)
    /// A pencil: force widens, a tilted pen shades broad and faint, and a paper grain shows through.
    public static let sketch = InkPreset(
        name: "sketch", technique: TechniqueCatalog.defaultName, brush: "tilt-shading", brushOptions: BrushOptions(),
        taperStart: 0, taperEnd: 3, grain: 0.55)
    /// No smoothing at all: the straight polyline through the input, 2 points wide.
    public static let raw = InkPreset(
        name: "raw", technique: "linear", brush: "constant", brushOptions: BrushOptions(width: 2), taperStart: 0, taperEnd: 0, grain: 0)

    /// A broad italic nib at 45°: thick across, hairline along, a little wider with force.
    public static let fountainPen = InkPreset(
        name: "fountain-pen", technique: TechniqueCatalog.defaultName, brush: "fountain-pen", brushOptions: BrushOptions(),
        taperStart: 0, taperEnd: 0, grain: 0)
    /// A translucent marker 14 points wide, one even wash (give it a bright colour).
    public static let highlighter = InkPreset(
        name: "highlighter", technique: TechniqueCatalog.defaultName, brush: "highlighter", brushOptions: BrushOptions(),
        taperStart: 0, taperEnd: 0, grain: 0)

    /// Every preset, in the order of `names`.
    public static let all: [InkPreset] = [.signature, .handwriting, .sketch, .raw, .fountainPen, .highlighter]
    /// Every preset's name.
    public static var names: [String] { all.map { $0.name } }

    /// The preset called `name`; throws `ParameterError.unknownName` for another name.
    public static func named(_ name: String) throws(ParameterError) -> InkPreset {
        guard let preset = all.first(where: { $0.name == name }) else { throw .unknownName(name, known: names) }
        return preset
    }

    /// The preset's technique.
    public func makeTechnique() throws(ParameterError) -> AnyInterpolationTechnique {
        try TechniqueCatalog.technique(named: technique)
    }

    /// The preset's style: its brush with its settings, its taper and its stabilizer.
    public func makeStyle() throws(ParameterError) -> InkStyle {
        try InkStyle(
            brush: try BrushCatalog.brush(named: brush, options: brushOptions), taper: try Taper(startLength: taperStart, endLength: taperEnd),
            stabilizer: stabilizer)
    }

    /// The same preset steadied by `stabilizer` (nil, or strength 0: none) — a signature drawn with
    /// a shaky hand, say: `InkPreset.signature.stabilized(try Stabilizer(.string, strength: 0.3))`.
    public func stabilized(_ stabilizer: Stabilizer?) -> InkPreset {
        var copy = self
        copy.stabilizer = stabilizer.flatMap { $0.strength > 0 ? $0 : nil }
        return copy
    }

    /// A look of one's own, named `name`: `technique` and `brush` by their catalogue names (with
    /// `brushOptions`), tapers of `taperStart` and `taperEnd` points, a pencil `grain` of 0…1 and an
    /// optional `stabilizer`.
    ///
    /// - Throws: `ParameterError` for an unknown technique or brush, brush options it refuses, a
    ///   taper it refuses or a grain outside 0…1.
    public static func custom(
        name: String = "custom", technique: String, brush: String, brushOptions: BrushOptions = BrushOptions(), taperStart: Double = 0,
        taperEnd: Double = 0, grain: Double = 0, stabilizer: Stabilizer? = nil
    ) throws(ParameterError) -> InkPreset {
        guard grain.isFinite, (0...1).contains(grain) else { throw .outOfRange(name: "grain", value: grain, range: 0...1) }
        let preset = InkPreset(
            name: name, technique: technique, brush: brush, brushOptions: brushOptions, taperStart: taperStart, taperEnd: taperEnd, grain: grain
        ).stabilized(stabilizer)
        _ = try preset.makeTechnique()
        _ = try preset.makeStyle()
        return preset
    }

    private init(name: String, technique: String, brush: String, brushOptions: BrushOptions, taperStart: Double, taperEnd: Double, grain: Double) {
        self.name = name
        self.technique = technique
        self.brush = brush
        self.brushOptions = brushOptions
        self.taperStart = taperStart
        self.taperEnd = taperEnd
        self.grain = grain
    }
}
