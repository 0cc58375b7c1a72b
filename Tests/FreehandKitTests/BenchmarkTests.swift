import FreehandDocument
import FreehandEvaluation
import FreehandKit
import Testing

struct BenchmarkTests {
    @Test func theBenchRestartsOnHugePagesOnlyWhereGlibcAndTheKernelGiveThemOnRequest() {
        let onRequest = "always [madvise] never"
        #expect(MemoryPages.choice(tunables: nil, kernelMode: onRequest, glibcVersion: "2.36", smallPagesRequested: false)
            == .restart(tunable: "glibc.malloc.hugetlb=1"))
        // Restarted: the tunable is there, and no second restart follows.
        guard case .huge = MemoryPages.choice(tunables: "glibc.malloc.hugetlb=1", kernelMode: onRequest, glibcVersion: "2.36", smallPagesRequested: false) else {
            Issue.record("a process started with the tunable runs on huge pages")
            return
        }
        guard case .huge = MemoryPages.choice(tunables: nil, kernelMode: "[always] madvise never", glibcVersion: "2.36", smallPagesRequested: false) else {
            Issue.record("a kernel that always gives huge pages needs no restart")
            return
        }
        let small: [MemoryPages] = [
            MemoryPages.choice(tunables: nil, kernelMode: onRequest, glibcVersion: "2.36", smallPagesRequested: true),
            MemoryPages.choice(tunables: nil, kernelMode: "always madvise [never]", glibcVersion: "2.36", smallPagesRequested: false),
            MemoryPages.choice(tunables: nil, kernelMode: nil, glibcVersion: "2.36", smallPagesRequested: false),
            MemoryPages.choice(tunables: nil, kernelMode: onRequest, glibcVersion: "2.31", smallPagesRequested: false),
            MemoryPages.choice(tunables: nil, kernelMode: onRequest, glibcVersion: nil, smallPagesRequested: false),
            // The caller's own tunables stand.
            MemoryPages.choice(tunables: "glibc.malloc.arena_max=2", kernelMode: onRequest, glibcVersion: "2.36", smallPagesRequested: false),
        ]
        for pages in small {
            guard case .small = pages else {
                Issue.record("expected small pages, got \(pages)")
                continue
            }
            #expect(pages.summary.hasPrefix("memory pages: small"))
        }
    }

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

    @Test func theRedrawSceneIsWrittenAsLittleEndianFloatsThatGiveBackEveryPolygon() throws {
        let ink = BenchmarkInk(recordings: TestData.fixtures.map { EvaluationRecording(name: $0.name, strokes: $0.strokes) })
        let scene = Benchmarks(ink: ink, quick: true).redrawScene(count: 25)
        #expect(scene.pieces.count == 25)
        let bytes = scene.encoded
        #expect(bytes.count % 8 == 0)
        // Read back as a peer would: byte 0 of each float is its least significant.
        let words = stride(from: 0, to: bytes.count, by: 8).map { offset in
            Double(bitPattern: bytes[offset..<(offset + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        #expect(Array(words[0..<3]) == [2048, 1536, 25])
        var index = 3
        for piece in scene.pieces {
            let rings = try #require(Int(exactly: words[index]))
            #expect(rings == 1 + piece.holes.count && words[index + 1] == piece.opacity)
            index += 2
            var read: [[Point2D]] = []
            for _ in 0..<rings {
                let count = try #require(Int(exactly: words[index]))
                read.append(stride(from: index + 1, to: index + 1 + 2 * count, by: 2).map { Point2D(words[$0], words[$0 + 1]) })
                index += 1 + 2 * count
            }
            #expect(read == piece.rings)
        }
        #expect(index == words.count)
        // Placed over the canvas: every piece starts inside it.
        for piece in scene.pieces {
            let bounds = try #require(piece.bounds)
            #expect(bounds.min.x < RedrawScene.canvasSize.x && bounds.min.y < RedrawScene.canvasSize.y)
        }
    }

    @Test func theLongStrokeJoinsStrokesWithoutASampleOnTopOfTheLast() throws {
        let ink = BenchmarkInk(recordings: TestData.fixtures.map { EvaluationRecording(name: $0.name, strokes: $0.strokes) })
        let long = ink.longStroke(count: 20_000)
        #expect(long.count == 20_000)
        // Each stroke continues where the last stopped: no step is a rounding's width (which would
        // be one more vertex to merge, and a copy of the whole centreline to merge it).
        for (before, after) in zip(long, long.dropFirst()) {
            let step = after.location - before.location
            #expect(step == .zero || step.length > 1e-6, "\(before.location) \(after.location)")
        }
    }

    @Test func theBatchLengthRowsNameTheirMemoryAndTimeEveryLength() {
        let ink = BenchmarkInk(recordings: TestData.fixtures.map { EvaluationRecording(name: $0.name, strokes: $0.strokes) })
        let benchmarks = Benchmarks(ink: ink, quick: true)
        for reused in [false, true] {
            let rows = benchmarks.batchCost(lengths: [10, 300], memoryReused: reused)
            #expect(rows.map(\.name) == ["batch, strokes of 10 samples", "batch, strokes of 300 samples"].map { $0 + (reused ? ", memory reused" : "") })
            #expect(rows.allSatisfy { $0.value > 0 && $0.value.isFinite && $0.unit == "µs/sample" && $0.repetitions == 3 })
        }
    }

    @Test func workloadsOverNoInkReportNothingInsteadOfCrashing() {
        let empty = Benchmarks(ink: BenchmarkInk(recordings: []), quick: true)
        #expect(empty.ink.longStroke(count: 10).isEmpty)
        #expect(empty.appendCost(lengths: [0, 100]).isEmpty)
        #expect(empty.frameCost(strokeCounts: [10]).isEmpty)
        #expect(empty.redrawScene(count: 10).pieces.isEmpty)
        #expect(empty.redrawScene(count: 10).encoded.count == 3 * 8)
        #expect(empty.memory(storing: Drawing(), drawn: Drawing(), renderedStrokes: 10).contains { $0.name.hasPrefix("rendering") })
    }

    @Test func residentMemoryIsReportedOnThisSystem() {
        // Other tests run at the same time, so only the presence of both figures is stable.
        #expect(ResidentMemory.current() > 1_000_000)
        #expect(ResidentMemory.peak() > 1_000_000)
    }
}
