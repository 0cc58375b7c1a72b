import ArgumentParser
import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Draw the bundled sample ink with every technique, side by side, into an SVG.",
        discussion: "The sample (\"hey\", mouse, 125 Hz) is thinned to every 4th sample so the techniques differ visibly."
    )

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output = "freehand-demo.svg"

    func run() throws {
        guard let url = Bundle.module.url(forResource: "hey", withExtension: "json", subdirectory: "SampleInk") else {
            throw CommandLineFailure("the bundled sample ink is missing from this build")
        }
        // Thinned to every 4th sample (about 31 Hz, a busy phone's rate), so the techniques differ
        // visibly; the dots are the samples each technique saw.
        let strokes = try InkInput.strokes(at: url.path).map { $0.decimated(keepingEvery: 4) }
        let svg = TechniquePanels(strokes: strokes, techniques: TechniqueCatalog.all).svg()
        try InkOutput.write(svg.text, to: output)
        print("wrote \(output)")
    }
}
