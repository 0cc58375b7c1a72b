import ArgumentParser
import FreehandEvaluation
import FreehandKit
import Foundation

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search the default technique's knot exponent, without and with a 1€ input filter, for the best fidelity on recordings.",
        discussion: "Reproduces the tuning in docs/default-technique.md: pass the recordings (files or folders)."
    )

    @Argument(help: "Ink files in any format convert reads, or folders of them.")
    var inputs: [String]

    @Option(parsing: .unconditional, help: "The touch-screen rate to decimate the recordings toward, in hertz.")
    var rate = 60.0

    @Option(help: "Comma-separated knot exponents to try (the shipped default is always tried).")
    var alphas = "0.1,0.15,0.2"

    @Option(help: "Comma-separated 1€ derivative cutoffs to try, hertz (the default, no filter, is always tried too).")
    var derivativeCutoffs = "5"

    @Option(help: "Comma-separated 1€ minimum cutoffs to try, hertz.")
    var cutoffs = "1,8"

    @Option(help: "Comma-separated 1€ speed coefficients to try, hertz per point/second.")
    var coefficients = "1,30"

    func validate() throws {
        guard rate.isFinite, rate > 0, rate <= 100_000 else { throw ValidationError("--rate takes a positive number of hertz, e.g. 60") }
        for (name, list) in [("--alphas", alphas), ("--derivative-cutoffs", derivativeCutoffs), ("--cutoffs", cutoffs), ("--coefficients", coefficients)] {
            guard Self.numbers(list) != nil else { throw ValidationError("\(name) takes comma-separated numbers, e.g. 1,2,4") }
        }
        // Each value built as the search builds it, before any recording is read; a range error
        // names the option that gave the value.
        for alpha in Self.numbers(alphas) ?? [] {
            do { _ = try FreehandTechnique(alpha: alpha) } catch { throw ValidationError("--alphas: \(alpha): \(Self.describe(error))") }
        }
        for (name, list) in [("--cutoffs", cutoffs), ("--coefficients", coefficients), ("--derivative-cutoffs", derivativeCutoffs)] {
            for value in Self.numbers(list) ?? [] {
                do {
                    _ = try OneEuroFilter(
                        minimumCutoff: name == "--cutoffs" ? value : 1, speedCoefficient: name == "--coefficients" ? value : 0,
                        derivativeCutoff: name == "--derivative-cutoffs" ? value : OneEuroFilter.standardDerivativeCutoff)
                } catch {
                    throw ValidationError("\(name): \(value): \(Self.describe(error))")
                }
            }
        }
    }

    /// A range error in the words of the command line: the range, without the property's name.
    private static func describe(_ error: ParameterError) -> String {
        guard case .outOfRange(_, _, let range) = error else { return "\(error)" }
        return "must be in \(range.lowerBound.formatted())…\(range.upperBound.formatted())"
    }

    /// The numbers of a comma-separated list, or nil when an entry is not a finite number.
    static func numbers(_ list: String) -> [Double]? {
        var values: [Double] = []
        for entry in list.split(separator: ",") {
            guard let value = Double(entry.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }

    /// `list`'s numbers with `value` added when it is missing, in increasing order.
    private static func grid(_ list: String, including value: Double) -> [Double] {
        let values = numbers(list) ?? []
        return (values.contains(value) ? values : values + [value]).sorted()
    }

    func run() throws {
        BatchMemory.keepFreedMemory()
        let recordings = try RecordingLoader.load(inputs)
        let shipped = FreehandTechnique.standard
        let classic = Evaluation(recordings: recordings, rates: [rate], noise: 0).run()
        print(Self.header("technique"))
        for row in classic.rows { print(Self.line(row.technique, row)) }
        // Every knot exponent without a filter (the shipped form) and with each 1€ setting.
        var settings: [(alpha: Double, filter: (cutoff: Double, coefficient: Double, derivative: Double)?)] = []
        for alpha in Self.grid(alphas, including: shipped.alpha) {
            settings.append((alpha, nil))
            for cutoff in Self.numbers(cutoffs) ?? [] {
                for coefficient in Self.numbers(coefficients) ?? [] {
                    for derivative in Self.numbers(derivativeCutoffs) ?? [] { settings.append((alpha, (cutoff, coefficient, derivative))) }
                }
            }
        }
        var candidates: [(String, EvaluationReport.Row)] = []
        for (index, setting) in settings.enumerated() {
            ProgressLine.report("tuning", done: index + 1, total: settings.count)
            var filter: OneEuroFilter?
            if let parameters = setting.filter {
                do {
                    filter = try OneEuroFilter(
                        minimumCutoff: parameters.cutoff, speedCoefficient: parameters.coefficient, derivativeCutoff: parameters.derivative)
                } catch {
                    throw CommandLineFailure("tune: \(error)")
                }
            }
            let technique: FreehandTechnique
            do { technique = try FreehandTechnique(alpha: setting.alpha, filter: filter) } catch { throw CommandLineFailure("--alphas: \(error)") }
            guard let row = Evaluation(recordings: recordings, rates: [rate], techniques: [technique]).run().rows.first else { continue }
            let isShipped = setting.alpha == shipped.alpha && setting.filter == nil && shipped.filter == nil
            let filterLabel = setting.filter.map { String(format: "%14g %17g %17g", $0.cutoff, $0.coefficient, $0.derivative) }
                ?? "    (no filter)"
            let label = String(format: "%6g ", setting.alpha) + filterLabel
            candidates.append((label + (isShipped ? " (default)" : ""), row))
        }
        print("\n" + Self.header(" alpha minimumCutoff  speedCoefficient  derivativeCutoff"))
        for (label, row) in candidates.sorted(by: { $0.1.fidelity.mean < $1.1.fidelity.mean }) { print(Self.line(label, row)) }
    }

    private static let labelWidth = 68

    private static func header(_ label: String) -> String {
        label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "fidelity mean (pt)  p95 (pt)  smoothness (× recording)"
    }

    private static func line(_ label: String, _ row: EvaluationReport.Row) -> String {
        label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            + String(format: "%18.4f %9.4f %25.4f", row.fidelity.mean, row.fidelity.p95, row.smoothnessRatio)
    }
}
