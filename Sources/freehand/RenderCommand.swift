import ArgumentParser
import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render recorded ink to a PNG, or an SVG or a PDF of filled outlines.",
        discussion: """
            By default the canvas is the ink's bounds (half the widest stroke included) plus --margin on every side. \
            Ink is drawn in points: a recording whose units are tablet counts or millimetres at its size on paper, \
            one whose y axis points up (SVC2004) the right way up. \
            --size or --page sets the canvas and keeps the input's coordinates; --fit scales the samples into a box \
            first (widths stay in output points); --trim crops any of them to the ink plus the margin. --scale \
            multiplies the pixels of a PNG (2 or 3 for retina), rendered from the vector outlines. A PDF's creation \
            date is now, or SOURCE_DATE_EPOCH (seconds since 1970) when set, for reproducible files.
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @OptionGroup var inputFormat: InputFormatArguments

    @Option(name: .shortAndLong, help: "The image to write: .png, .svg or .pdf, or - for standard output (with --to).")
    var output: String

    @OptionGroup var technique: TechniqueArguments
    @OptionGroup var brush: BrushArguments

    @Option(help: "Scale the ink to fit a WIDTHxHEIGHT box (points), keeping its proportions.")
    var fit: String?

    @Option(help: "The canvas size WIDTHxHEIGHT in points, keeping the ink where it is (default: the ink's bounds plus the margin).")
    var size: String?

    @Option(help: "The page: a4, letter or WIDTHxHEIGHT in points (like --size; with --fit, the ink is fitted onto it).")
    var page: String?

    @Flag(help: "Crop the image to the ink's bounds plus the margin.")
    var trim = false

    @Option(parsing: .unconditional, help: "Points of empty space around the ink on a canvas sized to it.")
    var margin = InkFrame.standardMargin

    @Option(parsing: .unconditional, help: "Pixels per point, e.g. 2 for retina output (PNG).")
    var scale = 1.0

    @Option(help: "Background: a CSS colour name, #rrggbb, #rrggbbaa, or transparent (default: white; none for PDF).")
    var background: String?

    @Option(help: "Ink colour: a CSS colour name, #rrggbb or #rrggbbaa (default: each stroke's saved colour).")
    var color: String?

    @Flag(help: "Modulate the ink with a pencil grain (PNG).")
    var grain = false

    @Option(help: "Restyle every stroke with a preset: \(InkPreset.names.joined(separator: ", ")) (--technique, --brush and their options still override it; sketch brings the grain to PNG).")
    var preset: String?

    @Flag(help: "Mirror the ink vertically (for a recording whose y axis points up but whose units do not say so; one that says so is turned already).")
    var flipY = false

    /// The page size `--page` names, in points.
    static func pageSize(parsing text: String) -> Point2D? {
        switch text.lowercased() {
        case "a4": return Point2D(595.2756, 841.8898)
        case "letter": return Point2D(612, 792)
        default: return InkScene.size(parsing: text)
        }
    }

    @Option(name: .customLong("to"), help: "The image format: png, svg or pdf (default: from -o's extension; needed with -o -, standard output).")
    var imageFormat: String?

    /// The format written: `--to`, else `-o`'s extension.
    private var format: String { imageFormat?.lowercased() ?? (output as NSString).pathExtension.lowercased() }

    func validate() throws {
        if let imageFormat {
            guard ["png", "svg", "pdf"].contains(imageFormat.lowercased()) else { throw ValidationError("--to takes png, svg or pdf") }
            let named = (output as NSString).pathExtension.lowercased()
            if output != "-", !named.isEmpty, named != imageFormat.lowercased() {
                throw ValidationError("--to \(imageFormat) and -o \(output) name different formats")
            }
        } else if output == "-" {
            throw ValidationError("-o - (standard output) needs --to png, svg or pdf")
        }
        guard ["png", "svg", "pdf"].contains(format) else { throw ValidationError("-o must name a .png, .svg or .pdf file (or give --to)") }
        if let fit, InkScene.size(parsing: fit) == nil { throw ValidationError("--fit takes WIDTHxHEIGHT, e.g. 800x600") }
        if let size, InkScene.size(parsing: size) == nil { throw ValidationError("--size takes WIDTHxHEIGHT, e.g. 800x600") }
        if let page, Self.pageSize(parsing: page) == nil { throw ValidationError("--page takes a4, letter or WIDTHxHEIGHT in points") }
        if fit != nil && size != nil { throw ValidationError("--fit and --size exclude each other") }
        if page != nil && size != nil { throw ValidationError("--page and --size exclude each other") }
        guard scale.isFinite, scale > 0, scale <= 64 else { throw ValidationError("--scale must be in (0, 64]") }
        guard margin.isFinite, margin >= 0, margin <= 10_000 else { throw ValidationError("--margin must be in 0…10000 points") }
        if let background, RGBAColor(parsing: background) == nil { throw ValidationError("--background: unknown colour '\(background)'") }
        if let color, RGBAColor(parsing: color) == nil { throw ValidationError("--color: unknown colour '\(color)'") }
        if grain && format != "png" { throw ValidationError("--grain applies to PNG output only") }
        if let preset {
            do { _ = try InkInput.preset(named: preset) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() throws {
        try InkOutput.refuseOverwriting([input], with: output)
        BatchMemory.keepFreedMemory()
        let look = try preset.map(InkInput.preset(named:))
        var drawing = try InkInput.drawing(at: input, format: inputFormat.from).inPoints
        if let look { drawing = Drawing(strokes: drawing.strokes.map { $0.restyled(with: look) }, recording: drawing.recording) }
        var scene = InkScene(strokes: drawing.strokes.map { $0.samples.unpacked })
        if flipY { scene.flipVertically() }
        if let fit, let box = InkScene.size(parsing: fit) { scene.fit(into: box) }
        if let size, let box = InkScene.size(parsing: size) { scene.box = box }
        if let page, let box = Self.pageSize(parsing: page) { scene.box = box }
        if format == "png" {
            // A canvas too big to draw is refused before any stroke is outlined, by the smallest
            // page the samples allow.
            let samples = Rect2D(enclosing: scene.strokes.lazy.flatMap { $0.lazy.map(\.location) })
            let least = PlacedInk.leastSize(ofSamplesIn: samples, size: trim ? nil : scene.box, margin: margin)
            do { try InkRenderer(size: least, scale: scale, background: .white).checkSize() } catch {
                throw CommandLineFailure("\(output): \(error); fit the ink into a box with --fit WIDTHxHEIGHT or lower --scale")
            }
        }
        // Each stroke in its saved look; the options override only what they name.
        let forced = color.flatMap(RGBAColor.init(parsing:))
        // Outlines within a quarter pixel of the true stroke: at the PNG's scale, and for vectors
        // at 8× (a viewer zoomed that far shows no facets; 0.005 pt).
        let pixelsPerPoint = format == "png" ? scale : PlacedInk.vectorPixelsPerPoint
        let batch = try zip(drawing.strokes, scene.strokes).map { record, samples in
            InkStroke.BatchStroke(
                samples: samples, technique: try technique.make(for: record),
                style: technique.style(try brush.make(for: record), for: record).fitted(toPixelsPerPoint: pixelsPerPoint))
        }
        var pieces: [(piece: OutlinePiece, color: RGBAColor)] = []
        for (record, outline) in zip(drawing.strokes, InkStroke.outlines(for: batch)) {
            guard let outline else { continue }
            pieces.append((piece: outline, color: forced ?? record.color))
        }
        let ink = PlacedInk(pieces: pieces, size: trim ? nil : scene.box, margin: margin)
        // Said once the canvas is known to be drawable, just before writing.
        func noteIfEmpty() {
            guard ink.pieces.isEmpty else { return }
            let what = drawing.strokes.isEmpty ? "has no strokes" : "has no stroke that leaves ink"
            FileHandle.standardError.write(Data("note: \(input == "-" ? "standard input" : input) \(what); \(output) is an empty \(ink.size.x.formatted())×\(ink.size.y.formatted()) pt canvas\n".utf8))
        }
        let paper = background.flatMap(RGBAColor.init(parsing:)) ?? (format == "pdf" ? .transparent : .white)
        switch format {
        case "png":
            let renderer = InkRenderer(size: ink.size, scale: scale, background: paper)
            do {
                try renderer.checkSize()
                try renderer.checkWork(ink.pieces.lazy.map(\.piece))
            } catch {
                throw CommandLineFailure("\(output): \(error); fit the ink into a box with --fit WIDTHxHEIGHT or lower --scale")
            }
            noteIfEmpty()
            let texture = grain ? Grain() : look.flatMap { $0.grain > 0 ? Grain(strength: $0.grain) : nil }
            try InkOutput.write(DrawingExport.png(ink, scale: scale, background: paper, grain: texture), to: output)
        case "pdf":
            noteIfEmpty()
            InkOutput.noteIfClampedForPDF(ink.size, output: output)
            try InkOutput.write(DrawingExport.pdf(ink, background: paper, creationDate: InkOutput.pdfCreationDate), to: output)
        default:
            noteIfEmpty()
            try InkOutput.write(DrawingExport.svg(ink, background: paper), to: output)
        }
    }
}
