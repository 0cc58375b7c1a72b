#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandKit
import FreehandRender
import UIKit

/// A page to write and draw on that pans and zooms, as `PKCanvasView` does: a scroll view whose
/// pinch zooms and whose two-finger drag pans, over a `PageInkController`, which makes every
/// decision (which touches draw, where they land on the page, which tiles to show and render,
/// when to outline the ink again for the zoom). The finished ink is a layer a tile, in page
/// points inside the zoomed content, which Core Animation moves and scales with the scroll view:
/// a scroll frame copies no pixel of the tiles already shown (`PageComposition.layers`). Missing
/// tiles are rendered on a background task, a few at a time, their layers' images made there too;
/// when a pinch ends the ink is outlined for the new zoom there as well. Live ink is drawn by a transparent view of its own over
/// the visible area. On a memory warning the tiles not shown are released; a page smaller than the
/// view (zoomed out) is centred within `contentInsets`.
///
/// One finger or a pencil draws (fingers follow `controller.fingerPolicy`); two fingers pan and
/// pinch — a second finger landing before the first has moved fails the drawing gesture. Once
/// fingers no longer draw (a pencil was used, under the default policy, or a pencil-only policy),
/// one finger pans too.
open class FreehandPageView: UIView, UIScrollViewDelegate, InkTouchTarget {
    /// Everything the view decides: touches, tiles, viewport, the drawing and its edits.
    public let page: PageInkController
    /// The scroll view that pans and zooms (zoom limits: `minimumZoomScale`, `maximumZoomScale`).
    public let scrollView = UIScrollView(frame: .zero)
    /// The gesture that draws.
    public let drawingGestureRecognizer = InkGestureRecognizer()
    /// Called after every change the user makes to the drawing (a stroke finished, erased,
    /// undone, redone, cleared); not for `load(_:)`, whose caller already has the drawing.
    public var onChange: ((Drawing) -> Void)?
    /// Called when the zoom scale changed (a pinch, or `zoomScale` set).
    public var onZoom: ((CGFloat) -> Void)?
    /// Room the app keeps around the page (a toolbar over it), points; a zoomed-out page is centred
    /// within what is left.
    public var contentInsets = PageInsets.zero {
        didSet { centrePage() }
    }

    /// The page's size, points: what the scroll view scrolls over at a zoom scale of 1 (a new size
    /// keeps the zoom and scrolls back to the page's top-left corner).
    public var pageSize: CGSize {
        didSet { layoutPage() }
    }
    /// The zoom scale (1: a page point is a view point), within the scroll view's limits.
    public var zoomScale: CGFloat {
        get { scrollView.zoomScale }
        set { scrollView.setZoomScale(newValue, animated: false) }
    }

    /// What the scroll view zooms: an empty view the size of the page (the ink is drawn by
    /// `inkView`, which stays over the visible area).
    private let zoomedContent = UIView(frame: .zero)
    /// The visible area's pixels, kept over the scroll view's bounds.
    private let inkView = PageInkView(frame: .zero)
    /// True while tiles are being rendered on a background task.
    private var rendering = false
    /// True while the ink is being outlined for a new zoom on a background task.
    private var outlining = false
    /// The layer of each tile shown, inside the zoomed content (page points).
    private var tileLayers: [TileID: CALayer] = [:]
    /// Images of tiles just rendered, made on the background task, for their layers.
    private var renderedImages: [TileID: CGImage] = [:]
    /// The memory-warning observer (set once, at init; removed in `deinit`, which NotificationCenter
    /// allows from any thread).
    nonisolated(unsafe) private var memoryObserver: (any NSObjectProtocol)?

    /// A page of `pageSize` points showing `drawing`, new strokes in `preset`, on `background`
    /// (an opaque paper colour: tiles are opaque), zoomable from `minimumZoom` to `maximumZoom`.
    public init(
        frame: CGRect = .zero, pageSize: CGSize = CGSize(width: 2048, height: 2732), drawing: Drawing = Drawing(), preset: InkPreset = .handwriting,
        background: RGBAColor = .white, minimumZoom: CGFloat = 0.25, maximumZoom: CGFloat = 8
    ) {
        self.pageSize = pageSize
        page = PageInkController(
            drawing: drawing, preset: preset, background: background, viewport: Viewport(origin: .zero, zoom: 1, width: 1, height: 1),
            composition: .layers)
        super.init(frame: frame)
        scrollView.minimumZoomScale = minimumZoom
        scrollView.maximumZoomScale = maximumZoom
        configure()
    }

    /// A page from a storyboard or nib: an empty drawing on white, 2048 × 2732 points.
    public required init?(coder: NSCoder) {
        pageSize = CGSize(width: 2048, height: 2732)
        page = PageInkController(viewport: Viewport(origin: .zero, zoom: 1, width: 1, height: 1), composition: .layers)
        super.init(coder: coder)
        scrollView.minimumZoomScale = 0.25
        scrollView.maximumZoomScale = 8
        configure()
    }

    private func configure() {
        scrollView.delegate = self
        scrollView.delaysContentTouches = false
        scrollView.panGestureRecognizer.minimumNumberOfTouches = 2
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(scrollView)
        scrollView.addSubview(zoomedContent)
        inkView.owner = self
        inkView.isMultipleTouchEnabled = true
        inkView.isOpaque = false
        inkView.backgroundColor = .clear
        scrollView.addSubview(inkView)
        drawingGestureRecognizer.touchTarget = self
        drawingGestureRecognizer.cancelsTouchesInView = false
        drawingGestureRecognizer.delaysTouchesEnded = false
        inkView.addGestureRecognizer(drawingGestureRecognizer)
        memoryObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
        ) { [weak self] _ in
            Task { @MainActor in self?.releaseTiles() }
        }
        layoutPage()
    }

    deinit {
        if let memoryObserver { NotificationCenter.default.removeObserver(memoryObserver) }
    }

    /// The drawing so far.
    public var drawing: Drawing { page.drawing }
    /// The controller the drawing gesture hands touches to.
    var inkController: TouchInkController { page.controller }
    /// Touches are read in the view over the visible area.
    var touchView: UIView { inkView }

    /// Undoes the last edit.
    public func undo() { change { $0.undo() } }
    /// Redoes the last undone edit.
    public func redo() { change { $0.redo() } }
    /// Removes every stroke (undoable).
    public func clear() { change { $0.clear() } }
    /// Runs an action on the controller (a selection edit…) and redraws what it changed.
    public func edit(_ action: (TouchInkController) -> PixelRect?) { change(action) }
    /// Shows `drawing` instead, forgetting the undo history; `onChange` is not called.
    public func load(_ drawing: Drawing) {
        invalidate(page.controller.load(drawing))
        updateTileLayers()
        scheduleRendering()
    }

    override open func layoutSubviews() {
        super.layoutSubviews()
        followAppearance()
        scrollView.frame = bounds
        centrePage()
        followScrollView()
    }

    #if !os(visionOS)
    // Deprecated on visionOS from its first version (its appearance is fixed: layout reads it).
    override open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        followAppearance()
        setNeedsLayout()
    }
    #endif

    // MARK: - UIScrollViewDelegate

    /// The content the scroll view zooms.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomedContent }

    /// Follows a pan: the canvas shows the new viewport from the cached tiles.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { followScrollView() }

    /// Follows a pinch frame: the nearest zoom's tiles scaled until sharp ones are rendered.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {
        centrePage()
        followScrollView()
        onZoom?(scrollView.zoomScale)
    }

    /// A pinch ended: the ink is outlined again for the zoom on a background task when it moved to
    /// another power of two, and the tiles of the zoom it ended at are rendered.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        followScrollView()
        scheduleOutlining()
        scheduleRendering()
    }

    // MARK: - Internals

    /// Sizes the zoomed content to the page (at a zoom scale of 1, where its frame is the page;
    /// the scroll view scales it from there), keeping the zoom.
    private func layoutPage() {
        let zoom = scrollView.zoomScale
        scrollView.setZoomScale(1, animated: false)
        zoomedContent.frame = CGRect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        scrollView.contentSize = pageSize
        scrollView.setZoomScale(zoom, animated: false)
        centrePage()
        scrollView.contentOffset = CGPoint(x: -scrollView.contentInset.left, y: -scrollView.contentInset.top)
        followScrollView()
    }

    /// The scroll view's insets: the app's, with room that centres a zoomed-out page.
    private func centrePage() {
        let insets = contentInsets.centring(
            pageSize: Point2D(Double(pageSize.width), Double(pageSize.height)), zoom: Double(scrollView.zoomScale),
            in: Point2D(Double(scrollView.bounds.width), Double(scrollView.bounds.height)))
        let wanted = UIEdgeInsets(top: CGFloat(insets.top), left: CGFloat(insets.left), bottom: CGFloat(insets.bottom), right: CGFloat(insets.right))
        if scrollView.contentInset != wanted { scrollView.contentInset = wanted }
    }

    /// Keeps the ink view over the visible area, shows its viewport and moves the tile layers on;
    /// outside a pinch, the ink is outlined for the zoom (the first layout, a zoom set in code).
    private func followScrollView() {
        let visible = scrollView.bounds
        inkView.frame = visible
        let viewport = Viewport(
            contentOffset: Point2D(Double(visible.minX), Double(visible.minY)), zoomScale: Double(scrollView.zoomScale),
            size: Point2D(Double(visible.width), Double(visible.height)), screenScale: screenScale)
        // The selection's outline is drawn in view points from the viewport: it moves with it.
        if page.show(viewport) != nil || !page.controller.selection.isEmpty { inkView.setNeedsDisplay() }
        updateTileLayers()
        if !scrollView.isZooming { scheduleOutlining() }
        scheduleRendering()
    }

    /// Applies what the page's tiles changed to their layers: new and re-rendered tiles take their
    /// pixels, tiles out of view go; tiles of another zoom (scaled stand-ins) lie below.
    private func updateTileLayers() {
        let changes = page.layerChanges()
        guard !changes.isEmpty else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for id in changes.removed { tileLayers.removeValue(forKey: id)?.removeFromSuperlayer() }
        for draw in changes.placed {
            let layer = tileLayers[draw.id] ?? CALayer()
            if tileLayers[draw.id] == nil {
                layer.isOpaque = true
                zoomedContent.layer.addSublayer(layer)
                tileLayers[draw.id] = layer
            }
            let area = draw.area
            layer.frame = CGRect(x: area.min.x, y: area.min.y, width: area.width, height: area.height)
            // A tile just rendered brings its image; a stand-in or a tile a stroke was drawn into
            // is imaged here.
            layer.contents = renderedImages.removeValue(forKey: draw.id) ?? draw.tile.cgImage(of: draw.tile.bounds)
            layer.zPosition = changes.isBelow(draw.id) ? 0 : 1
        }
        if changes.restacks {
            for (id, layer) in tileLayers { layer.zPosition = changes.isBelow(id) ? 0 : 1 }
        }
        renderedImages = [:]
        CATransaction.commit()
    }

    /// One finger pans once fingers no longer draw (a pencil was used, a pencil-only policy); two
    /// until then, so that one finger draws.
    private func followFingerRole() {
        let touches = page.controller.role(for: .direct) == .ignore ? 1 : 2
        if scrollView.panGestureRecognizer.minimumNumberOfTouches != touches { scrollView.panGestureRecognizer.minimumNumberOfTouches = touches }
    }

    /// A memory warning: the tiles not shown are released (they are rendered again when needed).
    private func releaseTiles() {
        page.releaseTiles()
    }

    /// Shows ink for the system's light or dark style over the page's paper.
    private func followAppearance() {
        let controller = page.controller
        let appearance = InkAppearance(systemIsDark: traitCollection.userInterfaceStyle == .dark, background: page.tiles.background)
        if controller.appearance != appearance {
            controller.appearance = appearance
            inkView.setNeedsDisplay()
        }
    }

    /// Device pixels per point of the screen the view is on (2 before it is on one).
    var screenScale: Double {
        let scale = Double(traitCollection.displayScale)
        return scale > 0 ? scale : 2
    }

    /// Renders a few missing tiles (the visible ones nearest the centre first) on a background
    /// task, hands them to their layers, and goes on while some are left; a scroll in between
    /// changes which ones. The main thread only makes the jobs and takes the results.
    private func scheduleRendering() {
        // Not during a pinch: its zooms are gone a frame later (the scaled tiles show meanwhile).
        guard !rendering, !scrollView.isZooming, page.hasTilesToRender else { return }
        let jobs = page.tileRenderJobs(limit: 4)
        guard !jobs.isEmpty else { return }
        rendering = true
        Task { @MainActor [weak self] in
            let rendered = await Task.detached(priority: .userInitiated) {
                jobs.map { job in
                    let tile = job.render()
                    return (tile, TileImage(tile.tile.cgImage(of: tile.tile.bounds)))
                }
            }.value
            guard let self else { return }
            self.rendering = false
            self.page.accept(rendered.map(\.0))
            for (tile, image) in rendered { self.renderedImages[tile.id] = image.image }
            self.updateTileLayers()
            self.scheduleRendering()
        }
    }

    /// Outlines the ink for the zoom on a background task when it moved to another power of two
    /// (the tiles show the old outlines, scaled, until then); tries again if the drawing changed
    /// meanwhile.
    private func scheduleOutlining() {
        guard !outlining, let job = page.outlineJob() else { return }
        outlining = true
        Task { @MainActor [weak self] in
            let outlines = await Task.detached(priority: .userInitiated) { job.run() }.value
            guard let self else { return }
            self.outlining = false
            if self.page.adopt(outlines) {
                self.updateTileLayers()
                self.scheduleRendering()
            } else {
                // The drawing changed meanwhile (still being written on): again, a little later.
                try? await Task.sleep(nanoseconds: 250_000_000)
                self.scheduleOutlining()
            }
        }
    }

    /// Hands one touch event to the page (placed by its viewport); a touch that begins may change
    /// which fingers the scroll view's pan needs.
    func handle(_ event: TouchEvent) -> PixelRect? {
        defer { if event.phase == .began { followFingerRole() } }
        return page.handle(event, screenScale: screenScale)
    }

    /// Redraws what `change` says changed (the selection's outline: the whole ink view), reports a
    /// changed drawing and brings the tile layers up to date with it.
    func show(_ change: TouchChange) {
        if change.selectionChanged { inkView.setNeedsDisplay() } else { invalidate(change.pixels) }
        guard change.drawingChanged else { return }
        onChange?(page.drawing)
        updateTileLayers()
        scheduleRendering()
    }

    /// Redraws the ink view over `dirty` (canvas pixels).
    private func invalidate(_ dirty: PixelRect?) {
        guard let dirty else { return }
        let scale = CGFloat(screenScale)
        inkView.setNeedsDisplay(CGRect(
            x: CGFloat(dirty.minX) / scale, y: CGFloat(dirty.minY) / scale, width: CGFloat(dirty.width) / scale, height: CGFloat(dirty.height) / scale))
    }
}

/// The view over a `FreehandPageView`'s visible area: draws the page's canvas (live ink alone, over
/// the tile layers) and takes the drawing gesture's touches.
final class PageInkView: UIView {
    weak var owner: FreehandPageView?

    override func draw(_ rect: CGRect) {
        guard let owner else { return }
        let canvas = owner.page.canvas
        let scale = CGFloat(owner.screenScale)
        let pixels = PixelRect(
            minX: Int((rect.minX * scale).rounded(.down)), minY: Int((rect.minY * scale).rounded(.down)),
            maxX: Int((rect.maxX * scale).rounded(.up)), maxY: Int((rect.maxY * scale).rounded(.up))
        ).intersection(canvas.image.bounds)
        guard !pixels.isEmpty, let image = canvas.image.cgImage(of: pixels) else { return }
        UIImage(cgImage: image, scale: scale, orientation: .up).draw(in: CGRect(
            x: CGFloat(pixels.minX) / scale, y: CGFloat(pixels.minY) / scale, width: CGFloat(pixels.width) / scale,
            height: CGFloat(pixels.height) / scale))
        // The lasso and the selection's box over the ink: page points placed by the viewport shown.
        let viewport = owner.page.viewport
        owner.page.controller.selection.stroke { point in
            let pixel = point * viewport.zoom - viewport.pixelOrigin
            return CGPoint(x: CGFloat(pixel.x) / scale, y: CGFloat(pixel.y) / scale)
        }
    }
}

/// A tile's image made on the background task that rendered it, handed to the main actor: Core
/// Graphics images are immutable and safe to share between threads.
struct TileImage: @unchecked Sendable {
    let image: CGImage?

    init(_ image: CGImage?) { self.image = image }
}
#endif
