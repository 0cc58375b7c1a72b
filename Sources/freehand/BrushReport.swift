import FreehandDocument
import FreehandEvaluation
import FreehandKit
import Foundation

/// `evaluate --brushes`: the brush goals measured on recordings, one Markdown table a folder.
enum BrushReport {
    /// The tables for `recordings`, grouped by the folder each file is in.
    static func markdown(_ recordings: [RecordingLoader.LoadedRecording]) -> String {
        let groups = Dictionary(grouping: recordings) { $0.file.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent }
        var text = "| recordings | measure | goal | result |\n| --- | --- | --- | --- |\n"
        for name in groups.keys.sorted() {
            let drawings = groups[name]!.map(\.strokesInPoints)
            for preset in InkPreset.all {
                guard let technique = try? preset.makeTechnique(), let style = try? preset.makeStyle() else { continue }
                let taps = BrushMeasurement.tapCoverage(drawings, technique: technique, style: style)
                guard !taps.isEmpty else { continue }
                text += "| \(name) | \(preset.name): tap area ÷ disc of the median width (\(taps.count) taps) | each ≥ 0.8 | "
                    + "min \(format(taps.min()!)), \(percent(taps.filter { $0 >= 0.8 }.count, of: taps.count)) meet it |\n"
            }
            let pen = drawings.flatMap { $0 }.filter { $0.contains { ($0.force ?? 0) > 0 } }
            if !pen.isEmpty, let style = try? InkStyle(brush: PressureBrush.standard) {
                let starts = BrushMeasurement.startRatios(pen, technique: FreehandTechnique.standard, style: style)
                text += "| \(name) | pressure: widest in the first 3 pt ÷ stroke median (\(starts.count) strokes) | each ≤ 1.25 | "
                    + "\(distribution(starts)), \(percent(starts.filter { $0 <= 1.25 }.count, of: starts.count)) meet it |\n"
            }
            for (end, atStart) in [("pen-down", true), ("pen-up", false)] {
                let hooks = BrushMeasurement.penHooks(drawings.flatMap { $0 }, technique: FreehandTechnique.standard, atStart: atStart)
                let dropped = hooks.filter { $0 > 0 }
                text += "| \(name) | \(end) hooks left out of the path (\(hooks.count) strokes) | report | "
                    + "\(percent(dropped.count, of: hooks.count)) of the strokes, the \(atStart ? "start" : "end") moved \(distribution(dropped)) pt |\n"
            }
            if let technique = try? InkPreset.signature.makeTechnique(), let style = try? InkPreset.signature.makeStyle() {
                let variation = BrushMeasurement.widthVariation(drawings, technique: technique, style: style)
                let starts = BrushMeasurement.startRatios(drawings.flatMap { $0 }, technique: technique, style: style)
                text += "| \(name) | signature: coefficient of variation of the width (\(variation.count) drawings) | 0.15…0.45 | "
                    + "min \(variation.min().map(format) ?? "–"), \(distribution(variation)), \(percent(variation.filter { $0 >= 0.15 && $0 <= 0.45 }.count, of: variation.count)) within |\n"
                text += "| \(name) | signature: widest in the first 3 pt ÷ stroke median (\(starts.count) strokes) | each ≤ 1.25 | "
                    + "\(distribution(starts)), \(percent(starts.filter { $0 <= 1.25 }.count, of: starts.count)) meet it |\n"
                // Where the pen measured force: how well the width from speed follows it (no taper on
                // either, so that only the brushes differ).
                var untapered = style
                untapered.taper = .none
                if let pressure = try? InkStyle(brush: PressureBrush.standard) {
                    let agreement = BrushMeasurement.velocityPressureAgreement(drawings, technique: technique, velocity: untapered, pressure: pressure)
                    if !agreement.isEmpty {
                        text += "| \(name) | signature: correlation of its width with the pressure brush's (\(agreement.count) drawings with force) | report | "
                            + "\(distribution(agreement)) |\n"
                    }
                }
            }
        }
        return text
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func percent(_ count: Int, of total: Int) -> String {
        total == 0 ? "–" : String(format: "%.1f %%", 100 * Double(count) / Double(total))
    }

    /// Median, 95th percentile and largest value (`Summary`'s).
    private static func distribution(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "–" }
        let summary = Summary(values)
        return "median \(format(values.sorted()[values.count / 2])), p95 \(format(summary.p95)), max \(format(summary.maximum))"
    }
}
