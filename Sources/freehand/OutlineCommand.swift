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
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @OptionGroup var inputFormat: InputFormatArguments

    @OptionGroup var technique: TechniqueArguments
    @OptionGroup var brush: BrushArguments

    @OptionGroup var precision: PrecisionArguments

    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).")
    var output: String?

    func run() throws {
        BatchMemory.keepFreedMemory()
        let chosen = try technique.make()
        let style = try brush.make()
        let numbers = try precision.make()
        let pieces = try InkInput.outlines(at: input, format: inputFormat.from, technique: chosen, style: style)
        try InkOutput.write(parts: OutlineJSON.parts(for: pieces, precision: numbers), to: output)
    }
}
