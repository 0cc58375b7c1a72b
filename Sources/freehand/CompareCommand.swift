import ArgumentParser
import Foundation
import FreehandDocument
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

    @Option(name: .shortAndLong, help: "The PNG file to write, or - for standard output.")
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
        guard output == "-" || output.lowercased().hasSuffix(".png") else { throw ValidationError("-o must name a .png file, or - for standard output") }
        guard every >= 1 else { throw ValidationError("--every must be at least 1") }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]") }
        if let techniques {
            let names = techniques.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard names.allSatisfy({ !$0.isEmpty }) else { throw ValidationError("--techniques takes technique names separated by commas, e.g. linear,freehand") }
            guard names.count <= Self.maximumPanels else {
                throw ValidationError("--techniques names \(names.count) panels; at most \(Self.maximumPanels)")
            }
            for name in names {
                do { _ = try TechniqueCatalog.technique(named: name, alpha: nil) } catch { throw ValidationError("--techniques \(name): \(error)") }
            }
        }
    }

    /// The most panels one sheet shows (each technique once, with room to repeat a few).
    static let maximumPanels = 2 * TechniqueCatalog.names.count

    /// The most samples, and strokes, one panel draws: a sheet of a bigger file is drawn from
    /// every K-th sample (and, past this many strokes, every M-th stroke), said in its title and on
    /// standard error, so that any readable file is compared in bounded time (a panel is 320 × 240
    /// points: more samples would only cover it).
    static let maximumSamplesShown = 200_000

    /// The most pixel rows the centrelines of one sheet's panels may cross, summed over their
    /// segments and panels (the outlines cross about twice as many): a scribble of random jumps
    /// covers a panel's rows thousands of times over, and filling it costs about a microsecond a
    /// row crossed. Past it the samples are thinned further, so the sheet fills in some 10 s.
    static let maximumRowsCrossed = 3_000_000.0

    /// What a sheet shows of a file: one in `every` samples of each stroke, one in `strokeStep`
    /// strokes, and the note that says so (nil when all of it is shown as asked).
    struct Shown {
        var every: Int
        var strokeStep = 1
        var note: String?
    }

    /// `strokes` thinned to at most `maximumSamplesShown` samples and strokes: every `every`-th
    /// sample at least (the last of each stroke always kept).
    /// Then, when the kept samples' centrelines would cross more than `maximumRowsCrossed` pixel
    /// rows over `panels` panels at `scale` (fitted into a panel as `techniquePanel` fits them),
    /// every K-th of those.
    static func withinBudget(
        _ strokes: [[Sample]], every asked: Int, panels: Int = 1, panelSize: Point2D = RasterSheet().panelSize, scale: Double = 1
    ) -> (strokes: [[Sample]], shown: Shown) {
        let total = strokes.reduce(0) { $0 + $1.count }
        var shown = Shown(every: asked)
        if total / asked > maximumSamplesShown { shown.every = (total + maximumSamplesShown - 1) / maximumSamplesShown }
        var kept = strokes.map { $0.decimated(keepingEvery: shown.every) }
        let rows = rowsCrossed(by: kept, fittedInto: panelSize) * scale * Double(Swift.max(1, panels))
        if rows > maximumRowsCrossed {
            let thinning = Int((rows / maximumRowsCrossed).rounded(.up))
            shown.every *= thinning
            kept = kept.map { $0.decimated(keepingEvery: thinning) }
        }
        if kept.count > maximumSamplesShown {
            shown.strokeStep = (kept.count + maximumSamplesShown - 1) / maximumSamplesShown
            kept = stride(from: 0, to: kept.count, by: shown.strokeStep).map { kept[$0] }
        }
        if shown.every > asked || shown.strokeStep > 1 {
            var parts: [String] = []
            if shown.every > asked { parts.append("1 in \(shown.every) samples") }
            if shown.strokeStep > 1 { parts.append("1 in \(shown.strokeStep) strokes") }
            shown.note = "\(total) samples in \(strokes.count) strokes; compare draws \(parts.joined(separator: " and ")) "
                + "(at most \(maximumSamplesShown) a panel, their lines crossing at most \(Int(maximumRowsCrossed)) pixel rows a sheet)"
        }
        return (kept, shown)
    }

    /// The pixel rows (at one pixel a point) the straight segments between `strokes`' samples
    /// cross once the ink is fitted into `size`, summed.
    static func rowsCrossed(by strokes: [[Sample]], fittedInto size: Point2D) -> Double {
        strokes.fitted(into: size).reduce(0) { rows, stroke in
            rows + InkRenderer.rowsCrossed(by: stroke.lazy.map(\.location).filter(\.isFinite), closed: false, height: size.y)
        }
    }

    func run() throws {
        try InkOutput.refuseOverwriting([input], with: output)
        BatchMemory.keepFreedMemory()
        let sheet = RasterSheet()
        let chosen = try techniques.map { list in
            try list.split(separator: ",").map { try InkInput.technique(named: $0.trimmingCharacters(in: .whitespaces), alpha: nil) }
        } ?? TechniqueCatalog.all
        let (strokes, shown) = Self.withinBudget(
            try InkInput.strokes(at: input, format: inputFormat.from), every: every, panels: chosen.count, panelSize: sheet.panelSize, scale: scale)
        if let note = shown.note { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        let shownStrokes = flipY ? strokes.flippedVertically() : strokes
        let panels = chosen.map { sheet.techniquePanel(shownStrokes, technique: $0) }
        let what = techniques == nil ? "every technique" : chosen.map(\.name).joined(separator: ", ")
        var title = shown.every > 1 ? "\(what), 1 in \(shown.every) samples kept" : what
        if shown.strokeStep > 1 { title += ", 1 in \(shown.strokeStep) strokes" }
        try InkOutput.write(PNGEncoder.encode(sheet.render(sections: [(title, panels)], scale: scale)), to: output)
    }
}
