import ArgumentParser
import FreehandDocument
import FreehandKit

struct OutlineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outline",
        abstract: "Tessellate recorded ink and write each stroke's outline polygon as JSON.",
        discussion: """
            Output: {"strokes":[{"outline":[[x,y],…],"opacity":a},…]}: one closed polygon per input stroke,
            in points (the input's coordinates; a recording in tablet units or millimetres scaled to points, \
            one whose y axis points up turned), to be filled with the non-zero rule. Numbers are rounded to \
            0.001 (--precision 3; the outline itself is within 0.1 pt of the stroke); --precision exact writes every bit.
            The outline crosses itself where the pen doubles back within the nib's width and where the ink \
            loops; --resolve writes the boundary of the ink instead (as SVG and PDF export do): an outline \
            that crosses and touches nowhere, and "holes":[[[x,y],…],…] where the ink loops around \
            background, so that non-zero and even-odd fills, plotters and vector editors all draw the same \
            shape (about 1.5 times the work of the outline itself). The few outlines whose crossings it \
            cannot work out (0.4–1.4 % of the shared recordings' strokes, by brush) are written as they are: filled \
            non-zero they are the same ink.
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @OptionGroup var inputFormat: InputFormatArguments

    @OptionGroup var technique: TechniqueArguments
    @OptionGroup var brush: BrushArguments

    @OptionGroup var precision: PrecisionArguments

    @Flag(help: "Write each stroke's ink boundary: an outline that crosses nowhere, with holes where the ink loops.")
    var resolve = false

    @Option(parsing: .unconditional, help: "Fit the outline to output at this many pixels a point (above 1: finer than 0.1 pt, as render --scale draws it).")
    var scale = 1.0

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 64 else { throw ValidationError("--scale must be in (0, 64]") }
    }

    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).")
    var output: String?

    func run() throws {
        try InkOutput.refuseOverwriting([input], with: output)
        BatchMemory.keepFreedMemory()
        let numbers = try precision.make()
        var pieces = try InkInput.outlines(at: input, format: inputFormat.from, technique: technique, brush: brush, pixelsPerPoint: scale)
        if resolve { pieces = pieces.map { $0?.resolvingOverlaps() } }
        try InkOutput.write(parts: OutlineJSON.parts(for: pieces, precision: numbers), to: output)
    }
}
