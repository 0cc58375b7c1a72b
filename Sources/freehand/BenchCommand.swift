import ArgumentParser
import FreehandDocument
import FreehandEvaluation
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure throughput, append cost, frame cost, fill rate and memory on real ink.",
        discussion: """
            Run it in a release build: swift run -c release freehand bench. Strokes come from --data \
            (recordings; default ../shared/data when present, else the bundled sample ink). Medians of \
            several timed repetitions after a warm-up. --quick finishes in well under a minute.

            On Linux with glibc 2.35 or later and transparent huge pages on request (madvise), the \
            bench restarts itself once with GLIBC_TUNABLES=glibc.malloc.hugetlb=1, so that a long \
            stroke's memory comes in 2 MiB pages: with 4 KiB pages the kernel's first-touch page \
            faults add about a third to the per-sample cost of a 1,000,000-sample stroke (none of \
            it the library's work; the kernel still zeroes each huge page). The first line of output says which pages it ran on; \
            --small-pages keeps the system's default, as an app that sets nothing gets. A \
            GLIBC_TUNABLES of your own is kept.
            """
    )

    @Flag(help: "Fewer repetitions and shorter strokes: a smoke test that the benchmark works.")
    var quick = false

    @Flag(help: "Run on the system's default memory pages (no restart with transparent huge pages).")
    var smallPages = false

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Option(help: ArgumentHelp(
        "Write the full-redraw scene (\(Benchmarks.redrawStrokes) placed stroke outlines, pixels) to this file, and the same outlines resolved to the boundaries of their ink to this file with .resolved appended, for tools/compare_with_cairo.py --timing.",
        discussion: "Little-endian 64-bit floats: canvas width, height, piece count, then per piece its ring count and opacity, and per ring its point count and x, y pairs."))
    var redrawScene: String?

    @Option(help: "Ink files in any format convert reads, or folders of them, to take strokes from.")
    var data: [String] = []

    @Option(help: "Run only these workload groups (comma-separated): throughput, batch, append, live, frame, fill, select, zoom, memory, io, reuse.")
    var only: String?

    /// The workload groups `--only` may name.
    static let groups: Set<String> = ["throughput", "batch", "append", "live", "frame", "fill", "select", "zoom", "memory", "io", "reuse"]

    func validate() throws {
        let unknown = (only ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !Self.groups.contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("--only: unknown group \(unknown.joined(separator: ", ")); known: \(Self.groups.sorted().joined(separator: ", "))")
        }
    }

    func run() throws {
        let read = data.isEmpty ? RecordingLoader.defaultFolders() : data
        try InkOutput.refuseOverwriting(read, with: json, option: "--json")
        try InkOutput.refuseOverwriting(read, with: redrawScene, option: "--redraw-scene")
        try InkOutput.refuseOverwriting(read, with: redrawScene.map { $0 + ".resolved" }, option: "--redraw-scene")
        #if DEBUG
        print("note: this is a debug build; use `swift run -c release freehand bench` for real figures")
        #endif
        let pages = MemoryPages.choice(
            tunables: ProcessInfo.processInfo.environment["GLIBC_TUNABLES"],
            kernelMode: try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
            glibcVersion: ProcessRestart.glibcVersion, smallPagesRequested: smallPages)
        if case .restart(let tunable) = pages {
            // Returns only when the restart failed: the run goes on with the pages it has.
            ProcessRestart.replacing(setting: "GLIBC_TUNABLES", to: tunable)
            print(MemoryPages.small(reason: "the restart with GLIBC_TUNABLES=\(tunable) failed").summary)
        } else {
            print(pages.summary)
        }
        let loaded = try data.isEmpty ? RecordingLoader.defaultRecordings() : RecordingLoader.read(data)
        let ink = BenchmarkInk(recordings: loaded.map(\.prepared))
        guard !ink.strokes.isEmpty else { throw CommandLineFailure("no stroke of two samples or more in the data") }
        print("\(ink.strokes.count) strokes, \(ink.sampleCount) samples\(quick ? " (quick)" : "")")
        let benchmarks = Benchmarks(ink: ink, quick: quick)
        // Written first: a path that cannot be written fails before the workloads run.
        if let redrawScene {
            try InkOutput.write(benchmarks.redrawScene(count: Benchmarks.redrawStrokes).encoded, to: redrawScene)
            try InkOutput.write(benchmarks.redrawScene(count: Benchmarks.redrawStrokes, resolved: true).encoded, to: redrawScene + ".resolved")
        }
        let wanted = only.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        // The recordings as stored, in their own units, for the storage figures (each packed once).
        let recordings = loaded.map { loaded in
            Drawing(strokes: loaded.recording.strokes.map { StrokeRecord(samples: $0) }, recording: RecordingInfo(units: loaded.recording.units))
        }
        let stored = Drawing(strokes: recordings.flatMap(\.strokes))
        var results: [BenchmarkResult] = []
        let lengths = quick ? [100, 10_000] : [100, 10_000, 1_000_000]
        let workloads: [(String, () -> [BenchmarkResult])] = [
            ("throughput", benchmarks.throughput),
            ("batch", benchmarks.batchVersusStreaming),
            ("append", { benchmarks.appendCost(lengths: lengths) }),
            ("live", { benchmarks.pencilFrames() + benchmarks.batchCost(lengths: lengths) }),
            ("frame", { benchmarks.frameCost(strokeCounts: [10, Benchmarks.redrawStrokes]) }),
            ("fill", benchmarks.fillRate),
            ("select", { benchmarks.hitTesting() }),
            ("zoom", { benchmarks.zoomTrace() }),
            // The image formats' figures take the recordings as exports draw them (physical units
            // at their size on paper).
            ("memory", { benchmarks.memory(storing: stored, drawn: Drawing(strokes: recordings.flatMap(\.inPoints.strokes))) }),
            ("io", { benchmarks.jsonSpeed(of: stored) }),
            // Last: the allocator keeps every freed block from here on. The batch rows again, each
            // length's passes reusing the memory of its previous pass (what the library costs,
            // without the kernel's first touch of fresh pages).
            ("reuse", {
                guard BatchMemory.reuseEveryFreedBlock() else { return [] }
                return benchmarks.batchCost(lengths: lengths, memoryReused: true)
            }),
        ]
        for (name, workload) in workloads where wanted?.contains(name) ?? true {
            let figures = workload()
            for figure in figures {
                let label = name.padding(toLength: 20, withPad: " ", startingAt: 0) + figure.name.padding(toLength: 52, withPad: " ", startingAt: 0)
                print(label + String(format: "%16.3f ", figure.value) + figure.unit)
            }
            results += figures
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try InkOutput.write(Array(try encoder.encode(results)), to: json)
        }
    }
}
