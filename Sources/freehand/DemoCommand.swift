import ArgumentParser
import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Draw the bundled sample ink with every technique, side by side, into an SVG."
    )

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output = "freehand-demo.svg"

    func run() throws {
        guard let url = Bundle.module.url(forResource: "hey", withExtension: "json", subdirectory: "SampleInk") else {
            throw CommandLineFailure("the bundled sample ink is missing from this build")
        }
        let strokes = try InkInput.strokes(at: url.path)
        let svg = TechniquePanels(strokes: strokes, techniques: TechniqueCatalog.all).svg()
        try InkOutput.write(svg.text, to: output)
        print("wrote \(output)")
    }
}
