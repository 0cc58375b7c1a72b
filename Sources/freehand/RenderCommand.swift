import ArgumentParser
import FreehandKit
import FreehandRender

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render recorded ink to an SVG of filled outlines.",
        discussion: "Coordinates are the input's, unless --fit scales the samples into a box first (widths stay in output points)."
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The image to write (.svg).")
    var output: String

    @OptionGroup var technique: TechniqueArguments
    @OptionGroup var brush: BrushArguments

    @Option(help: "Scale the ink to fit a WIDTHxHEIGHT box (points), keeping its proportions.")
    var fit: String?

    @Flag(help: "Mirror the ink vertically (for recordings whose y axis points up, such as WinTab tablets).")
    var flipY = false

    func validate() throws {
        guard output.lowercased().hasSuffix(".svg") else { throw ValidationError("-o must name an .svg file") }
        if let fit, InkScene.size(parsing: fit) == nil { throw ValidationError("--fit takes WIDTHxHEIGHT, e.g. 800x600") }
    }

    func run() throws {
        var scene = InkScene(strokes: try InkInput.strokes(at: input))
        if flipY { scene.flipVertically() }
        if let fit, let box = InkScene.size(parsing: fit) { scene.fit(into: box) }
        let outlines = scene.outlines(technique: try technique.make(), style: try brush.make())
        let size = scene.canvasSize(for: outlines)
        var svg = SVGDocument(width: size.x, height: size.y)
        for piece in outlines.compactMap({ $0 }) { svg.fillPolygon(piece.polygon, color: "black", opacity: piece.opacity) }
        try InkOutput.write(svg.text, to: output)
    }
}
