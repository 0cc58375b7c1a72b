import FreehandKit

/// A drawing surface that stays fast however much ink it holds.
///
/// Finished ink lives in a cached bitmap. A stroke being drawn keeps its committed ink and its
/// provisional tail (including predicted samples) in coverage masks of its own; each update
/// rasterizes only the new pieces and recomposites only the dirty rectangle: the cache there, then
/// every live stroke over it. Predicted ink never reaches the cache. When a stroke ends, its ink is
/// composited into the cache once. Several strokes may be live at once (multi-touch), keyed by an
/// identifier of the caller's choosing (a touch's hash, a pointer id).
///
/// A class: the cache's identity is the point. Not safe to share between threads.
public final class Canvas {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// The paper colour, or `.transparent`.
    public let background: RGBAColor
    /// The technique for new strokes.
    public var technique: any InterpolationTechnique = FreehandTechnique.standard
    /// The style of new ink strokes.
    public var inkStyle: InkStyle = .standard
    /// The style of new eraser strokes (default: width from the finger's contact radius).
    public var eraserStyle: InkStyle = try! InkStyle(brush: try! ContactRadiusBrush(), smoothing: 0)
    /// The colour of new ink strokes.
    public var inkColor: RGBAColor = .black
    /// How erasers remove ink.
    public var eraserMode: EraserMode = .paintBackground
    /// Which tool each pointer kind gets.
    public var toolPolicy: ToolPolicy = .penDrawsFingerErases
    /// A pencil grain applied to new ink strokes, or nil.
    public var grain: Grain?
    /// Extrapolates the tail when an append brings no predicted samples (platforms without a
    /// prediction API); nil to draw only what was sampled. Predicted ink is never cached.
    public var predictor: StrokePredictor?

    /// What the canvas shows: the cache with every live stroke over it.
    public private(set) var image: Bitmap
    private var cache: Bitmap
    private var live: [AnyHashable: LiveStroke] = [:]
    private var liveOrder: [AnyHashable] = []
    private let rasterizer = Rasterizer()

    private struct LiveStroke {
        var stroke: InkStroke
        var tool: CanvasTool
        var color: RGBAColor
        var grain: Grain?
        var committed: CoverageMask
        var provisional: CoverageMask
        var provisionalArea = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var opacity = 1.0
    }

    /// A canvas of `width` × `height` points at `scale` pixels per point, filled with `background`.
    public init(width: Double, height: Double, scale: Double = 1, background: RGBAColor = .white) {
        let safeScale = Swift.min(64, Swift.max(0.01, scale.isFinite ? scale : 1))
        self.scale = safeScale
        self.width = Swift.max(1, Swift.min(32768, Int((width * safeScale).rounded(.up))))
        self.height = Swift.max(1, Swift.min(32768, Int((height * safeScale).rounded(.up))))
        self.background = background
        cache = Bitmap(width: self.width, height: self.height, color: background)
        image = cache
    }

    /// How many strokes are being drawn now.
    public var liveStrokeCount: Int { live.count }

    /// Begins a stroke for `pointer` under identifier `id` (replacing a live stroke with that id,
    /// which is cancelled). The tool follows `toolPolicy`.
    public func begin(_ id: AnyHashable, pointer: PointerKind = .pen) {
        if live[id] != nil { cancel(id) }
        let tool = toolPolicy.tool(for: pointer, eraser: eraserMode)
        let style: InkStyle
        if case .eraser = tool { style = eraserStyle } else { style = inkStyle }
        live[id] = LiveStroke(
            stroke: InkStroke(technique: technique, style: style, outputs: .outlinePieces), tool: tool, color: inkColor,
            grain: tool == .ink ? grain : nil,
            committed: CoverageMask(width: width, height: height), provisional: CoverageMask(width: width, height: height))
        liveOrder.append(id)
    }

    /// Adds samples (points) to stroke `id`; returns the pixels that changed, or nil.
    @discardableResult
    public func append<S: Sequence<Sample>>(_ id: AnyHashable, _ samples: S, predicted: [Sample] = []) -> PixelRect? {
        guard var entry = live[id] else { return nil }
        let real = Array(samples)
        var guessed = predicted
        if guessed.isEmpty, let predictor {
            // The fit reads only the newest few samples: take them without copying the stroke.
            let recent = Array(entry.stroke.builder.samples.suffix(32)) + real.suffix(32)
            guessed = predictor.predict(after: recent.suffix(32))
        }
        guard let update = try? entry.stroke.append(real, predicted: guessed) else { return nil }
        let dirty = apply(update, to: &entry)
        live[id] = entry
        return refresh(dirty)
    }

    /// Applies late properties to stroke `id` (only its uncommitted ink can change); returns the
    /// pixels that changed, or nil.
    @discardableResult
    public func update(_ id: AnyHashable, estimated: [EstimatedUpdate]) -> PixelRect? {
        guard var entry = live[id] else { return nil }
        let dirty = apply(entry.stroke.update(estimated: estimated), to: &entry)
        live[id] = entry
        return refresh(dirty)
    }

    /// Ends stroke `id`: its ink goes into the cache. Returns the pixels that changed, or nil.
    @discardableResult
    public func end(_ id: AnyHashable) -> PixelRect? {
        guard var entry = live[id], let update = try? entry.stroke.end() else { return nil }
        var dirty = apply(update, to: &entry)
        live[id] = nil
        liveOrder.removeAll { $0 == id }
        // The finished stroke takes its whole outline's opacity, as a batch render does.
        entry.opacity = entry.stroke.outline?.opacity ?? entry.opacity
        let area = entry.committed.bounds
        composite(entry, into: &cache, area: area)
        dirty = dirty.union(area)
        return refresh(dirty)
    }

    /// Abandons stroke `id`: its ink disappears. Returns the pixels that changed, or nil.
    @discardableResult
    public func cancel(_ id: AnyHashable) -> PixelRect? {
        guard let entry = live.removeValue(forKey: id) else { return nil }
        liveOrder.removeAll { $0 == id }
        return refresh(entry.committed.bounds.union(entry.provisionalArea))
    }

    /// Empties the canvas: the background only, no live stroke.
    public func clear() {
        live = [:]
        liveOrder = []
        cache = Bitmap(width: width, height: height, color: background)
        image = cache
    }

    /// Draws a finished outline straight into the cache (for redrawing a stored drawing); returns
    /// the pixels that changed.
    @discardableResult
    public func draw(_ piece: OutlinePiece, color: RGBAColor, tool: CanvasTool = .ink, grain: Grain? = nil) -> PixelRect? {
        let polygon = piece.polygon.map { $0 * scale }
        guard let bounds = Rect(enclosing: polygon) else { return nil }
        switch tool {
        case .ink: cache.fill(polygon, color: color, opacity: piece.opacity, grain: grain, using: rasterizer)
        case .eraser(let mode):
            if mode == .paintBackground, background.alpha > 0 {
                cache.fill(polygon, color: background, opacity: piece.opacity, using: rasterizer)
            } else {
                cache.fill(polygon, color: .black, opacity: piece.opacity, mode: .clear, using: rasterizer)
            }
        }
        return refresh(PixelRect(covering: bounds))
    }

    // MARK: - Internals

    /// Rasterizes an update's new committed pieces and replaces the provisional tail; returns the
    /// pixels it touched.
    private func apply(_ update: InkUpdate, to entry: inout LiveStroke) -> PixelRect {
        var dirty = entry.provisionalArea
        for piece in update.committed {
            entry.committed.add(piece.polygon.map { $0 * scale }, using: rasterizer)
            entry.opacity = piece.opacity
            if let bounds = piece.bounds { dirty = dirty.union(PixelRect(covering: scaled(bounds))) }
        }
        entry.provisional.clear(entry.provisionalArea)
        entry.provisionalArea = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        if let piece = update.provisional, let bounds = piece.bounds {
            entry.provisional.add(piece.polygon.map { $0 * scale }, using: rasterizer)
            entry.provisionalArea = PixelRect(covering: scaled(bounds))
            dirty = dirty.union(entry.provisionalArea)
        }
        return dirty
    }

    /// Recomposites `rect` of the image from the cache and the live strokes.
    private func refresh(_ rect: PixelRect) -> PixelRect? {
        let area = rect.intersection(image.bounds)
        guard !area.isEmpty else { return nil }
        image.copy(area, from: cache)
        for id in liveOrder {
            if let entry = live[id] { composite(entry, into: &image, area: area) }
        }
        return area
    }

    /// Blends a live stroke's coverage (committed and provisional) into `bitmap` over `area`.
    private func composite(_ entry: LiveStroke, into bitmap: inout Bitmap, area: PixelRect) {
        let region = area.intersection(entry.committed.bounds.union(entry.provisionalArea)).intersection(bitmap.bounds)
        guard !region.isEmpty else { return }
        let ink: SIMD4<Float>
        let mode: BlendMode
        switch entry.tool {
        case .ink:
            ink = Bitmap.ink(entry.color, opacity: entry.opacity)
            mode = .sourceOver
        case .eraser(let eraser):
            if eraser == .paintBackground, background.alpha > 0 {
                ink = Bitmap.ink(background, opacity: 1)
                mode = .sourceOver
            } else {
                ink = Bitmap.ink(.black, opacity: 1)
                mode = .clear
            }
        }
        var row = [Float](repeating: 0, count: region.width)
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX {
                row[x - region.minX] = Swift.min(1, entry.committed.coverage(x: x, y: y) + entry.provisional.coverage(x: x, y: y))
            }
            row.withUnsafeBufferPointer { bitmap.blendRow(y, first: region.minX, coverage: $0, ink: ink, mode: mode, grain: entry.grain) }
        }
    }

    private func scaled(_ rect: Rect) -> Rect {
        Rect(min: rect.min * scale, max: rect.max * scale)
    }
}
