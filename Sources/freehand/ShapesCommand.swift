import ArgumentParser
import FreehandDocument
import FreehandKit

struct ShapesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shapes",
        abstract: "Print what each stroke would snap to if the pen were held at its end (hold to snap).",
        discussion: """
            Output: {"strokes":[{"shape":"line"|"polyline"|"circle"|"ellipse"|"arc"|"triangle"|"rectangle"|"square"|"arrow"|null, \
            "confidence":0…1, …the fitted geometry…},…]}: one entry per stroke, in order, coordinates in points \
            (y down; a recording in tablet units or millimetres scaled to points). Geometry by shape: line start, end; \
            polyline points; circle center, radius; ellipse center, radii, rotation; arc center, radius, startAngle, sweep; \
            triangle corners; rectangle and square corners, center, width, height, rotation; arrow tail, tip, barbs \
            (angles in radians). A stroke that is no shape has "shape":null with the confidence of the closest shape, \
            named in "closest" (null, with confidence 0, when the stroke is too small or too short to be any shape). See docs/shapes-and-selection.md for the rules and their measured accuracy.
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @OptionGroup var inputFormat: InputFormatArguments

    @Option(parsing: .unconditional, help: "The least confidence a shape needs, 0…1.")
    var minimumConfidence = ShapeRecognizer().minimumConfidence

    @Option(parsing: .unconditional, help: "The least confidence a line, arc or polyline needs, 0…1.")
    var minimumLineConfidence = ShapeRecognizer().minimumLineConfidence

    @Option(parsing: .unconditional, help: "The smallest stroke (bounds diagonal) that can be a shape, points.")
    var minimumSize = ShapeRecognizer().minimumSize

    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).")
    var output: String?

    func validate() throws {
        guard minimumConfidence.isFinite, (0...1).contains(minimumConfidence) else {
            throw ValidationError("--minimum-confidence must be in 0…1, got \(minimumConfidence)")
        }
        guard minimumLineConfidence.isFinite, (0...1).contains(minimumLineConfidence) else {
            throw ValidationError("--minimum-line-confidence must be in 0…1, got \(minimumLineConfidence)")
        }
        guard minimumSize.isFinite, minimumSize >= 0, minimumSize <= 1_000_000 else {
            throw ValidationError("--minimum-size must be in 0…1000000 points, got \(minimumSize)")
        }
    }

    func run() throws {
        try InkOutput.refuseOverwriting([input], with: output)
        let drawing = try InkInput.drawing(at: input, format: inputFormat.from).inPoints
        let recognizer = ShapeRecognizer(minimumSize: minimumSize, minimumConfidence: minimumConfidence, minimumLineConfidence: minimumLineConfidence)
        let entries = drawing.strokes.map { stroke -> (shape: RecognizedShape?, closest: RecognizedShape?) in
            let points = stroke.samples.map(\.location)
            let closest = recognizer.closestShape(to: points)
            return (closest.flatMap { recognizer.accepts($0) ? $0 : nil }, closest)
        }
        try InkOutput.write(ShapeJSON.string(for: entries), to: output)
    }
}
