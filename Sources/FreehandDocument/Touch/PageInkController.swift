import FreehandKit
import FreehandRender

/// A page to write and draw on that pans and zooms (a note page in a scroll view, as
/// `PKCanvasView`): a `TouchInkController` whose finished ink lives in a `TiledCanvas`, and the
/// viewport the view shows. Everything a zoomable view decides, platform-neutral.
///
/// The view tells it where it looks (`show(_:)`, on every scroll or pinch frame): the canvas
/// becomes the viewport's pixels, filled from the cached tiles at once — the nearest zoom's tiles
/// scaled where the new zoom has none yet. The view then calls `renderMissingTiles(limit:)` between
/// frames until `hasTilesToRender` is false: the visible tiles first, then the ring just beyond
/// the edges, so that a pan finds its new tiles ready. When a pinch ends, `settle()` outlines the
/// ink again for the zoom (no facets zoomed in, fewer vertices zoomed out).
///
/// Touches come in view points (`handle(_:screenScale:)`), which it turns into page points. Live
/// ink is drawn on the canvas over the tiles; a finished stroke is drawn into the cached tiles it
/// crosses, and an edit (an erase, an undo, a selection moved or restyled) marks only the tiles
/// under it out of date and renders the visible ones again at once. Pencil ink is drawn without
/// grain on a page (its pixels move). The controller's `fit` and `replaceCanvas` do nothing on a
/// page: `show(_:)` sizes its canvas. A class, as the canvas is; not safe to share between threads.
///
/// With `PageComposition.layers` (what `FreehandPageView` uses) the finished ink is never copied
/// into the canvas: the view shows the tiles as compositor layers in page points
/// (`layerChanges()`), which the compositor moves and scales, renders missing tiles on a
/// background task (`tileRenderJobs(limit:)`, `accept(_:)`) and outlines the ink for a new zoom
/// there too (`outlineJob()`, `adopt(_:)`); the canvas holds live ink alone, and a scroll frame
/// costs the main thread only the tiles' bookkeeping.
public final class PageInkController {
    /// The touches, the drawing and its edits, and the canvas: the viewport's pixels.
    public let controller: TouchInkController
    /// The finished ink: the tiles, the viewport, the composition — given to the controller, which
    /// keeps it in step with the drawing.
    private let finished: PageTiles
    /// The finished ink as tiles cached per zoom, kept in step with the drawing by the controller:
    /// read it (a view that composites tiles itself), do not edit it.
    public var tiles: TiledCanvas { finished.tiles }
    /// What the view shows now.
    public var viewport: Viewport { finished.viewport }
    /// Where the finished ink is composited: into the canvas, or by the view's tile layers.
    public var composition: PageComposition { finished.composition }
    /// The tiles the view's layers show (`.layers`).
    private var layerSet = TileLayerSet()
    /// True when the viewport moved on while the canvas had nothing live to show (`.layers`): the
    /// canvas follows before the next touch.
    private var canvasIsBehind = false

    /// A page showing `drawing` through `viewport` on `background`, new strokes in `preset` and
    /// `color`, its tiles kept within `memoryBudget` bytes (default 96 MiB), at most `undoLimit`
    /// edits kept (nil: unlimited), the finished ink composited as `composition` says (default
    /// `.canvas`). Ink is outlined for the viewport's zoom.
    public init(
        drawing: Drawing = Drawing(), preset: InkPreset = .handwriting, color: RGBAColor = .black, background: RGBAColor = .white,
        viewport: Viewport, memoryBudget: Int = 96 << 20, undoLimit: Int? = nil, composition: PageComposition = .canvas
    ) {
        finished = PageTiles(
            tiles: TiledCanvas(background: background, memoryBudget: memoryBudget), composition: composition, viewport: viewport)
        controller = TouchInkController(
            canvas: InkCanvas(viewport: viewport, background: finished.canvasBackground), drawing: drawing, preset: preset, color: color,
            undoLimit: undoLimit, page: finished, outlineScale: Self.outlineScale(forZoom: viewport.zoom))
    }

    /// The canvas's background: the paper, or transparent when it holds live ink alone.
    private var canvasBackground: RGBAColor { finished.canvasBackground }

    /// The canvas: the viewport's pixels, finished ink from the tiles and live ink over it.
    public var canvas: InkCanvas { controller.canvas }
    /// The drawing so far.
    public var drawing: Drawing { controller.drawing }
    /// True while some tile of the viewport, or of the ring just beyond its edges, is missing or out
    /// of date: the view calls `renderMissingTiles(limit:)` again.
    public var hasTilesToRender: Bool { tiles.missingTileCount > 0 || tiles.aheadTileCount > 0 }
    /// True when every visible tile is sharp and up to date.
    public var isSharp: Bool { tiles.missingTileCount == 0 }

    /// The page point under pixel `pixel` of the view (device pixels from its top-left corner).
    public func pagePoint(atViewPixel pixel: Point2D) -> Point2D {
        (pixel + viewport.pixelOrigin) / viewport.zoom
    }

    /// The page point under `point` of the view (points from its top-left corner, on a screen of
    /// `screenScale` pixels a point).
    public func pagePoint(atViewPoint point: Point2D, screenScale: Double) -> Point2D {
        pagePoint(atViewPixel: point * screenScale)
    }

    /// How far a finger moves before it claims the drawing gesture, view points, whatever the
    /// zoom (`DrawingGesture.fingerClaimDistance` is set from it in page points). Default 10.
    public var fingerClaimDistance = 10.0
    /// A finger contact at least this large, view points of radius, landing while a pencil draws is
    /// a palm, whatever the zoom (the controller's `palmRadius` is set from it in page points).
    /// Default 30; nil: no palm rule.
    public var palmRadius: Double? = 30
    /// How far outside the selection a lasso touch may land and still drag it, view points, at any
    /// zoom (the controller's `selectionHitMargin` is set from it in page points). Default 8.
    public var selectionHitMargin = 8.0

    /// Takes a touch event whose readings are in the view's points (on a screen of `screenScale`
    /// pixels a point): their locations become page points and a finger's contact radius shrinks
    /// with the zoom (a fingertip covers fewer page points zoomed in), and a finger claims the
    /// gesture after `fingerClaimDistance` view points; then the controller handles it. Returns
    /// the canvas's pixels that changed, or nil.
    @discardableResult
    public func handle(_ event: TouchEvent, screenScale: Double) -> PixelRect? {
        let scale = screenScale > 0 && screenScale.isFinite ? screenScale : 1
        catchUpCanvas()
        controller.gesture.fingerClaimDistance = fingerClaimDistance * scale / viewport.zoom
        controller.palmRadius = palmRadius.map { $0 * scale / viewport.zoom }
        controller.selectionHitMargin = selectionHitMargin * scale / viewport.zoom
        var event = event
        event.samples = event.samples.map { onPage($0, screenScale: scale) }
        event.predicted = event.predicted.map { onPage($0, screenScale: scale) }
        return controller.handle(event)
    }

    /// A reading in view points (on a screen of `scale` pixels a point, positive) as the page takes it.
    private func onPage(_ sample: TouchSample, screenScale scale: Double) -> TouchSample {
        var sample = sample
        sample.location = pagePoint(atViewPoint: sample.location, screenScale: scale)
        sample.preciseLocation = sample.preciseLocation.map { pagePoint(atViewPoint: $0, screenScale: scale) }
        sample.majorRadius = sample.majorRadius.map { $0 * scale / viewport.zoom }
        return sample
    }

    /// Shows `viewport` (a scroll or a pinch frame): the canvas becomes its pixels from the cached
    /// tiles — on a pan its pixels move in place and only the strip it uncovers is painted;
    /// strokes being drawn are abandoned (a pan or a pinch takes two fingers), except with
    /// `.layers` on a pan, where they move with the page and go on. Returns the
    /// canvas's pixels (all of them), or nil when the viewport is the one shown — and with
    /// `.layers`, when nothing is live: the canvas (transparent) follows before the next touch,
    /// and the view moves only its tile layers (`layerChanges()`).
    @discardableResult
    public func show(_ viewport: Viewport) -> PixelRect? {
        guard viewport != self.viewport else { return nil }
        let old = self.viewport
        finished.viewport = viewport
        if composition == .layers, canvas.liveStrokeCount == 0 {
            canvasIsBehind = true
            return nil
        }
        canvasIsBehind = false
        // A pan: the canvas moves its pixels and paints only what it uncovers. With layers, a
        // stroke being drawn moves with the page and goes on (a scroll's deceleration or bounce
        // under a pen).
        if viewport.zoom == old.zoom, viewport.width == old.width, viewport.height == old.height,
            let dirty = controller.scroll(toPixelOrigin: viewport.pixelOrigin, keepingLiveInk: composition == .layers)
        {
            return dirty
        }
        return controller.move(to: InkCanvas(viewport: viewport, background: canvasBackground))
    }

    /// Brings a canvas left behind by `show(_:)` to the viewport: moved without a pixel copy when
    /// the zoom and size are the same, else made anew (transparent: nothing was live on it).
    private func catchUpCanvas() {
        guard canvasIsBehind else { return }
        canvasIsBehind = false
        if canvas.scale == viewport.zoom, canvas.width == viewport.width, canvas.height == viewport.height,
            canvas.reposition(toPixelOrigin: viewport.pixelOrigin)
        {
            return
        }
        controller.move(to: InkCanvas(viewport: viewport, background: canvasBackground))
    }

    // MARK: - Tile layers and background work

    /// What the view's tile layers do to show the viewport now (`.layers`): tiles to add or give new
    /// pixels, tiles to take away. A view calls it after each scroll or pinch frame and each
    /// change, and does no other pixel work for a frame.
    ///
    /// - Complexity: O(t) for the viewport's t tiles (about 100 at 2732 × 2048).
    public func layerChanges() -> TileLayerChanges {
        layerSet.update(to: tiles.frame(for: viewport))
    }

    /// Up to `limit` missing tiles, the visible ones nearest the centre first, as jobs to render on
    /// a background task; their results come back through `accept(_:)`.
    public func tileRenderJobs(limit: Int) -> [TileRenderJob] {
        tiles.renderJobs(limit: limit)
    }

    /// Takes tiles rendered by jobs (results for ink that changed meanwhile are dropped and handed
    /// out again); with `.canvas`, repaints the canvas where visible tiles became sharp. Returns
    /// the canvas's pixels that changed, or nil (always nil with `.layers`: `layerChanges()` says
    /// what to show).
    @discardableResult
    public func accept(_ rendered: [RenderedTile]) -> PixelRect? {
        guard let area = tiles.accept(rendered), composition == .canvas else { return nil }
        return finished.repaint(canvas.pixels(covering: area), of: canvas)
    }

    /// Releases the cached tiles the view does not show now (a memory warning); returns how many.
    @discardableResult
    public func releaseTiles() -> Int { tiles.removeTilesNotShown() }

    /// When the zoom has moved to another power of two since the ink was outlined (a pinch ended),
    /// the outlining to run on a background task; nil when the outlines fit the zoom.
    public func outlineJob() -> PageOutlineJob? {
        let scale = Self.outlineScale(forZoom: viewport.zoom)
        guard scale != controller.session.outlineScale else { return nil }
        return controller.session.outlineJob(scale: scale)
    }

    /// Takes outlines from a job: every tile is out of date and rendered again from them (shown as
    /// they were until then), as `settle()` does. False when the drawing changed since the job was
    /// made or the zoom moved to another power of two (run a new `outlineJob()`).
    @discardableResult
    public func adopt(_ outlines: PageOutlines) -> Bool {
        guard outlines.revision == controller.session.revision, outlines.scale == Self.outlineScale(forZoom: viewport.zoom),
            controller.adoptOutlines(outlines.outlines, scale: outlines.scale)
        else { return false }
        _ = tiles.frame(for: viewport)
        return true
    }

    /// Renders up to `limit` tiles still missing, the visible ones first (nearest the centre), then
    /// those just beyond the edges, on up to `maximumThreads` cores, and repaints the canvas where
    /// visible tiles became sharp. A view calls it between frames, a few tiles at a time, until
    /// `hasTilesToRender` is false. Returns the canvas's pixels that changed, or nil.
    @discardableResult
    public func renderMissingTiles(limit: Int = 4, maximumThreads: Int = 2) -> PixelRect? {
        guard tiles.renderMissingTiles(limit: limit, maximumThreads: maximumThreads) > 0, let area = tiles.lastRenderedArea else { return nil }
        return finished.repaint(canvas.pixels(covering: area), of: canvas)
    }

    /// Outlines the ink again for the viewport's zoom when it has moved to another power of two
    /// since the ink was outlined (a pinch ended): every tile is out of date and rendered again
    /// from the new outlines, the visible ones first (`renderMissingTiles`); the canvas shows the
    /// old ones until then. Returns true when the ink was outlined again.
    @discardableResult
    public func settle() -> Bool {
        let scale = Self.outlineScale(forZoom: viewport.zoom)
        guard scale != controller.session.outlineScale else { return false }
        controller.setOutlineScale(scale)
        _ = tiles.frame(for: viewport)
        return true
    }

    /// The outline scale a page uses at `zoom` pixels a point: the power of two at or above it, so
    /// that a pinch within one octave outlines nothing again, and an outline is never coarser than
    /// the pixels it is shown at.
    public static func outlineScale(forZoom zoom: Double) -> Double {
        let zoom = Swift.min(64, Swift.max(1.0 / 64, zoom.isFinite ? zoom : 1))
        var scale = 1.0 / 64
        while scale < zoom { scale *= 2 }
        return scale
    }
}
