import FreehandDocument
import FreehandEvaluation
import FreehandKit
import Testing

struct BenchmarkTests {
    @Test func memoryWorkloadMeasuresTheDrawingModelEveryFormatAndRendering() throws {
        let recordings = TestData.fixtures
        let drawing = Drawing(strokes: recordings.flatMap { $0.strokes.map { StrokeRecord(samples: $0) } })
        let ink = BenchmarkInk(recordings: recordings.map { EvaluationRecording(name: $0.name, strokes: $0.strokes) })
        let results = Benchmarks(ink: ink, quick: true).memory(storing: drawing, drawn: drawing, renderedStrokes: 50)
        let figures = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
        // Image formats measure the drawing as drawn, ink formats the readings as stored.
        let oneStrokeDrawn = Benchmarks(ink: ink, quick: true).memory(
            storing: drawing, drawn: Drawing(strokes: Array(drawing.strokes.prefix(1))), renderedStrokes: 1)
        let lighter = Dictionary(uniqueKeysWithValues: oneStrokeDrawn.map { ($0.name, $0.value) })
        for image in ["svg", "pdf"] {
            let name = "file: \(image), drawn in points"
            #expect(try #require(lighter[name]) < (try #require(figures[name])).value)
        }
        #expect(lighter["file: binary"] == figures["file: binary"]?.value)

        let stored = try #require(figures["drawing model: stored samples"])
        #expect(stored.unit == "bytes/sample")
        #expect(stored.value > 16 && stored.value <= 32)
        #expect(try #require(figures["drawing model: widest stroke"]).value <= 32)
        let binary = try #require(figures["file: binary"]).value, json = try #require(figures["file: json"]).value
        #expect(binary > 0 && binary < json)
        for format in ["inkml", "signature-pad", "svg, drawn in points"] { #expect(figures["file: \(format)"].map { $0.value > 0 } == true) }
        #expect(results.contains { $0.name.hasPrefix("rendering 50 strokes") && $0.unit == "MiB" && $0.value >= 0 })
    }

    @Test func workloadsOverNoInkReportNothingInsteadOfCrashing() {
        let empty = Benchmarks(ink: BenchmarkInk(recordings: []), quick: true)
        #expect(empty.ink.longStroke(count: 10).isEmpty)
        #expect(empty.appendCost(lengths: [0, 100]).isEmpty)
        #expect(empty.frameCost(strokeCounts: [10]).isEmpty)
        #expect(empty.memory(storing: Drawing(), drawn: Drawing(), renderedStrokes: 10).contains { $0.name.hasPrefix("rendering") })
    }

    @Test func residentMemoryIsReportedOnThisSystem() {
        // Other tests run at the same time, so only the presence of both figures is stable.
        #expect(ResidentMemory.current() > 1_000_000)
        #expect(ResidentMemory.peak() > 1_000_000)
    }
}
