import ArgumentParser
import FreehandEvaluation
import FreehandKit
import FreehandRender

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render every technique (or those named) side by side, labelled, into a PNG (the straight-line baseline first).",
        discussion: "Each panel draws the smoothed centreline over the samples (dots) it was given."
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @OptionGroup var inputFormat: InputFormatArguments

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(help: "The techniques to show, comma-separated (default: all): \(TechniqueCatalog.names.joined(separator: ", ")).")
    var techniques: String?

    @Option(parsing: .unconditional, help: "Keep every K-th sample (the last always), to see the techniques on sparse input.")
    var every = 1

    @Flag(help: "Mirror the ink vertically (for a recording whose y axis points up but whose units do not say so; one that says so is turned already).")
    var flipY = false

    @Option(parsing: .unconditional, help: "Pixels per point, e.g. 2 for retina output.")
    var scale = 1.0

    func validate() throws {
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("-o must name a .png file") }
        guard every >= 1 else { throw ValidationError("--every must be at least 1") }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]") }
        if let techniques {
            let names = techniques.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard names.allSatisfy({ !$0.isEmpty }) else { throw ValidationError("--techniques takes technique names separated by commas, e.g. linear,freehand") }
            guard names.count <= Self.maximumPanels else {
                throw ValidationError("--techniques names \(names.count) panels; at most \(Self.maximumPanels)")
            }
        }
    }

    /// The most panels one sheet shows (each technique once, with room to repeat a few).
    static let maximumPanels = 2 * TechniqueCatalog.names.count

    func run() throws {
        try InkOutput.refuseOverwriting([input], with: output)
        BatchMemory.keepFreedMemory()
        var scene = InkScene(strokes: try InkInput.strokes(at: input, format: inputFormat.from).map { $0.decimated(keepingEvery: every) })
        if flipY { scene.flipVertically() }
        let sheet = RasterSheet()
        let chosen = try techniques.map { list in
            try list.split(separator: ",").map { try InkInput.technique(named: $0.trimmingCharacters(in: .whitespaces), alpha: nil) }
        } ?? TechniqueCatalog.all
        let panels = chosen.map { sheet.techniquePanel(scene.strokes, technique: $0) }
        let what = techniques == nil ? "every technique" : chosen.map(\.name).joined(separator: ", ")
        let title = every > 1 ? "\(what), 1 in \(every) samples kept" : what
        try InkOutput.write(PNGEncoder.encode(sheet.render(sections: [(title, panels)], scale: scale)), to: output)
    }
}
