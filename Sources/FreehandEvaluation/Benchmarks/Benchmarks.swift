import FreehandKit
import Foundation
import FreehandRender
import FreehandDocument

/// The workloads of `freehand bench`. Each returns its figures; none asserts a time.
public struct Benchmarks {
    /// The ink the workloads draw.
    public let ink: BenchmarkInk
    /// Fewer repetitions and shorter strokes, to finish in well under a minute (a smoke test).
    public let quick: Bool

    /// Workloads over `ink` (with no strokes, the workloads that draw strokes report nothing).
    public init(ink: BenchmarkInk, quick: Bool) {
        self.ink = ink
        self.quick = quick
    }

    var repetitions: Int { quick ? 3 : 7 }

    /// The pressure brush at its defaults.
    static let pressureStyle = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: PressureBrush()) }

    /// Samples per second through the whole pipeline (filter, smoothing, width, tessellation) for
    /// every technique with the pressure brush and every brush with the default technique: each
    /// stroke appended at once, then ended (batch).
    public func throughput() -> [BenchmarkResult] {
        let strokes = quick ? Array(ink.strokes.prefix(300)) : ink.strokes
        let samples = Double(strokes.reduce(0) { $0 + $1.count })
        var results: [BenchmarkResult] = []
        var configurations: [(String, any InterpolationTechnique, InkStyle)] = TechniqueCatalog.all.map {
            ("\($0.name) + pressure", $0, Self.pressureStyle)
        }
        configurations += BrushCatalog.names.dropFirst().filter { $0 != "pressure" }.map { name in
            ("freehand + \(name)", FreehandTechnique.standard, ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: BrushCatalog.brush(named: name)) })
        }
        for (name, technique, style) in configurations {
            let times = Stopwatch.measure(repetitions: repetitions) {
                for stroke in strokes { _ = InkStroke.outline(for: stroke, technique: technique, style: style) }
            }
            results.append(BenchmarkResult(group: "throughput", name: name, value: samples / Stopwatch.median(times), unit: "samples/s", repetitions: times.count))
        }
        return results
    }

    /// The same recording processed all at once and sample by sample (default technique, pressure brush).
    public func batchVersusStreaming() -> [BenchmarkResult] {
        let strokes = quick ? Array(ink.strokes.prefix(200)) : Array(ink.strokes.prefix(2000))
        let samples = Double(strokes.reduce(0) { $0 + $1.count })
        let style = Self.pressureStyle
        let batch = Stopwatch.measure(repetitions: repetitions) {
            for stroke in strokes { _ = InkStroke.outline(for: stroke, style: style) }
        }
        let streaming = Stopwatch.measure(repetitions: repetitions) {
            for stroke in strokes {
                var ink = InkStroke(style: style, outputs: .outlinePieces)
                for sample in stroke { _ = try? ink.append(sample) }
                _ = try? ink.end()
            }
        }
        // The engine alone (smoothing: the default technique, no brush, no outline), fed one sample
        // at a time: the part comparable to a stroke modeler's update (its tail, like the modeler's
        // prediction, is computed when a frame is drawn).
        let smoothing = Stopwatch.measure(repetitions: repetitions) {
            for stroke in strokes {
                var builder = StrokeBuilder()
                builder.tracksProvisional = false
                for sample in stroke { _ = try? builder.append(sample) }
                _ = try? builder.end()
            }
        }
        // The same without the denoiser (the spline alone), in the same run: what denoising costs.
        let spline = try? FreehandTechnique(denoising: nil)
        let splineAlone = Stopwatch.measure(repetitions: repetitions) {
            for stroke in strokes {
                var builder = StrokeBuilder(technique: spline ?? FreehandTechnique.standard)
                builder.tracksProvisional = false
                for sample in stroke { _ = try? builder.append(sample) }
                _ = try? builder.end()
            }
        }
        // The outline fitted to 8 pixels a point (`InkStyle.fitted`: a zoomed canvas, `render
        // --scale 8`, vector export): the cost of no facets, and the vertices it spends.
        let zoomed = style.fitted(toPixelsPerPoint: 8)
        let fitted = Stopwatch.measure(repetitions: repetitions) {
            for stroke in strokes { _ = InkStroke.outline(for: stroke, style: zoomed) }
        }
        let vertices = { (style: InkStyle) in strokes.reduce(0) { $0 + (InkStroke.outline(for: $1, style: style)?.polygon.count ?? 0) } }
        return [
            BenchmarkResult(group: "batch vs streaming", name: "batch", value: Stopwatch.median(batch) / samples * 1e6, unit: "µs/sample", repetitions: batch.count),
            BenchmarkResult(
                group: "batch vs streaming", name: "batch, outline fitted to 8× (0.005 pt)", value: Stopwatch.median(fitted) / samples * 1e6,
                unit: "µs/sample", repetitions: fitted.count),
            BenchmarkResult(
                group: "batch vs streaming", name: "outline vertices at 8× ÷ at 1×", value: Double(vertices(zoomed)) / Double(Swift.max(1, vertices(style))),
                unit: "ratio", repetitions: 1),
            BenchmarkResult(group: "batch vs streaming", name: "sample by sample", value: Stopwatch.median(streaming) / samples * 1e6, unit: "µs/sample", repetitions: streaming.count),
            BenchmarkResult(
                group: "batch vs streaming", name: "smoothing alone, sample by sample", value: Stopwatch.median(smoothing) / samples * 1e6,
                unit: "µs/sample", repetitions: smoothing.count),
            BenchmarkResult(
                group: "batch vs streaming", name: "smoothing alone, no denoiser",
                value: Stopwatch.median(splineAlone) / samples * 1e6, unit: "µs/sample", repetitions: splineAlone.count),
        ]
    }

    /// The cost of one more sample appended to a live stroke already `length` samples long. The
    /// timed samples are the same at every length (the same real handwriting, moved to continue
    /// where the stroke stopped), so that only the stroke's length differs; the lengths take their
    /// blocks of appends in turn, so that a busy moment of a shared machine slows them all alike.
    public func appendCost(lengths: [Int]) -> [BenchmarkResult] {
        let style = Self.pressureStyle
        let probe = ink.longStroke(count: 2000)
        guard !probe.isEmpty else { return [] }
        var strokes: [InkStroke] = []
        var continuations: [[Sample]] = []
        for length in lengths {
            let samples = ink.longStroke(count: length)
            var stroke = InkStroke(style: style, outputs: .outlinePieces)
            // Grow the stroke in large chunks (untimed), then time single-sample appends.
            var index = 0
            while index < length {
                let end = Swift.min(length, index + 4096)
                _ = try? stroke.append(samples[index..<end])
                index = end
            }
            strokes.append(stroke)
            // The probe continues the stroke (a stroke of no samples takes it where it is).
            let shift = samples.last.map { $0.location - probe[0].location } ?? .zero
            let delay = samples.last.map { ($0.timestamp ?? 0) + 1.0 / 120 } ?? 0
            continuations.append(probe.map { sample in
                var moved = sample
                moved.location += shift
                moved.timestamp = (sample.timestamp ?? 0) + delay
                return moved
            })
        }
        var times = [[Double]](repeating: [], count: lengths.count)
        let block = Swift.max(1, probe.count / 20)
        for start in stride(from: 0, to: probe.count - block + 1, by: block) {
            for index in lengths.indices {
                times[index].append(Stopwatch.time {
                    for sample in continuations[index][start..<(start + block)] { _ = try? strokes[index].append(sample) }
                } / Double(block))
            }
        }
        return lengths.indices.map { index in
            BenchmarkResult(
                group: "append", name: "stroke of \(lengths[index]) samples", value: Stopwatch.median(times[index]) * 1e6, unit: "µs/append",
                repetitions: times[index].count)
        }
    }

    /// The time to apply one frame of input (4 coalesced samples and 2 predicted) as an app does —
    /// through an `InkSession` (handwriting preset), its report drawn on a 2048 × 1536 canvas
    /// already holding `counts` finished strokes, dirty rectangle recomposited; and a full redraw
    /// of those strokes for comparison.
    public func frameCost(strokeCounts: [Int]) -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        let outlines = redrawOutlines
        guard !outlines.isEmpty else { return [] }
        for count in strokeCounts {
            let canvas = InkCanvas(width: 2048, height: 1536)
            var session = InkSession(preset: .handwriting)
            let placed = RedrawScene(count: count, outlines: outlines).pieces
            for piece in placed { canvas.draw(piece, color: .black) }
            let live = ink.longStroke(count: 6 * 240)
            var frames: [Double] = []
            canvas.show(session.begin("bench", kind: .pen, at: moved(live[0], by: Point2D(900, 700)).location), of: session)
            for frame in 0..<(quick ? 120 : 240) {
                let base = frame * 6
                let coalesced = Array(live[base..<(base + 4)]).map { moved($0, by: Point2D(900, 700)) }
                let predicted = Array(live[(base + 4)..<(base + 6)]).map { moved($0, by: Point2D(900, 700)) }
                frames.append(Stopwatch.time { canvas.show(session.append("bench", coalesced, predicted: predicted), of: session) })
            }
            canvas.show(session.end("bench"), of: session)
            results.append(BenchmarkResult(group: "frame", name: "\(count) strokes on the canvas", value: Stopwatch.median(frames) * 1e6, unit: "µs/frame", repetitions: frames.count))
            let renderer = InkRenderer(size: RedrawScene.canvasSize)
            var oneThread = renderer
            oneThread.maximumThreads = 1
            // One render first: the first of a process pays the page faults of a fresh 12 MB
            // bitmap (6–8 ms here, more than a 10-stroke render), which a redraw in an app does not.
            let redraw = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { _ = renderer.render(placed) }
            let redrawOnOneThread = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { _ = oneThread.render(placed) }
            results.append(BenchmarkResult(group: "frame", name: "full redraw of \(count) strokes", value: Stopwatch.median(redraw) * 1e6, unit: "µs", repetitions: redraw.count))
            results.append(BenchmarkResult(
                group: "frame", name: "full redraw of \(count) strokes, one thread", value: Stopwatch.median(redrawOnOneThread) * 1e6, unit: "µs",
                repetitions: redrawOnOneThread.count))
            guard count == strokeCounts.max() else { continue }
            // The same drawing kept as its outlines' non-zero boundaries (resolved once, as a stored
            // drawing would keep them), and what resolving them costs.
            var resolved: [OutlinePiece] = []
            let resolving = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 0) { resolved = outlines.map { $0.resolvingOverlaps() } }
            let samples = sceneStrokes.reduce(0) { $0 + $1.count }
            results.append(BenchmarkResult(
                group: "frame", name: "resolving overlaps of \(outlines.count) outlines", value: Stopwatch.median(resolving) / Double(Swift.max(1, samples)) * 1e6,
                unit: "µs/sample", repetitions: resolving.count))
            let placedResolved = RedrawScene(count: count, outlines: resolved).pieces
            let redrawResolved = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { _ = renderer.render(placedResolved) }
            let redrawResolvedOnOneThread = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { _ = oneThread.render(placedResolved) }
            results.append(BenchmarkResult(
                group: "frame", name: "full redraw of \(count) strokes, resolved", value: Stopwatch.median(redrawResolved) * 1e6, unit: "µs",
                repetitions: redrawResolved.count))
            results.append(BenchmarkResult(
                group: "frame", name: "full redraw of \(count) strokes, resolved, one thread", value: Stopwatch.median(redrawResolvedOnOneThread) * 1e6,
                unit: "µs",
                repetitions: redrawResolvedOnOneThread.count))
            results += drawingOpened(count: count)
        }
        return results
    }

    /// What an app pays to open a drawing of the scene's `count` strokes (their samples placed as
    /// the scene places their outlines): `TouchInkController` outlines and resolves every stroke
    /// and repaints the canvas; and a repaint of the whole canvas from those outlines (an undo or
    /// an erase over all of it).
    private func drawingOpened(count: Int) -> [BenchmarkResult] {
        guard !sceneStrokes.isEmpty else { return [] }
        let drawing = placedDrawing(count: count, of: Array(sceneStrokes))
        let canvas = InkCanvas(width: RedrawScene.canvasSize.x, height: RedrawScene.canvasSize.y)
        let opening = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { _ = TouchInkController(canvas: canvas, drawing: drawing) }
        let outlines = drawing.strokeOutlines(resolvingOverlaps: true)
        let kept = zip(drawing.strokes, outlines).compactMap { record, outline in outline.map { (piece: $0, color: record.color) } }
        let repainting = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { canvas.repaint(canvas.image.bounds, from: kept) }
        return [
            BenchmarkResult(group: "frame", name: "opening a drawing of \(count) strokes", value: Stopwatch.median(opening) * 1e6, unit: "µs", repetitions: opening.count),
            BenchmarkResult(
                group: "frame", name: "canvas repaint of \(count) strokes", value: Stopwatch.median(repainting) * 1e6, unit: "µs", repetitions: repainting.count),
        ]
    }

    /// The number of strokes of the large full redraw (`bench`'s frame group and `--redraw-scene`).
    public static let redrawStrokes = 10_000

    /// The scene whose full redraw `frameCost` times: `count` finished strokes placed over the
    /// canvas (empty without ink); with `resolved`, each outline resolved to the boundary of its
    /// ink first (`OutlinePiece.resolvingOverlaps()`).
    public func redrawScene(count: Int, resolved: Bool = false) -> RedrawScene {
        RedrawScene(count: count, outlines: resolved ? redrawOutlines.map { $0.resolvingOverlaps() } : redrawOutlines)
    }

    /// The strokes a redraw scene places: the first 2,000 of the benchmark ink.
    var sceneStrokes: ArraySlice<[Sample]> { ink.strokes.prefix(2000) }

    /// The outlines a redraw scene places: the batch outlines of `sceneStrokes`.
    private var redrawOutlines: [OutlinePiece] {
        sceneStrokes.compactMap { InkStroke.outline(for: $0, style: Self.pressureStyle) }
    }

    /// A drawing of `count` of `strokes` (taken in turn; none when empty), each moved to where the
    /// redraw scene places its outline.
    func placedDrawing(count: Int, of strokes: [[Sample]]) -> Drawing {
        Drawing(strokes: strokes.isEmpty ? [] : (0..<count).map { index in
            StrokeRecord(samples: strokes[index % strokes.count].map { moved($0, by: RedrawScene.offset(of: index)) })
        })
    }

    /// Pixels covered per second when filling one large disc, many small ones, and long thin
    /// strokes (3 px wide diagonals across the canvas); `tools/compare_with_cairo.py --timing` fills
    /// the same shapes with Cairo.
    public func fillRate() -> [BenchmarkResult] {
        func disc(_ center: Point2D, _ radius: Double) -> [Point2D] {
            (0..<64).map { index in
                let angle = Double(index) / 64 * 2 * Double.pi
                return center + Point2D(cos(angle), sin(angle)) * radius
            }
        }
        let rasterizer = Rasterizer()
        var bitmap = Bitmap(width: 2048, height: 1536, color: .white)
        let large = disc(Point2D(1024, 768), 700)
        let small = (0..<2000).map { index -> [Point2D] in
            let center = Point2D(Double(20 + (index * 37) % 2000), Double(20 + (index * 53) % 1490))
            return disc(center, 5)
        }
        let largeTimes = Stopwatch.measure(repetitions: repetitions) { bitmap.fill(large, color: .black, opacity: 0.5, using: rasterizer) }
        let smallTimes = Stopwatch.measure(repetitions: repetitions) {
            for polygon in small { bitmap.fill(polygon, color: .black, opacity: 0.5, using: rasterizer) }
        }
        let diagonals = Self.thinStrokes.map { Outline.polygon(around: [CentrelineVertex(position: $0.0, width: 3), CentrelineVertex(position: $0.1, width: 3)]) }
        let thinTimes = Stopwatch.measure(repetitions: repetitions) {
            for polygon in diagonals { bitmap.fill(polygon, color: .black, opacity: 0.5, using: rasterizer) }
        }
        let thinArea = Self.thinStrokes.reduce(0) { $0 + $1.0.distance(to: $1.1) * 3 + Double.pi * 1.5 * 1.5 }
        let largeArea = Double.pi * 700 * 700, smallArea = Double.pi * 25 * 2000
        return [
            BenchmarkResult(group: "fill", name: "one disc of radius 700 px", value: largeArea / Stopwatch.median(largeTimes) / 1e6, unit: "Mpixels/s", repetitions: largeTimes.count),
            BenchmarkResult(group: "fill", name: "2000 discs of radius 5 px", value: smallArea / Stopwatch.median(smallTimes) / 1e6, unit: "Mpixels/s", repetitions: smallTimes.count),
            BenchmarkResult(group: "fill", name: "20 thin diagonal strokes", value: thinArea / Stopwatch.median(thinTimes) / 1e6, unit: "Mpixels/s", repetitions: thinTimes.count),
        ]
    }

    /// The long thin strokes of the fill benchmark: 20 diagonals and near-diagonals across a
    /// 2048 × 1536 canvas, as (start, end) in pixels.
    public static let thinStrokes: [(Point2D, Point2D)] = (0..<20).map { index in
        let shift = Double(index) * 60
        return (Point2D(20 + shift, 20), Point2D(2028 - shift, 1516))
    }

    /// How fast FreehandKit JSON of `drawing` is read (into a drawing) and written, megabytes of
    /// JSON per second.
    public func jsonSpeed(of drawing: Drawing) -> [BenchmarkResult] {
        guard let data = try? InkJSON.data(for: drawing), !data.isEmpty else { return [] }
        let megabytes = Double(data.count) / 1_000_000
        let reads = Stopwatch.measure(repetitions: repetitions) { _ = try? InkJSON.drawing(from: data) }
        let writes = Stopwatch.measure(repetitions: repetitions) { _ = try? InkJSON.data(for: drawing) }
        return [
            BenchmarkResult(group: "io", name: "FreehandKit JSON read (\(data.count / 1000) kB)", value: megabytes / Stopwatch.median(reads), unit: "MB/s", repetitions: reads.count),
            BenchmarkResult(group: "io", name: "FreehandKit JSON write", value: megabytes / Stopwatch.median(writes), unit: "MB/s", repetitions: writes.count),
        ]
    }

    /// Bytes per sample of `drawing` (recordings as read, in their own units) in the drawing
    /// model and in every ink format; of `drawn` (the same recordings as exports draw them:
    /// `Drawing.inPoints`) in the image formats (SVG, PDF); and the peak memory of rendering a
    /// drawing of `renderedStrokes` strokes on a 2048 × 1536 canvas (to a bitmap, then PNG).
    public func memory(storing drawing: Drawing, drawn: Drawing, renderedStrokes: Int = 10_000) -> [BenchmarkResult] {
        let samples = Double(Swift.max(1, drawing.sampleCount))
        func perSample(_ name: String, _ bytes: Int) -> BenchmarkResult {
            BenchmarkResult(group: "memory", name: name, value: Double(bytes) / samples, unit: "bytes/sample", repetitions: 1)
        }
        let stored = drawing.strokes.reduce(0) { $0 + $1.samples.memoryFootprint }
        let records = drawing.strokes.reduce(0) { $0 + $1.samples.memoryFootprint - MemoryLayout<StoredSamples>.size }
            + drawing.strokes.count * MemoryLayout<StrokeRecord>.stride
        var results = [
            BenchmarkResult(group: "memory", name: "Sample value (live input)", value: Double(MemoryLayout<Sample>.stride), unit: "bytes/sample", repetitions: 1),
            perSample("drawing model: stored samples", stored),
            perSample("drawing model: whole stroke records", records),
            BenchmarkResult(
                group: "memory", name: "drawing model: widest stroke", value: Double(drawing.strokes.map(\.samples.stride).max() ?? 0),
                unit: "bytes/sample", repetitions: 1),
        ]
        // Recorded ink is finite, so every format can hold it; one that cannot is left out of the table.
        for format in InkFileFormat.allCases where format != .png {
            if let bytes = try? format.bytes(for: format.isReadable ? drawing : drawn) {
                results.append(perSample("file: \(format.rawValue)\(format.isReadable ? "" : ", drawn in points")", bytes.count))
            }
        }
        results.append(renderingPeak(strokes: renderedStrokes))
        return results
    }

    /// The growth of resident memory while a drawing of `count` real strokes (tiled over a
    /// 2048 × 1536 canvas) is rendered to a bitmap and encoded as PNG.
    private func renderingPeak(strokes count: Int) -> BenchmarkResult {
        let drawing = placedDrawing(count: count, of: ink.strokes)
        let exact = ResidentMemory.resetPeak()
        let before = ResidentMemory.current()
        let png = DrawingExport.png(drawing, size: Point2D(2048, 1536))
        let growth = ResidentMemory.peak() - before
        precondition(!png.isEmpty)
        return BenchmarkResult(
            group: "memory", name: "rendering \(count) strokes to PNG: peak growth\(exact ? "" : " (lifetime peak)")",
            value: Double(Swift.max(0, growth)) / 1_048_576, unit: "MiB", repetitions: 1)
    }

    func moved(_ sample: Sample, by offset: Point2D) -> Sample {
        var copy = sample
        copy.location += offset
        return copy
    }
}
