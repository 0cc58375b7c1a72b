import FreehandKit

/// A drawing surface that stays fast however much ink it holds: a pixel cache that draws what it
/// is given. It knows no pointers, tool policies or strokes — an `InkSession` runs those and a
/// view hands the canvas the outline pieces it reports.
///
/// Finished ink lives in a cached bitmap. Live ink (`beginInk`) keeps its committed outline pieces
/// and its provisional tail (including predicted ink); it is held in a mask of its own that each
/// `drawInk` rewrites only over the dirty rectangle, from the pieces that reach it, as one non-zero
/// fill (a stroke crossing itself, or a tail over committed ink, is inked once). Then only the
/// dirty rectangle is recomposited: the cache there, all live ink over it. Provisional ink never
/// reaches the cache. When live ink ends (`endInk`), that same mask is composited into the cache
/// once: what was shown while the pen was down is exactly what stays (each piece keeps the opacity
/// it was drawn with). Several strokes may be live at once (multi-touch), keyed by an identifier
/// of the caller's choosing (a touch's hash, a pointer id).
///
/// A class: the cache's identity is the point. Not safe to share between threads.
public final class InkCanvas {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// The drawing's pixel (at `scale`) that lands on the canvas's top-left pixel: a point p is
    /// drawn at p × `scale` − `pixelOrigin`. Zero unless the canvas shows part of a page that pans
    /// and zooms (`init(viewport:background:)`).
    public private(set) var pixelOrigin: Point2D
    /// The paper colour, or `.transparent`.
    public let background: RGBAColor
    /// How erasers remove ink.
    public var eraserMode: EraserMode = .paintBackground
    /// A pencil grain for repainted finished ink (what a view passes to `repaint`), or nil.
    public var grain: Grain?
    /// The most threads a `repaint` uses, 1…8 (default 8; 1 repaints on the calling thread alone).
    /// Fewer are used on a machine with fewer cores, for an area under 64 rows a thread, and for
    /// ink of under 4,096 outline points.
    public var maximumRepaintThreads = 8

    /// What the canvas shows: the cache with every live stroke over it.
    public private(set) var image: Bitmap
    private var cache: Bitmap
    private var live: [AnyHashable: LiveStroke] = [:]
    private var liveOrder: [AnyHashable] = []
    /// Where the cache or the image may differ from the background (nil: nowhere).
    private var inked: PixelRect?
    private let rasterizer = Rasterizer()

    private struct LiveStroke {
        var tool: CanvasTool
        var color: RGBAColor
        var grain: Grain?
        /// How the stroke's ink combines with the ink under it (its brush's).
        var layering: InkLayering
        /// The committed pieces in pixel coordinates, with their pixel bounds.
        var pieces: [(polygon: [Point2D], opacity: Double, area: PixelRect)] = []
        var provisional: (polygon: [Point2D], opacity: Double)?
        var provisionalArea = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        /// The stroke's ink; its bounds are everything the stroke has inked.
        var mask: CoverageMask
    }

    /// A canvas of `width` × `height` points at `scale` pixels per point (0.01…64), filled with
    /// `background`; a size in pixels over `ImageLimits` is clamped to it.
    public init(width: Double, height: Double, scale: Double = 1, background: RGBAColor = .white) {
        (self.width, self.height, self.scale) = Self.size(width: width, height: height, scale: scale)
        pixelOrigin = .zero
        self.background = background
        cache = Bitmap(width: self.width, height: self.height, color: background)
        image = cache
    }

    /// A canvas showing `viewport` of a page that pans and zooms: its size in pixels, `viewport.zoom`
    /// pixels a point, and the viewport's origin on a whole pixel as `TiledCanvas` places it (so
    /// that a `TileFrame` of the viewport lands pixel for pixel: `repaint(_:from:)`); a size over
    /// `ImageLimits` is clamped to it.
    public init(viewport: Viewport, background: RGBAColor = .white) {
        let size = ImageLimits.clamped(width: viewport.width, height: viewport.height)
        (width, height, scale) = (size.width, size.height, viewport.zoom)
        pixelOrigin = viewport.pixelOrigin
        self.background = background
        cache = Bitmap(width: width, height: height, color: background)
        image = cache
    }

    /// The pixel size and scale of a canvas of `width` × `height` points at `scale` pixels per
    /// point: the scale held to 0.01…64 (not a number: 1), the size to `ImageLimits`.
    public static func size(width: Double, height: Double, scale: Double) -> (width: Int, height: Int, scale: Double) {
        let safeScale = Swift.min(64, Swift.max(0.01, scale.isFinite ? scale : 1))
        let pixels = ImageLimits.clamped(width: ImageLimits.pixels(width, scale: safeScale), height: ImageLimits.pixels(height, scale: safeScale))
        return (pixels.width, pixels.height, safeScale)
    }

    /// How many strokes are being drawn now.
    public var liveStrokeCount: Int { live.count }

    /// Begins live ink under identifier `id` (replacing live ink with that id, which is cancelled),
    /// drawn with `tool` in `color`, combined with the ink under it by `layering`, with `grain`:
    /// the canvas shows the pieces it is given (`drawInk`). This is how a view shows an
    /// `InkSession`'s live ink.
    public func beginInk(_ id: AnyHashable, tool: CanvasTool, color: RGBAColor, layering: InkLayering = .over, grain: Grain? = nil) {
        if live[id] != nil { cancel(id) }
        live[id] = LiveStroke(tool: tool, color: color, grain: tool == .ink ? grain : nil, layering: layering, mask: CoverageMask(width: width, height: height))
        liveOrder.append(id)
    }

    /// Adds `committed` outline pieces (points; final) to live ink `id` and replaces its
    /// provisional ink with `provisional`; returns the pixels that changed, or nil.
    @discardableResult
    public func drawInk(_ id: AnyHashable, committed: [OutlinePiece], provisional: OutlinePiece?) -> PixelRect? {
        let dirty = changingLive(id) { entry in apply(committed: committed, provisional: provisional, to: &entry) }
        return dirty.flatMap { refresh($0) }
    }

    /// Ends live ink `id`: what it shows goes into the cache as it is. Returns the pixels that
    /// changed, or nil.
    @discardableResult
    public func endInk(_ id: AnyHashable) -> PixelRect? {
        guard let entry = live.removeValue(forKey: id) else { return nil }
        liveOrder.removeAll { $0 == id }
        composite(entry, into: &cache, area: entry.mask.bounds)
        return refresh(entry.mask.bounds.union(entry.provisionalArea))
    }

    /// Runs `body` on live ink `id` taken out of the live list, then puts it back: changed in
    /// place, its pieces and mask are never copied (a copy left in the list would make every change
    /// copy them whole). Nil when there is no such ink.
    private func changingLive<Result>(_ id: AnyHashable, _ body: (inout LiveStroke) -> Result?) -> Result? {
        guard var entry = live.removeValue(forKey: id) else { return nil }
        let result = body(&entry)
        live[id] = entry
        return result
    }

    /// Abandons stroke `id`: its ink disappears. Returns the pixels that changed, or nil.
    @discardableResult
    public func cancel(_ id: AnyHashable) -> PixelRect? {
        guard let entry = live.removeValue(forKey: id) else { return nil }
        liveOrder.removeAll { $0 == id }
        return refresh(entry.mask.bounds.union(entry.provisionalArea))
    }

    /// Empties the canvas: the background only, no live stroke.
    public func clear() {
        live = [:]
        liveOrder = []
        inked = nil
        cache = Bitmap(width: width, height: height, color: background)
        image = cache
    }

    /// Draws a finished outline straight into the cache (for redrawing a stored drawing); returns
    /// the pixels that changed.
    @discardableResult
    public func draw(_ piece: OutlinePiece, color: RGBAColor, tool: CanvasTool = .ink, grain: Grain? = nil) -> PixelRect? {
        let placed = placed(piece)
        guard let bounds = placed.bounds else { return nil }
        let (ink, mode) = inkAndMode(for: tool, color: color, opacity: piece.opacity, layering: piece.layering)
        rasterizer.rasterize(placed.rings, clip: cache.bounds, windsOnce: placed.isResolved) { row, run in
            cache.blend(row, run, ink: ink, mode: mode, grain: tool == .ink ? grain : nil)
        }
        return refresh(PixelRect(covering: bounds))
    }

    /// Paints `area` (pixels) of the finished ink again from `ink`, the outlines of every finished
    /// stroke that may reach it in drawing order: for a stored drawing that changed there (undo,
    /// erase, a late property update) or was just loaded. The area is reset to the background
    /// first; ink strokes get `grain`. A large repaint is filled in bands on up to
    /// `maximumRepaintThreads` processor cores at once (the same pixels). Returns the pixels that
    /// changed, or nil.
    @discardableResult
    public func repaint<Ink: Sequence<(piece: OutlinePiece, color: RGBAColor)>>(_ area: PixelRect, from ink: Ink, grain: Grain? = nil) -> PixelRect? {
        let clip = area.intersection(cache.bounds)
        guard !clip.isEmpty else { return nil }
        cache.fill(clip, with: background)
        var fill = PieceFill(area: clip, scale: scale, pixelOrigin: pixelOrigin, maximumThreads: maximumRepaintThreads, grain: grain, reusing: rasterizer)
        for (piece, color) in ink {
            guard let bounds = piece.bounds, !PixelRect(covering: scaled(bounds)).intersection(clip).isEmpty else { continue }
            fill.add(piece, color: color, into: &cache)
        }
        fill.finish(into: &cache)
        return refresh(clip)
    }

    /// Paints `area` (pixels) of the finished ink again from `frame`, the tiles of a page that pans
    /// and zooms (`TiledCanvas.frame(for:)`), for a canvas made for the frame's viewport (the same
    /// zoom and `pixelOrigin`; otherwise nothing is painted and nil returned). Live ink stays over
    /// it. Returns the pixels that changed, or nil.
    @discardableResult
    public func repaint(_ area: PixelRect, from frame: TileFrame) -> PixelRect? {
        guard frame.viewport.zoom == scale, frame.pixelOrigin == pixelOrigin else { return nil }
        let clip = area.intersection(cache.bounds)
        guard !clip.isEmpty else { return nil }
        frame.composite(into: &cache, area: clip)
        return refresh(clip)
    }

    /// Shows the page from `pixelOrigin` on instead (a pan at the same scale, a whole number of
    /// pixels): the finished ink moves in place, live ink is dropped, and what the pan uncovers is
    /// background for the caller to paint (`repaint`). Returns those uncovered pixels, or nil when
    /// the move is not a whole number of pixels (nothing changed then).
    public func scroll(toPixelOrigin origin: Point2D) -> [PixelRect]? {
        scroll(toPixelOrigin: origin, keepingLiveInk: false)
    }

    /// `scroll(toPixelOrigin:)`, keeping live ink when `keepingLiveInk`: each live stroke moves
    /// with the page (its pieces placed anew, its ink drawn again where it now lies), so that a
    /// scroll while a pen is down does not end the stroke. Returns the uncovered pixels, or nil.
    public func scroll(toPixelOrigin origin: Point2D, keepingLiveInk: Bool) -> [PixelRect]? {
        let shift = pixelOrigin - origin
        guard shift.x == shift.x.rounded(), shift.y == shift.y.rounded(), abs(shift.x) < 1e9, abs(shift.y) < 1e9 else { return nil }
        if keepingLiveInk {
            for id in liveOrder { _ = changingLive(id) { entry in moveLive(&entry, by: shift) } }
        } else {
            live = [:]
            liveOrder = []
        }
        pixelOrigin = origin
        let offset = (x: Int(shift.x), y: Int(shift.y))
        inked = image.bounds
        // The image is the cache without live ink: both move the same way, neither copied.
        image.shift(by: offset, filling: background)
        return cache.shift(by: offset, filling: background)
    }

    /// Shows the page from `pixelOrigin` on instead when the canvas holds no live ink, without
    /// moving any pixel: only what ink it held is cleared (a canvas of live ink alone over a view's
    /// tile layers pans for nothing). Returns false, changing nothing, while ink is live.
    @discardableResult
    public func reposition(toPixelOrigin origin: Point2D) -> Bool {
        guard live.isEmpty, origin.isFinite else { return false }
        if let inked {
            cache.fill(inked, with: background)
            image.fill(inked, with: background)
        }
        inked = nil
        pixelOrigin = origin
        return true
    }

    /// The pixels that `rect` (points) covers, with a pixel of margin for anti-aliasing.
    public func pixels(covering rect: Rect2D) -> PixelRect {
        PixelRect(covering: scaled(rect)).intersection(image.bounds)
    }

    /// The rectangle in points that `pixels` cover (what a view of a canvas without a `pixelOrigin`
    /// invalidates for a dirty rectangle; a page's canvas gives page points).
    public func points(covering pixels: PixelRect) -> Rect2D {
        Rect2D(
            min: (Point2D(Double(pixels.minX), Double(pixels.minY)) + pixelOrigin) / scale,
            max: (Point2D(Double(pixels.maxX), Double(pixels.maxY)) + pixelOrigin) / scale)
    }

    // MARK: - Internals

    /// Takes new committed pieces and the provisional ink now, and rewrites the live ink's mask
    /// where they (or the previous provisional ink) reach; returns those pixels.
    private func apply(committed: [OutlinePiece], provisional: OutlinePiece?, to entry: inout LiveStroke) -> PixelRect {
        var dirty = entry.provisionalArea
        for piece in committed {
            guard let bounds = piece.bounds else { continue }
            let area = PixelRect(covering: scaled(bounds))
            entry.pieces.append((piece.polygon.map { $0 * scale - pixelOrigin }, piece.opacity, area))
            dirty = dirty.union(area)
        }
        entry.provisional = nil
        entry.provisionalArea = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        if let piece = provisional, let bounds = piece.bounds {
            entry.provisional = (piece.polygon.map { $0 * scale - pixelOrigin }, piece.opacity)
            entry.provisionalArea = PixelRect(covering: scaled(bounds))
            dirty = dirty.union(entry.provisionalArea)
        }
        dirty = dirty.intersection(image.bounds)
        guard !dirty.isEmpty else { return dirty }
        var reaching = entry.pieces.filter { !$0.area.intersection(dirty).isEmpty }.map { (polygon: $0.polygon, opacity: $0.opacity) }
        if let provisional = entry.provisional { reaching.append(provisional) }
        entry.mask.redraw(dirty, from: reaching, using: rasterizer)
        return dirty
    }

    /// Moves a live stroke's pieces by `shift` pixels and draws its ink again where they now lie.
    private func moveLive(_ entry: inout LiveStroke, by shift: Point2D) -> Bool {
        let dx = Int(shift.x), dy = Int(shift.y)
        func moved(_ area: PixelRect) -> PixelRect {
            PixelRect(minX: area.minX + dx, minY: area.minY + dy, maxX: area.maxX + dx, maxY: area.maxY + dy)
        }
        entry.pieces = entry.pieces.map { ($0.polygon.map { $0 + shift }, $0.opacity, moved($0.area)) }
        entry.provisional = entry.provisional.map { ($0.polygon.map { $0 + shift }, $0.opacity) }
        entry.provisionalArea = moved(entry.provisionalArea)
        entry.mask = CoverageMask(width: width, height: height)
        var reaching = entry.pieces.map { (polygon: $0.polygon, opacity: $0.opacity) }
        if let provisional = entry.provisional { reaching.append(provisional) }
        var area: PixelRect? = entry.provisional == nil ? nil : entry.provisionalArea
        for piece in entry.pieces { area.formUnion(piece.area) }
        if let clipped = area?.intersection(image.bounds), !clipped.isEmpty { entry.mask.redraw(clipped, from: reaching, using: rasterizer) }
        return true
    }

    /// Recomposites `rect` of the image from the cache and the live strokes.
    private func refresh(_ rect: PixelRect) -> PixelRect? {
        let area = rect.intersection(image.bounds)
        guard !area.isEmpty else { return nil }
        inked.formUnion(area)
        image.copy(area, from: cache)
        for id in liveOrder {
            if let entry = live[id] { composite(entry, into: &image, area: area) }
        }
        return area
    }

    /// Blends a live stroke's ink (its mask) into `bitmap` over `area`.
    private func composite(_ entry: LiveStroke, into bitmap: inout Bitmap, area: PixelRect) {
        let region = area.intersection(entry.mask.bounds).intersection(bitmap.bounds)
        guard !region.isEmpty else { return }
        let (ink, mode) = inkAndMode(for: entry.tool, color: entry.color, layering: entry.layering)
        var row = [Float](repeating: 0, count: region.width)
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX { row[x - region.minX] = entry.mask.alpha(x: x, y: y) }
            row.withUnsafeBufferPointer { bitmap.blendRow(y, first: region.minX, coverage: $0, ink: ink, mode: mode, grain: entry.grain) }
        }
    }

    /// The premultiplied ink and the blend that `tool` lays down with `color` at `opacity`: ink
    /// by its `layering`; an eraser paints the background, or clears where the background is
    /// transparent or the mode says so.
    private func inkAndMode(for tool: CanvasTool, color: RGBAColor, opacity: Double = 1, layering: InkLayering = .over) -> (SIMD4<Float>, InkBlendMode) {
        switch tool {
        case .ink: return (Bitmap.ink(color, opacity: opacity), InkBlendMode(layering))
        case .eraser(let eraser):
            if eraser == .paintBackground, background.alpha > 0 { return (Bitmap.ink(background, opacity: opacity), .sourceOver) }
            return (Bitmap.ink(.black, opacity: opacity), .clear)
        }
    }

    /// `rect` (points) in the canvas's pixels.
    private func scaled(_ rect: Rect2D) -> Rect2D {
        Rect2D(min: rect.min * scale - pixelOrigin, max: rect.max * scale - pixelOrigin)
    }

    /// `piece` (points) in the canvas's pixels.
    private func placed(_ piece: OutlinePiece) -> OutlinePiece {
        piece.scaled(by: scale, movedBy: -pixelOrigin)
    }
}
