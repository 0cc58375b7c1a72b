import ArgumentParser
import FreehandEvaluation
import FreehandKit
import Foundation

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Rank every technique by fidelity, smoothness, overshoot and latency on real recordings.",
        discussion: """
            The recordings (default: ../shared/data when present, else the bundled sample ink) are the \
            ground truth; each technique gets them thinned to each rate. Prints Markdown tables; \
            progress goes to standard error. Run it in a release build: swift run -c release freehand evaluate.
            """
    )

    @Argument(help: "Ink files in any format convert reads, or folders of them (default: the shared recordings).")
    var inputs: [String] = []

    @Option(help: "Comma-separated rates to thin the recordings to, hertz (default 30,60,120,240; with --dense 240,120; with --mouse 125,1000).")
    var rates: String?

    @Option(parsing: .unconditional, help: "Standard deviation of seeded Gaussian noise added to the thinned input, points (0…100).")
    var noise = 0.0

    @Option(help: "The predictor model: linear or quadratic.")
    var predictor = StrokePredictor.Model.quadratic.rawValue

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Flag(help: "Measure the brushes instead of the techniques: taps in every preset, pressure starts, the signature preset's thick-and-thin (a Markdown table a folder).")
    var brushes = false

    @Flag(help: "The dense-input protocol instead: each timed stroke's clean curve sampled at each rate, rounded to a 0.5-point grid (quantised) or jittered by σ 0.3 points and rounded; distance to the clean curve both ways and wiggle against its own.")
    var dense = false

    @Flag(help: "The mouse protocol instead: each timed stroke's clean curve redrawn by a pointer moving along it at each of --speeds, sampled at each rate, positions rounded to whole points; distance to the clean curve both ways, wiggle against its own, committed lag.")
    var mouse = false

    @Option(help: "With --mouse: comma-separated pointer speeds along the curve, points a second (default 30,100,300; each 1…100,000).")
    var speeds = "30,100,300"

    @Flag(help: "Measure shape recognition (hold to snap) instead: a labelled set of hand-drawn shapes timed by the recordings' motion, and every handwriting stroke with a hold added as negatives.")
    var shapes = false

    @Option(help: "Write the Markdown tables to this file.")
    var markdown: String?

    @Flag(help: "Draw the techniques with the engine's rules that leave a hook out at a stroke's ends (as the ink does) instead of keeping the hooks: what those rules cost in fidelity.")
    var droppingHooks = false

    func validate() throws {
        guard parsedSpeeds.allSatisfy({ $0.map { $0 >= 1 && $0 <= 100_000 } ?? false }) else {
            throw ValidationError("--speeds takes numbers in 1…100,000 points a second separated by commas, e.g. 30,100")
        }
        guard noise.isFinite, noise >= 0, noise <= 100 else { throw ValidationError("--noise must be in 0…100 points, got \(noise)") }
        guard StrokePredictor.Model(rawValue: predictor) != nil else { throw ValidationError("--predictor takes linear or quadratic") }
        guard parsedRates.allSatisfy({ $0.map { $0 > 0 && $0.isFinite } ?? false }) else {
            throw ValidationError("--rates takes positive numbers separated by commas, e.g. 60,120")
        }
        guard parsedRates.allSatisfy({ ($0 ?? 0) <= Self.highestRate }) else {
            throw ValidationError("--rates must be at most \(Int(Self.highestRate)) Hz (a mouse reports 1,000)")
        }
    }

    /// The highest rate `--rates` takes, hertz.
    static let highestRate = 10_000.0

    /// Each comma-separated part of `--rates` as a number, nil where it is none (an empty
    /// `--rates` is one empty part).
    private var parsedRates: [Double?] { Self.numbers(in: rates ?? (dense ? "240,120" : mouse ? "125,1000" : "30,60,120,240")) }

    /// Each comma-separated part of `--speeds` as a number, nil where it is none.
    private var parsedSpeeds: [Double?] { Self.numbers(in: speeds) }

    /// Each comma-separated part of `text` as a number, nil where it is none (an empty text is one
    /// empty part).
    private static func numbers(in text: String) -> [Double?] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    func run() throws {
        let read = inputs.isEmpty ? RecordingLoader.defaultFolders() : inputs
        try InkOutput.refuseOverwriting(read, with: json, option: "--json")
        try InkOutput.refuseOverwriting(read, with: markdown, option: "--markdown")
        BatchMemory.keepFreedMemory()
        if brushes {
            let report = BrushReport.markdown(try inputs.isEmpty ? RecordingLoader.defaultRecordings() : RecordingLoader.read(inputs))
            print(report, terminator: "")
            if let markdown { try InkOutput.write(report, to: markdown) }
            return
        }
        if shapes {
            let handwriting = try inputs.isEmpty ? RecordingLoader.handwritingRecordings() : RecordingLoader.read(inputs)
            let report = ShapeReport.markdown(handwriting)
            print(report.markdown, terminator: "")
            if let markdown { try InkOutput.write(report.markdown, to: markdown) }
            if let json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try InkOutput.write(Array(try encoder.encode(report.report)), to: json)
            }
            return
        }
        let recordings = try (inputs.isEmpty ? RecordingLoader.defaultRecordings() : RecordingLoader.read(inputs)).map(\.prepared)
        if mouse {
            let rows = MouseEvaluation(
                recordings: recordings, rates: parsedRates.compactMap { $0 }, speeds: parsedSpeeds.compactMap { $0 },
                contenders: MouseEvaluation.standardContenders
            ).run()
            try publish(MouseEvaluation.markdown(rows), rows: rows)
            return
        }
        if dense {
            let rows = DenseEvaluation(recordings: recordings, rates: parsedRates.compactMap { $0 }, contenders: DenseEvaluation.standardContenders)
                .run { done, total in ProgressLine.report("evaluating", done: done, total: total) }
            try publish(DenseEvaluation.markdown(rows), rows: rows)
            return
        }
        var evaluation = Evaluation(recordings: recordings, rates: parsedRates.compactMap { $0 }, noise: noise)
        evaluation.predictor = try StrokePredictor(model: StrokePredictor.Model(rawValue: predictor)!)
        evaluation.dropsHooks = droppingHooks
        let report = evaluation.run { done, total in
            ProgressLine.report("evaluating", done: done, total: total)
        }
        print(report.markdown, terminator: "")
        if let markdown { try InkOutput.write(report.markdown, to: markdown) }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try InkOutput.write(Array(try encoder.encode(report)), to: json)
        }
    }

    /// Prints `report`, and writes it to `--markdown` and `rows` as JSON to `--json` when given.
    private func publish(_ report: String, rows: some Encodable) throws {
        print(report, terminator: "")
        if let markdown { try InkOutput.write(report, to: markdown) }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try InkOutput.write(Array(try encoder.encode(rows)), to: json)
        }
    }
}
