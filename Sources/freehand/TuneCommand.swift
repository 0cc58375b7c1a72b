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

    @Option(help: "Standard deviation of the Gaussian noise added to the input for the noisy score, points.")
    var noise = 0.5

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
        for technique in TechniqueCatalog.all {
            let summary = DefaultTuning.fidelity(of: technique, on: recordings, rate: rate)
            let noisy = DefaultTuning.fidelity(of: technique, on: recordings, rate: rate, noise: noise)
            print(String(
                format: "%@ mean %.4f  p95 %.4f  noisy mean %.4f  p95 %.4f  (%d held-back samples)",
                technique.name, summary.mean, summary.p95, noisy.mean, noisy.p95, summary.count))
        }
        print("\nalpha minimumCutoff speedCoefficient derivativeCutoff   mean      p95   noisy mean  noisy p95")
        let candidates = try DefaultTuning.search(
            alphas: parse(alphas), cutoffs: parse(cutoffs), coefficients: parse(coefficients),
            derivativeCutoffs: parse(derivativeCutoffs), on: recordings, rate: rate, noise: noise)
        for candidate in candidates {
            print(String(
                format: "%5g %13g %16g %16g   %.4f   %.4f   %.4f     %.4f", candidate.alpha, candidate.minimumCutoff,
                candidate.speedCoefficient, candidate.derivativeCutoff, candidate.fidelity.mean, candidate.fidelity.p95,
                candidate.noisyFidelity.mean, candidate.noisyFidelity.p95))
        }
    }
}
