import ArgumentParser
import FreehandKit

struct SmoothCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smooth",
        abstract: "Smooth recorded ink and write each stroke's flattened centreline as JSON.",
        discussion: """
            Input: {"strokes":[{"points":[{"x","y","t","pressure","altitude","azimuth"}, …]}, …]}.
            Output: {"strokes":[{"points":[[x,y], …]}, …]}, one entry per input stroke, in order.
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @Option(help: "The smoothing technique: \(TechniqueCatalog.names.joined(separator: ", ")).")
    var technique = TechniqueCatalog.defaultName

    @Option(help: "Knot exponent for catmull-rom and freehand, 0 (uniform) … 1 (chordal).")
    var alpha: Double?

    @Option(help: "Largest distance in points between the output polyline and the true curve.")
    var tolerance = 0.1

    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).")
    var output: String?

    func validate() throws {
        guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be a positive number") }
    }

    func run() throws {
        let chosen = try InkInput.technique(named: technique, alpha: alpha)
        let strokes = try InkInput.strokes(at: input)
        var json = "{\"strokes\":["
        for (index, samples) in strokes.enumerated() {
            if index > 0 { json += "," }
            let polyline = StrokeBuilder.path(for: samples, technique: chosen).flattened(tolerance: tolerance)
            json += "{\"points\":["
            json += polyline.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
            json += "]}"
        }
        json += "]}\n"
        try InkOutput.write(json, to: output)
    }
}
