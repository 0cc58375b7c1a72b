import Foundation
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
    /// - `zoom: pan frame` — the slowest frame of a pan at 3,000 px/s and 120 Hz across the page
    ///   at 2× (`zoom: pan frame, median` its median): the frame from the tiles, any visible tile
    ///   still missing rendered in it on one core; between frames, for the rest of the 8.3 ms, the
    ///   ring of tiles beyond the edges rendered ahead, a tile at a time (a tile that runs over
    ///   the frame makes the next one late, counted in its time). It starts from an empty cache,
    ///   the first view settled. Every frame is sharp.
    /// - `zoom: pan frame, composited` — the slowest frame of the same pan for a view that
    ///   composites on the processor: its canvas moved in place, the strip uncovered painted from
    ///   the tiles.
    /// - `zoom: pan frame, tile layers` — the slowest frame of the same pan for a view whose
    ///   compositor shows the tiles as layers (`FreehandPageView`, `PageComposition.layers`): what
    ///   its main thread does, the frame's tiles looked up and the layer changes found
    ///   (`TileLayerSet.update(to:)`); rendering runs on other threads (`… median` its median).
    /// - `zoom: pan frame, new column rendered in the frame` — a pan that outruns the renderer
    ///   (one tile, 256 px, at once, nothing rendered ahead): the column or row of tiles it
    ///   uncovers rendered in the frame on one core (median); `zoom: pan speed kept sharp` — the
    ///   pan speed one core rendering such columns back to back keeps up with, px/s.
    /// - `zoom: first frame` — a zoom step (× 1.25 about the centre): the frame from cached tiles,
    ///   scaled where the new zoom has none (what a view hands its compositor at once); and
    ///   `zoom: first frame, composited` — those tiles drawn into the view's bitmap on the
    ///   processor, for a front end without a compositor.
    /// - `zoom: sharp` — every visible tile of the new zoom rendered, on two cores.
    /// - `zoom: live frame` — a frame of a pencil stroke drawn at 2× (4 samples and 2 predicted) as
    ///   a page view draws it: the stroke's update, then its live ink drawn by the view's `InkCanvas`
    ///   (painted from the tiles once, `InkCanvas.repaint(_:from:)`), committed pieces kept and the
    ///   provisional tail redrawn (`InkCanvas.drawInk`).
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
        let home = Viewport(origin: Point2D(64, 48), zoom: zoom, width: width, height: height)
        var viewport = home
        // The reference: the view as one bitmap, every stroke that reaches it, one core.
        var renderer = InkRenderer(size: Point2D(Double(width), Double(height)))
        renderer.maximumThreads = 1
        let origin = Point2D((viewport.origin.x * zoom).rounded(), (viewport.origin.y * zoom).rounded())
        let placed = ink.map { (piece: $0.piece.scaled(by: zoom, movedBy: -origin), color: $0.color) }
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
        // A pan that outruns the background renderer: one tile to the right or down at once, the
        // column or row it uncovers rendered in the frame on one core (nothing rendered ahead).
        var columns: [Double] = []
        for step in 0..<(quick ? 3 : 9) {
            canvas.renderMissingTiles(maximumThreads: 2, ahead: false)
            let tile = Double(TiledCanvas.tileSize)
            let next = viewport.panned(by: step < 5 ? Point2D(tile, 0) : Point2D(0, tile))
            _ = canvas.frame(for: next)
            defer { viewport = next }
            // (The first finds its column ready: `settle` rendered the ring.)
            guard canvas.missingTileCount > 0 else { continue }
            columns.append(Stopwatch.time {
                canvas.renderMissingTiles(maximumThreads: 1, ahead: false)
                _ = canvas.frame(for: next)
            })
            largest = Swift.max(largest, canvas.tileMemory)
        }
        // Back at the start with an empty cache, the view settled (its tiles and the ring beyond
        // rendered), a pan as a view makes it: 120 frames a second at 3,000 px/s (25 px a frame, a
        // brisk pan), 1,200 px right across the page, 600 down, then back left. Each frame shows the
        // viewport from the tiles and renders there any visible tile still missing (one core).
        // Between frames, for what is left of the frame's 8.3 ms, a background renderer renders
        // the ring of tiles beyond the edges, a tile at a time while a tile of the median time so
        // far still fits (here on the same core, after the frame: less time than a second core
        // would give it); a tile that runs over makes the next frame late by as much, counted in
        // its time.
        // Beside it, what a view that composites on the processor pays (`FreehandPageView`): its
        // canvas moved in place and the strip the pan uncovers painted from the tiles.
        canvas.removeAllTiles()
        viewport = home
        settle(viewport)
        let view = InkCanvas(viewport: viewport, background: canvas.background)
        view.repaint(view.image.bounds, from: canvas.frame(for: viewport))
        let interval = 1.0 / 120
        var panFrames: [Double] = [], panComposites: [Double] = [], panLayers: [Double] = []
        var layers = TileLayerSet()
        _ = layers.update(to: canvas.frame(for: viewport))
        var overrun = 0.0, tileTimes: [Double] = []
        let legs = quick ? (24, 36, 60) : (48, 72, 120)
        for step in 0..<legs.2 {
            let move = step < legs.0 ? Point2D(25, 0) : (step < legs.1 ? Point2D(0, 25) : Point2D(-25, 0))
            let next = viewport.panned(by: move)
            let began = DispatchTime.now().uptimeNanoseconds
            func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9 }
            panLayers.append(Stopwatch.time { _ = layers.update(to: canvas.frame(for: next)) })
            var frame = canvas.frame(for: next)
            let frameTime = Stopwatch.time {
                frame = canvas.frame(for: next)
                if !frame.isSharp, canvas.renderMissingTiles(maximumThreads: 1, ahead: false) > 0 { frame = canvas.frame(for: next) }
            }
            precondition(frame.isSharp, "every frame of the pan is sharp")
            panFrames.append(frameTime + overrun)
            panComposites.append(Stopwatch.time {
                for strip in view.scroll(toPixelOrigin: next.pixelOrigin) ?? [] { view.repaint(strip, from: frame) }
            })
            while interval - elapsed() > Stopwatch.median(tileTimes) {
                var rendered = 0
                let time = Stopwatch.time { rendered = canvas.renderMissingTiles(limit: 1, maximumThreads: 1) }
                if rendered == 0 { break }
                tileTimes.append(time)
            }
            overrun = Swift.max(0, elapsed() - interval)
            viewport = next
            largest = Swift.max(largest, canvas.tileMemory)
        }
        // Zoom steps in and out: the first frame from cached tiles, then every tile sharp.
        var firsts: [Double] = [], composited: [Double] = [], sharps: [Double] = []
        var image = Bitmap(width: width, height: height)
        for step in 0..<(quick ? 2 : 4) {
            // Each step to a zoom not seen before: 2.5, 3.125, then 2.1875, 1.53.
            let next = viewport.zoomed(by: step < 2 ? 1.25 : 0.7, about: Point2D(Double(width) / 2, Double(height) / 2))
            var frame: TileFrame?
            firsts.append(Stopwatch.time { frame = canvas.frame(for: next) })
            composited.append(Stopwatch.time { frame?.composite(into: &image, area: image.bounds) })
            sharps.append(Stopwatch.time { canvas.renderMissingTiles(maximumThreads: 2, ahead: false) })
            canvas.renderMissingTiles(maximumThreads: 2)
            largest = Swift.max(largest, canvas.tileMemory)
            viewport = next
        }
        // A stroke drawn while zoomed, as a page view draws it: the view's canvas painted from the
        // tiles once, then each frame the stroke's update and its live ink drawn by the canvas.
        viewport = Viewport(origin: Point2D(400, 300), zoom: zoom, width: width, height: height)
        settle(viewport)
        let frame = canvas.frame(for: viewport)
        let page = InkCanvas(viewport: viewport, background: canvas.background)
        page.repaint(page.image.bounds, from: frame)
        let samples = self.ink.longStroke(count: 6 * (quick ? 60 : 240))
        var stroke = InkStroke(style: Self.pressureStyle.fitted(toPixelsPerPoint: zoom), outputs: .outlinePieces)
        var lives: [Double] = []
        let shift = Point2D(700, 500)
        page.beginInk(0, tool: .ink, color: .black)
        for step in 0..<(samples.count / 6) {
            let base = step * 6
            let coalesced = samples[base..<(base + 4)].map { moved($0, by: shift) }
            let predicted = samples[(base + 4)..<(base + 6)].map { moved($0, by: shift) }
            lives.append(Stopwatch.time {
                guard let update = try? stroke.append(coalesced, predicted: predicted) else { return }
                page.drawInk(0, committed: update.committed, provisional: stroke.provisionalInk().outline)
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
            + row("zoom: pan frame", [panFrames.max() ?? 0]) + row("zoom: pan frame, median", panFrames)
            + row("zoom: pan frame, composited", [panComposites.max() ?? 0])
            + row("zoom: pan frame, tile layers", [panLayers.max() ?? 0]) + row("zoom: pan frame, tile layers, median", panLayers)
            + row("zoom: pan frame, new column rendered in the frame", columns)
            + [BenchmarkResult(group: "zoom", name: "zoom: pan speed kept sharp", value: Double(TiledCanvas.tileSize) / Swift.max(1e-9, Stopwatch.median(columns)), unit: "px/s", repetitions: columns.count)]
            + row("zoom: first frame", firsts) + row("zoom: first frame, composited", composited)
            + row("zoom: sharp", sharps) + row("zoom: live frame", lives)
            + [
                BenchmarkResult(group: "zoom", name: "zoom: tile memory", value: Double(largest) / 1_048_576, unit: "MiB", repetitions: 1),
                BenchmarkResult(group: "zoom", name: "zoom: tile memory budget", value: Double(canvas.memoryBudget) / 1_048_576, unit: "MiB", repetitions: 1),
            ]
    }
}
