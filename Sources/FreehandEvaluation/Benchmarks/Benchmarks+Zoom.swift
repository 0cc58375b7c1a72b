import FreehandKit
import FreehandRender

extension Benchmarks {
    /// The view of the zoom trace: an iPad Pro 12.9″ screen, device pixels.
    public static let zoomView = (width: 2732, height: 2048)

    /// A zoom and pan trace on the redraw scene's page of `count` strokes (2048 × 1536 points)
    /// drawn by a `TiledCanvas` into a 2732 × 2048 pixel view, each figure beside the full redraw
    /// of that view as one bitmap (one core, same run):
    ///
    /// - `zoom: full redraw` — every stroke rendered into the view at the trace's zoom (2×). The
    ///   outlines are resolved (`OutlinePiece.resolvingOverlaps()`), as an app keeps them, for the
    ///   redraw and the tiles alike.
    /// - `zoom: pan frame` — a pan of one tile (256 px) at 2×: the frame, the column of tiles it
    ///   uncovers rendered on one core, the frame again (median of the pans across the page).
    /// - `zoom: first frame` — a zoom step (× 1.25 about the centre): the frame from cached tiles,
    ///   scaled where the new zoom has none (what a view hands its compositor at once); and
    ///   `zoom: first frame, composited` — those tiles drawn into the view's bitmap on the
    ///   processor, for a front end without a compositor.
    /// - `zoom: sharp` — every visible tile of the new zoom rendered, on two cores.
    /// - `zoom: live frame` — a frame of a pencil stroke drawn at 2× (4 samples and 2 predicted):
    ///   the stroke's update and its dirty rectangle recomposited from the tiles with the live ink
    ///   over them.
    /// - `zoom: tile memory` — the most the tiles took at any step of the trace, MiB, with the
    ///   budget (default 96 MiB) beside it.
    public func zoomTrace(count: Int = Benchmarks.redrawStrokes) -> [BenchmarkResult] {
        // The outlines resolved to their ink's boundaries, as an app keeps finished strokes
        // (`TouchInkController` does), for the full redraw and the tiles alike.
        let outlines = sceneStrokes.compactMap { InkStroke.outline(for: $0, style: Self.pressureStyle)?.resolvingOverlaps() }
        guard !outlines.isEmpty else { return [] }
        let ink = RedrawScene(count: count, outlines: outlines).pieces.map { (piece: $0, color: RGBAColor.black) }
        let (width, height) = Self.zoomView
        let zoom = 2.0
        var viewport = Viewport(origin: Point(64, 48), zoom: zoom, width: width, height: height)
        // The reference: the view as one bitmap, every stroke that reaches it, one core.
        var renderer = InkRenderer(size: Point(Double(width), Double(height)))
        renderer.maximumThreads = 1
        let origin = Point((viewport.origin.x * zoom).rounded(), (viewport.origin.y * zoom).rounded())
        let placed = ink.map { (piece: $0.piece.scaled(by: zoom).offset(by: -origin), color: $0.color) }
        let full = Stopwatch.median(Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 1) { _ = renderer.render(placed) })

        let canvas = TiledCanvas()
        canvas.setInk(ink)
        var largest = 0
        func settle(_ viewport: Viewport) {
            _ = canvas.frame(for: viewport)
            canvas.renderMissingTiles(maximumThreads: 2)
            _ = canvas.frame(for: viewport)
            largest = Swift.max(largest, canvas.tileMemory)
        }
        settle(viewport)
        // Pans of one tile to the right across the page, then down: the column or row it
        // uncovers rendered in the frame on one core (no tiles rendered ahead)…
        var pans: [Double] = [], pansAhead: [Double] = []
        for step in 0..<(quick ? 3 : 8) {
            let next = viewport.panned(by: step < 4 ? Point(256, 0) : Point(0, 256))
            pans.append(Stopwatch.time {
                _ = canvas.frame(for: next)
                canvas.renderMissingTiles(maximumThreads: 1, ahead: false)
                _ = canvas.frame(for: next)
            })
            viewport = next
            largest = Swift.max(largest, canvas.tileMemory)
        }
        // …and as a view pans, its renderer keeping the ring beyond the edges ready: the frame
        // finds the uncovered tiles rendered (the ring's next tiles are rendered after it, off
        // the frame).
        for step in 0..<(quick ? 3 : 8) {
            canvas.renderMissingTiles(maximumThreads: 2)
            let next = viewport.panned(by: step < 4 ? Point(-256, 0) : Point(0, -256))
            var sharp = false
            pansAhead.append(Stopwatch.time { sharp = canvas.frame(for: next).isSharp })
            precondition(sharp, "the ring was rendered")
            viewport = next
            largest = Swift.max(largest, canvas.tileMemory)
        }
        // Zoom steps in and out: the first frame from cached tiles, then every tile sharp.
        var firsts: [Double] = [], composited: [Double] = [], sharps: [Double] = []
        var image = Bitmap(width: width, height: height)
        for step in 0..<(quick ? 2 : 4) {
            // Each step to a zoom not seen before: 2.5, 3.125, then 2.1875, 1.53.
            let next = viewport.zoomed(by: step < 2 ? 1.25 : 0.7, about: Point(Double(width) / 2, Double(height) / 2))
            var frame: TileFrame?
            firsts.append(Stopwatch.time { frame = canvas.frame(for: next) })
            composited.append(Stopwatch.time { frame?.composite(into: &image, area: image.bounds) })
            sharps.append(Stopwatch.time { canvas.renderMissingTiles(maximumThreads: 2, ahead: false) })
            canvas.renderMissingTiles(maximumThreads: 2)
            largest = Swift.max(largest, canvas.tileMemory)
            viewport = next
        }
        // A stroke drawn while zoomed: each frame's dirty rectangle from the tiles, live ink over it.
        viewport = Viewport(origin: Point(400, 300), zoom: zoom, width: width, height: height)
        settle(viewport)
        let frame = canvas.frame(for: viewport)
        frame.composite(into: &image, area: image.bounds)
        let samples = self.ink.longStroke(count: 6 * (quick ? 60 : 240))
        var stroke = InkStroke(style: Self.pressureStyle.fitted(toPixelsPerPoint: zoom), outputs: .outlinePieces)
        var committed: [(piece: OutlinePiece, color: RGBAColor)] = []
        var lives: [Double] = []
        let shift = Point(700, 500)
        for step in 0..<(samples.count / 6) {
            let base = step * 6
            let coalesced = samples[base..<(base + 4)].map { moved($0, by: shift) }
            let predicted = samples[(base + 4)..<(base + 6)].map { moved($0, by: shift) }
            lives.append(Stopwatch.time {
                guard let update = try? stroke.append(coalesced, predicted: predicted) else { return }
                committed += update.committed.map { (piece: $0, color: RGBAColor.black) }
                guard let dirty = update.dirtyRect else { return }
                let area = PixelRect(covering: Rect(min: dirty.min * zoom - frame.pixelOrigin, max: dirty.max * zoom - frame.pixelOrigin))
                var live = committed.filter { $0.piece.bounds.map { $0.intersects(dirty) } ?? false }
                if let provisional = stroke.provisionalInk().outline { live.append((piece: provisional, color: .black)) }
                frame.composite(into: &image, area: area, over: live)
            })
        }
        func row(_ name: String, _ seconds: [Double], unit: String = "ms") -> [BenchmarkResult] {
            let value = Stopwatch.median(seconds)
            return [
                BenchmarkResult(group: "zoom", name: name, value: value * 1e3, unit: unit, repetitions: seconds.count),
                BenchmarkResult(group: "zoom", name: name + " ÷ full redraw", value: value / full, unit: "×", repetitions: seconds.count),
            ]
        }
        return [BenchmarkResult(group: "zoom", name: "zoom: full redraw", value: full * 1e3, unit: "ms", repetitions: quick ? 1 : 3)]
            + row("zoom: pan frame", pans) + row("zoom: pan frame, tiles rendered ahead", pansAhead) + row("zoom: first frame", firsts) + row("zoom: first frame, composited", composited)
            + row("zoom: sharp", sharps) + row("zoom: live frame", lives)
            + [
                BenchmarkResult(group: "zoom", name: "zoom: tile memory", value: Double(largest) / 1_048_576, unit: "MiB", repetitions: 1),
                BenchmarkResult(group: "zoom", name: "zoom: tile memory budget", value: Double(canvas.memoryBudget) / 1_048_576, unit: "MiB", repetitions: 1),
            ]
    }
}
