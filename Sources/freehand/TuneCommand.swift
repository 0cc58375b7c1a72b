import ArgumentParser
import FreehandEvaluation
import FreehandKit
import Foundation

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search the default technique's filter parameters for the best fidelity on recordings.",
        discussion: "Reproduces the tuning in docs/default-technique.md: pass the recordings (files or folders)."
    )

    @Argument(help: "Recording files or folders of recordings.")
    var inputs: [String]

    @Option(help: "The touch-screen rate to decimate the recordings toward, in hertz.")
    var rate = 60.0

    func validate() throws {
        guard rate.isFinite, rate > 0, rate <= 100_000 else { throw ValidationError("--rate takes a positive number of hertz, e.g. 60") }
    }

    @Option(help: "Comma-separated knot exponents to try.")
    var alphas = "0.2"

    @Option(help: "Comma-separated derivative cutoffs to try, hertz.")
    var derivativeCutoffs = "1"

    @Option(help: "Comma-separated minimum cutoffs to try, hertz.")
    var cutoffs = "1,2,4,8,16,32,64"

    @Option(help: "Comma-separated speed coefficients to try, hertz per point/second.")
    var coefficients = "0,0.005,0.01,0.02,0.05,0.1,0.2"

    func run() throws {
        let recordings = try RecordingLoader.load(inputs)
        let parse = { (list: String) in list.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        let classic = Evaluation(recordings: recordings, rates: [rate], noise: 0).run()
        print("technique             fidelity mean   p95      smoothness (× recording)")
        for row in classic.rows { print(Self.line(row.technique, row)) }
        print("\nalpha minimumCutoff speedCoefficient derivativeCutoff")
        var candidates: [(String, EvaluationReport.Row)] = []
        for alpha in parse(alphas) {
            for cutoff in parse(cutoffs) {
                for coefficient in parse(coefficients) {
                    for derivative in parse(derivativeCutoffs) {
                        let technique = try FreehandTechnique(minimumCutoff: cutoff, speedCoefficient: coefficient, derivativeCutoff: derivative, alpha: alpha)
                        guard let row = Evaluation(recordings: recordings, rates: [rate], techniques: [technique]).run().rows.first else { continue }
                        candidates.append((String(format: "%5g %13g %16g %16g", alpha, cutoff, coefficient, derivative), row))
                    }
                }
            }
        }
        for (label, row) in candidates.sorted(by: { $0.1.fidelity.mean < $1.1.fidelity.mean }) { print(Self.line(label, row)) }
    }

    private static func line(_ label: String, _ row: EvaluationReport.Row) -> String {
        label.padding(toLength: 52, withPad: " ", startingAt: 0)
            + String(format: "%8.4f %8.4f %10.4f", row.fidelity.mean, row.fidelity.p95, row.smoothnessRatio)
    }
}
