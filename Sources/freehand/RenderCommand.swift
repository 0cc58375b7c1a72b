import ArgumentParser
import FreehandKit
import FreehandRender
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render recorded ink to a PNG or an SVG of filled outlines.",
        discussion: """
            Coordinates are the input's (--size sets the canvas), unless --fit scales the samples into a box \
            first (widths stay in output points). --scale multiplies the pixels (2 for retina).
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The image to write: .png or .svg.")
    var output: String

    @OptionGroup var technique: TechniqueArguments
    @OptionGroup var brush: BrushArguments

    @Option(help: "Scale the ink to fit a WIDTHxHEIGHT box (points), keeping its proportions.")
    var fit: String?

    @Option(help: "The canvas size WIDTHxHEIGHT in input coordinates, without scaling (default: the ink's extent).")
    var size: String?

    @Option(help: "Pixels per point, e.g. 2 for retina output (PNG).")
    var scale = 1.0

    @Option(help: "Background: a CSS colour name, #rrggbb, #rrggbbaa, or transparent.")
    var background = "white"

    @Option(help: "Ink colour: a CSS colour name, #rrggbb or #rrggbbaa.")
    var color = "black"

    @Flag(help: "Modulate the ink with a pencil grain (PNG).")
    var grain = false

    @Flag(help: "Mirror the ink vertically (for recordings whose y axis points up, such as WinTab tablets).")
    var flipY = false

    func validate() throws {
        guard output.lowercased().hasSuffix(".svg") || output.lowercased().hasSuffix(".png") else {
            throw ValidationError("-o must name a .png or .svg file")
        }
        if let fit, InkScene.size(parsing: fit) == nil { throw ValidationError("--fit takes WIDTHxHEIGHT, e.g. 800x600") }
        if let size, InkScene.size(parsing: size) == nil { throw ValidationError("--size takes WIDTHxHEIGHT, e.g. 800x600") }
        if fit != nil && size != nil { throw ValidationError("--fit and --size exclude each other") }
        guard scale.isFinite, scale > 0, scale <= 64 else { throw ValidationError("--scale must be in (0, 64]") }
        guard RGBAColor(parsing: background) != nil else { throw ValidationError("--background: unknown colour '\(background)'") }
        guard RGBAColor(parsing: color) != nil else { throw ValidationError("--color: unknown colour '\(color)'") }
    }

    func run() throws {
        var scene = InkScene(strokes: try InkInput.strokes(at: input))
        if flipY { scene.flipVertically() }
        if let fit, let box = InkScene.size(parsing: fit) { scene.fit(into: box) }
        if let size, let box = InkScene.size(parsing: size) { scene.box = box }
        let outlines = scene.outlines(technique: try technique.make(), style: try brush.make()).compactMap { $0 }
        let canvas = scene.canvasSize(for: outlines)
        let ink = RGBAColor(parsing: color)!, paper = RGBAColor(parsing: background)!
        if output.lowercased().hasSuffix(".png") {
            let renderer = InkRenderer(size: canvas, scale: scale, background: paper)
            do {
                try renderer.checkSize()
            } catch {
                throw CommandLineFailure("\(output): \(error); fit the ink into a box with --fit WIDTHxHEIGHT or lower --scale")
            }
            let bitmap = renderer.render(outlines, color: ink, grain: grain ? Grain() : nil)
            try InkOutput.write(PNGEncoder.encode(bitmap), to: output)
        } else {
            var svg = SVGDocument(width: canvas.x, height: canvas.y, background: paper.alpha > 0 ? paper.cssText : nil)
            for piece in outlines { svg.fillPolygon(piece.polygon, color: ink.cssText, opacity: piece.opacity * ink.alpha) }
            try InkOutput.write(svg.text, to: output)
        }
    }
}
