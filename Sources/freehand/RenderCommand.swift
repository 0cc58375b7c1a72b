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
        if let fit, PageFit.size(parsing: fit) == nil { throw ValidationError("--fit takes WIDTHxHEIGHT in points (each at most \(PageFit.largestSide.formatted())), a4 or letter") }
        if let size, PageFit.size(parsing: size) == nil { throw ValidationError("--size takes WIDTHxHEIGHT in points (each at most \(PageFit.largestSide.formatted())), a4 or letter") }
        if let page, PageFit.size(parsing: page) == nil { throw ValidationError("--page takes a4, letter or WIDTHxHEIGHT in points") }
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
        let forced = color.flatMap(RGBAColor.init(parsing:))
        drawing = drawing.restyled(by: LookOverride(preset: look, color: forced))
        if flipY { drawing = drawing.flippedVertically() }
        var box: Point2D?
        if let fit, let fitBox = PageFit.size(parsing: fit) {
            drawing = drawing.fitted(into: fitBox)
            box = fitBox
        }
        if let size { box = PageFit.size(parsing: size) }
        if let page { box = PageFit.size(parsing: page) }
        let page = trim ? nil : box
        if format == "png" {
            // A canvas too big to draw is refused before any stroke is outlined, by the smallest
            // page the samples allow.
            let least = PlacedInk.leastSize(ofSamplesIn: drawing.sampleBounds, size: page, margin: margin)
            do { try InkRenderer(size: least, scale: scale, background: .white).checkSize() } catch {
                throw CommandLineFailure("\(output): \(error); fit the ink into a box with --fit WIDTHxHEIGHT or lower --scale")
            }
        }
        // Outlines within a quarter pixel of the true stroke: at the PNG's scale, and for vectors
        // at 8× (a viewer zoomed that far shows no facets; 0.005 pt) unless the drawing is huge.
        let pixelsPerPoint = format == "png" ? scale : PlacedInk.vectorPixelsPerPoint(for: drawing)
        let ink = PlacedInk(drawing, size: page, margin: margin, pixelsPerPoint: pixelsPerPoint, strokes: try strokeMaker(for: drawing), checkpoint: { (_: ExportProgress) in })
        // Said once the canvas is known to be drawable, just before writing.
        func noteIfEmpty() {
            guard ink.isEmpty else { return }
            let what = drawing.strokes.isEmpty ? "has no strokes" : "has no stroke that leaves ink"
            FileHandle.standardError.write(Data("note: \(input == "-" ? "standard input" : input) \(what); \(output) is an empty \(ink.size.x.formatted())×\(ink.size.y.formatted()) pt canvas\n".utf8))
        }
        let paper = background.flatMap(RGBAColor.init(parsing:)) ?? (format == "pdf" ? .transparent : .white)
        switch format {
        case "png":
            do { try InkRenderer(size: ink.size, scale: scale, background: paper).checkSize() } catch {
                throw CommandLineFailure("\(output): \(error); fit the ink into a box with --fit WIDTHxHEIGHT or lower --scale")
            }
            let texture = grain ? Grain() : look.flatMap { $0.grain > 0 ? Grain(strength: $0.grain) : nil }
            var noted = false
            // Too much work is refused before the painting when the pieces are held (nearly every
            // drawing), else as soon as the chunks painted so far reach the limit.
            let image = try DrawingExport.png(ink, scale: scale, background: paper, grain: texture) { (progress: ExportProgress) throws(CommandLineFailure) in
                do { try progress.checkPaintingWork() } catch {
                    throw CommandLineFailure("\(output): \(error); fit the ink into a box with --fit WIDTHxHEIGHT or lower --scale")
                }
                if !noted { noteIfEmpty(); noted = true }
            }
            if !noted { noteIfEmpty() }
            try InkOutput.write(image, to: output)
        case "pdf":
            noteIfEmpty()
            InkOutput.noteIfClampedForPDF(ink.size, output: output)
            try InkOutput.write(DrawingExport.pdf(ink, background: paper, creationDate: InkOutput.pdfCreationDate), to: output)
        default:
            noteIfEmpty()
            try InkOutput.write(DrawingExport.svg(ink, background: paper), to: output)
        }
    }

    /// How each stroke of `drawing` is drawn: its saved look with the options laid over it. Each
    /// distinct look is built once, here, so that an option a stroke's brush does not take is
    /// refused before any work; the strokes are then outlined a chunk at a time.
    private func strokeMaker(for drawing: Drawing) throws -> PlacedInk.StrokeMaker {
        var looks: [StrokeRecord: (technique: AnyInterpolationTechnique, style: InkStyle)] = [:]
        for record in drawing.strokes {
            let key = record.with(samples: [])
            guard looks[key] == nil else { continue }
            looks[key] = (try technique.make(for: record).erased, technique.style(try brush.make(for: record), for: record))
        }
        return { [looks] record in
            guard let look = looks[record.with(samples: [])] else { return nil }
            return InkStroke.BatchStroke(samples: record.samples.unpacked, technique: look.technique, style: look.style)
        }
    }
}
