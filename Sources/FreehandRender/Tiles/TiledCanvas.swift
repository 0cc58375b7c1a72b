import FreehandKit

/// Finished ink rendered as square tiles cached per zoom, for a view that pans and zooms over an
/// unbounded drawing (a note page, as `PKCanvasView` in its scroll view).
///
/// `frame(for:)` answers at once with what is cached: the sharp tiles of the viewport's zoom, and
/// where they are missing the nearest zoom's tiles scaled (a pinch shows the page at once, blurred
/// for a moment). `renderMissingTiles(limit:maximumThreads:)` then renders the missing ones, the
/// ones nearest the view's centre first, on up to that many cores, then the ring of tiles just
/// beyond the view's edges; a view calls it between frames a few tiles at a time (the tiles are
/// rendered on worker threads; the canvas itself is used from one thread), so a new frame (the
/// viewport moved on) cancels what is no longer near. Panning renders only the row or
/// column of tiles it uncovers — usually ahead of time, from that ring.
///
/// Edits touch only their tiles: `add(_:color:)` (a stroke just finished) draws the stroke into
/// the cached tiles it crosses; `replaceInk(_:changedIn:)` (an erase, an undo, a selection moved)
/// marks the tiles under the changed areas out of date — shown as they were until rendered again.
/// Tiles take `tileBytes` each and the cache never holds more than `memoryBudget`: the tiles used
/// longest ago go first, and a tile of the current frame is never dropped (when a view needs more
/// than the budget, the tiles beyond it stay missing).
///
/// A tile at zoom z covers `tileSize / z` points and lands on whole device pixels, so a frame is
/// the same picture as one bitmap rendered for the viewport, seamlessly; a stroke smaller than a
/// pixel at a zoom is drawn as a square of its area.
public final class TiledCanvas {
    /// A tile's side, device pixels.
    public static let tileSize = 256
    /// The bytes a tile takes (RGBA, 8 bits a channel).
    public static let tileBytes = tileSize * tileSize * 4

    /// The colour under the ink.
    public let background: RGBAColor
    /// The most bytes the cached tiles may take. Default 96 MiB: a 2732 × 2048 view needs 96
    /// tiles (24 MiB), so four zooms' worth stay cached.
    public let memoryBudget: Int
    /// The bytes the cached tiles take now (never above `memoryBudget`).
    public var tileMemory: Int { tiles.count * Self.tileBytes }
    /// Visible tiles of the last frame not yet sharp.
    public var missingTileCount: Int { pending.count }
    /// Tiles of the ring just beyond the last frame's edges not yet rendered (or out of date).
    public var aheadTileCount: Int { ahead.count }
    /// The area (points) of the tiles the last `renderMissingTiles` rendered, or nil for none:
    /// where a view's pixels of those tiles' zoom became sharp.
    public private(set) var lastRenderedArea: Rect2D?

    private struct Tile {
        var bitmap: Bitmap
        var lastUse: Int
        var isStale = false
        /// Counts the changes to `bitmap` (rendered, or a stroke drawn into it).
        var version = 0
    }

    /// Counts every change of a tile's pixels, so that each version is told apart.
    private var versions = 0
    /// Counts the changes of the ink that are not strokes added on top (a job made before one
    /// renders ink that is gone; strokes added since are drawn into its result).
    private var inkRevision = 0
    /// Tiles handed out as jobs and not yet accepted.
    private var inFlight: Set<TileID> = []

    private var ink: [(piece: OutlinePiece, color: RGBAColor)] = []
    private var index = TileInkIndex([])
    private var tiles: [TileID: Tile] = [:]
    /// How many tiles each cached zoom has.
    private var levels: [UInt64: Int] = [:]
    private var clock = 0
    /// The last frame's visible tiles that are missing or stale, nearest its centre first.
    private var pending: [TileID] = []
    /// The tiles one beyond the last frame's edges that are missing or stale: rendered after the
    /// visible ones, so that a pan finds them ready.
    private var ahead: [TileID] = []

    /// An empty canvas; a budget below one tile is raised to one tile.
    public init(background: RGBAColor = .white, memoryBudget: Int = 96 << 20) {
        self.background = background
        self.memoryBudget = Swift.max(Self.tileBytes, memoryBudget)
    }

    /// The finished strokes, in drawing order.
    public var strokeCount: Int { ink.count }

    /// Replaces all the ink (a drawing opened): every cached tile is out of date.
    public func setInk(_ ink: [(piece: OutlinePiece, color: RGBAColor)]) {
        self.ink = ink
        inkRevision += 1
        index = TileInkIndex(ink.map(\.piece.bounds))
        for key in tiles.keys { tiles[key]?.isStale = true }
    }

    /// Forgets every cached tile (the ink's colours all changed, another drawing was opened:
    /// nothing cached is worth showing until it is rendered again).
    public func removeAllTiles() {
        tiles = [:]
        inFlight = []
        levels = [:]
        pending = []
        ahead = []
    }

    /// Replaces the ink after an edit that changed it only within `areas` (points: the bounds of
    /// the strokes erased, restored, moved or restyled, before and after): the tiles under them
    /// are out of date, the others are kept as they are.
    public func replaceInk(_ ink: [(piece: OutlinePiece, color: RGBAColor)], changedIn areas: [Rect2D]) {
        self.ink = ink
        inkRevision += 1
        index = TileInkIndex(ink.map(\.piece.bounds))
        let dirty = areas.filter { $0.min.isFinite && $0.max.isFinite }
        guard !dirty.isEmpty else { return }
        for (key, _) in tiles {
            let rect = key.area
            if dirty.contains(where: { $0.intersects(rect) }) { tiles[key]?.isStale = true }
        }
    }

    /// Adds a finished stroke on top of the ink, drawn into every cached tile it crosses (at each
    /// zoom): no tile is rendered again.
    public func add(_ piece: OutlinePiece, color: RGBAColor) {
        ink.append((piece, color))
        index.insert(ink.count - 1, bounds: piece.bounds)
        guard let bounds = piece.bounds else { return }
        let rasterizer = Rasterizer()
        for (key, _) in tiles where key.area.intersects(bounds) {
            Self.draw(piece, color: color, zoom: key.zoom, origin: key.pixelOrigin, into: &tiles[key]!.bitmap, clip: nil, using: rasterizer)
            versions += 1
            tiles[key]!.version = versions
        }
    }

    /// What the view shows for `viewport` now, from the cached tiles alone; remembers the visible
    /// tiles still to render (the previous frame's are forgotten: a pan or a zoom cancels them).
    public func frame(for viewport: Viewport) -> TileFrame {
        clock += 1
        let zoom = viewport.zoom, side = Double(Self.tileSize)
        let pixelOrigin = viewport.pixelOrigin
        guard viewport.width > 0, viewport.height > 0, pixelOrigin.isFinite, abs(pixelOrigin.x) < 1e15, abs(pixelOrigin.y) < 1e15 else {
            pending = []
            ahead = []
            return TileFrame(viewport: viewport, pixelOrigin: pixelOrigin, background: background, draws: [], missing: 0)
        }
        let columns = Int((pixelOrigin.x / side).rounded(.down))...Int(((pixelOrigin.x + Double(viewport.width) - 1) / side).rounded(.down))
        let rows = Int((pixelOrigin.y / side).rounded(.down))...Int(((pixelOrigin.y + Double(viewport.height) - 1) / side).rounded(.down))
        var sharp: [TileDraw] = [], standIns: [TileDraw] = [], shown = Set<TileID>()
        var missing: [TileID] = []
        // Other zooms, nearest first (a finer one before a coarser one as near); none more than 4×
        // finer (a stand-in would take more than 16 of its tiles).
        func apart(_ other: Double) -> Double { Swift.max(other / zoom, zoom / other) }
        let others = levels.keys.filter { $0 != zoom.bitPattern }.map { Double(bitPattern: $0) }.filter { $0 <= 4 * zoom }
            .sorted { apart($0) < apart($1) || (apart($0) == apart($1) && $0 > $1) }
        for row in rows {
            for column in columns {
                let key = TileID(zoomBits: zoom.bitPattern, column: column, row: row)
                let destination = Rect2D(
                    min: Point2D(Double(column) * side - pixelOrigin.x, Double(row) * side - pixelOrigin.y),
                    max: Point2D(Double(column + 1) * side - pixelOrigin.x, Double(row + 1) * side - pixelOrigin.y))
                if let tile = tiles[key] {
                    tiles[key]!.lastUse = clock
                    sharp.append(TileDraw(id: key, tile: tile.bitmap, version: tile.version, destination: destination, isSharp: !tile.isStale))
                    if tile.isStale { missing.append(key) }
                    continue
                }
                missing.append(key)
                // Stand-ins: the nearest zoom with tiles over this one's area.
                let area = key.area
                for other in others {
                    var found = false
                    let span = side / other
                    for otherRow in Int((area.min.y / span).rounded(.down))...Int(((area.max.y / span).nextDown).rounded(.down)) {
                        for otherColumn in Int((area.min.x / span).rounded(.down))...Int(((area.max.x / span).nextDown).rounded(.down)) {
                            let otherKey = TileID(zoomBits: other.bitPattern, column: otherColumn, row: otherRow)
                            guard let tile = tiles[otherKey] else { continue }
                            found = true
                            guard shown.insert(otherKey).inserted else { continue }
                            tiles[otherKey]!.lastUse = clock
                            let covered = otherKey.area
                            standIns.append(TileDraw(
                                id: otherKey, tile: tile.bitmap, version: tile.version,
                                destination: Rect2D(min: covered.min * zoom - pixelOrigin, max: covered.max * zoom - pixelOrigin), isSharp: false))
                        }
                    }
                    if found { break }
                }
            }
        }
        // Nearest the view's centre first.
        let centre = pixelOrigin + Point2D(Double(viewport.width), Double(viewport.height)) / 2
        func distance(_ key: TileID) -> Double { (Point2D((Double(key.column) + 0.5) * side, (Double(key.row) + 0.5) * side) - centre).length }
        pending = missing.sorted { distance($0) < distance($1) }
        // The ring just beyond the edges: kept, and rendered after the visible tiles.
        var beyond: [TileID] = []
        for row in (rows.lowerBound - 1)...(rows.upperBound + 1) {
            for column in (columns.lowerBound - 1)...(columns.upperBound + 1) where !rows.contains(row) || !columns.contains(column) {
                let key = TileID(zoomBits: zoom.bitPattern, column: column, row: row)
                if let tile = tiles[key] {
                    tiles[key]!.lastUse = clock
                    if !tile.isStale { continue }
                }
                beyond.append(key)
            }
        }
        ahead = beyond.sorted { distance($0) < distance($1) }
        return TileFrame(viewport: viewport, pixelOrigin: pixelOrigin, background: background, draws: standIns + sharp, missing: pending.count)
    }

    /// Renders up to `limit` of the last frame's missing tiles, nearest its centre first, then
    /// (with `ahead`) those of the ring just beyond its edges, on up to `maximumThreads` cores;
    /// makes room by dropping the tiles used longest ago (never one of the last frame's or its
    /// ring's). Returns how many it rendered; fewer than asked when the budget is full of the
    /// frame's own tiles. A new `frame(for:)` replaces the lists (cancels the rest).
    @discardableResult
    public func renderMissingTiles(limit: Int = .max, maximumThreads: Int = 2, ahead includingAhead: Bool = true) -> Int {
        lastRenderedArea = nil
        let wanted = pending + (includingAhead ? ahead : [])
        guard limit > 0, !wanted.isEmpty else { return 0 }
        var chosen: [TileID] = []
        for key in wanted.prefix(limit) {
            if tiles[key] == nil {
                guard makeRoom() else { break }
                // Reserve its place (the bitmap comes below).
                tiles[key] = Tile(bitmap: Bitmap(width: 0, height: 0), lastUse: clock, isStale: true)
                levels[key.zoomBits, default: 0] += 1
            }
            chosen.append(key)
        }
        guard !chosen.isEmpty else { return 0 }
        let jobs = chosen.map { job(for: $0) }
        let threads = Swift.max(1, Swift.min(maximumThreads, chosen.count))
        let rendered: [[Bitmap]]
        if threads == 1 {
            rendered = [jobs.map { $0.render().tile }]
        } else {
            rendered = ConcurrentMap.results(count: threads) { thread in
                stride(from: thread, to: jobs.count, by: threads).map { jobs[$0].render().tile }
            }
        }
        for thread in 0..<threads {
            for (offset, bitmap) in rendered[thread].enumerated() {
                let key = chosen[thread + offset * threads]
                versions += 1
                tiles[key] = Tile(bitmap: bitmap, lastUse: clock, version: versions)
            }
        }
        for key in chosen { lastRenderedArea.formUnion(key.area) }
        let done = Set(chosen)
        pending.removeAll { done.contains($0) }
        ahead.removeAll { done.contains($0) }
        return chosen.count
    }

    /// Up to `limit` of the tiles `renderMissingTiles` would render next (the last frame's missing
    /// ones nearest its centre, then with `ahead` the ring beyond its edges), as jobs to render on
    /// other threads (`TileRenderJob.render()`); a tile already handed out is not handed out again
    /// until its result is accepted. A view makes a few each frame and accepts their results
    /// between frames, so that no frame waits for a tile.
    public func renderJobs(limit: Int, ahead includingAhead: Bool = true) -> [TileRenderJob] {
        let wanted = pending + (includingAhead ? ahead : [])
        var jobs: [TileRenderJob] = []
        for key in wanted where jobs.count < limit && !inFlight.contains(key) {
            inFlight.insert(key)
            jobs.append(job(for: key))
        }
        return jobs
    }

    /// Takes tiles rendered by jobs into the cache (making room as `renderMissingTiles` does), with
    /// the strokes added since each job was made drawn into it; a result for ink that changed
    /// otherwise (an erase, an undo) is dropped and the tile handed out again. A tile the budget
    /// has no room for stays missing for this frame. Returns the area (points) of the tiles taken,
    /// or nil for none.
    @discardableResult
    public func accept(_ rendered: [RenderedTile]) -> Rect2D? {
        var area: Rect2D?
        var taken: Set<TileID> = []
        var refused: Set<TileID> = []
        let rasterizer = Rasterizer()
        for result in rendered {
            inFlight.remove(result.id)
            guard result.inkRevision == inkRevision, result.inkCount <= ink.count else { continue }
            if tiles[result.id] == nil {
                // No room: the tile stays missing and is not handed out again for this frame.
                guard makeRoom() else {
                    refused.insert(result.id)
                    continue
                }
                levels[result.id.zoomBits, default: 0] += 1
            }
            // Strokes finished since the job was made are drawn into its result.
            var bitmap = result.tile
            let reach = result.id.area.expanded(by: 1 / result.id.zoom)
            for (piece, color) in ink[result.inkCount...] where piece.bounds?.intersects(reach) ?? false {
                Self.draw(piece, color: color, zoom: result.id.zoom, origin: result.id.pixelOrigin, into: &bitmap, clip: nil, using: rasterizer)
            }
            versions += 1
            tiles[result.id] = Tile(bitmap: bitmap, lastUse: clock, version: versions)
            area.formUnion(result.id.area)
            taken.insert(result.id)
        }
        pending.removeAll { taken.contains($0) || refused.contains($0) }
        ahead.removeAll { taken.contains($0) || refused.contains($0) }
        return area
    }

    /// Drops every cached tile the last frame does not show (a memory warning): its own stay, so
    /// the view looks the same; returns how many were dropped.
    @discardableResult
    public func removeTilesNotShown() -> Int {
        let old = tiles.filter { $0.value.lastUse < clock }.map(\.key)
        for key in old { dropTile(key) }
        return old.count
    }

    /// Drops the tile used longest ago that the last frame did not use, if the cache has no room
    /// for one more; false when it is full of the last frame's tiles.
    private func makeRoom() -> Bool {
        guard tileMemory + Self.tileBytes > memoryBudget else { return true }
        guard let oldest = tiles.filter({ $0.value.lastUse < clock }).min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { return false }
        dropTile(oldest)
        return true
    }

    /// Forgets cached tile `key`, and its zoom when it was that zoom's last tile.
    private func dropTile(_ key: TileID) {
        tiles[key] = nil
        levels[key.zoomBits, default: 1] -= 1
        if levels[key.zoomBits] == 0 { levels[key.zoomBits] = nil }
    }

    /// Tile `key` as a job: the strokes that reach it (by their bounds, within a pixel), in order.
    private func job(for key: TileID) -> TileRenderJob {
        let area = key.area.expanded(by: 1 / key.zoom)
        let reaching = index.candidates(in: area).compactMap { position -> (piece: OutlinePiece, color: RGBAColor)? in
            guard let bounds = ink[position].piece.bounds, bounds.intersects(area) else { return nil }
            return ink[position]
        }
        return TileRenderJob(id: key, ink: reaching, background: background, inkRevision: inkRevision, inkCount: ink.count)
    }

    /// Fills `piece` (points) into `bitmap` whose pixel (0, 0) is the level's pixel `origin` at
    /// `zoom` pixels a point, within `clip` (the whole bitmap when nil), by its layering. A
    /// stroke smaller than a pixel each way is filled as a square of its area (its outline's many
    /// points would all land in one pixel).
    static func draw(
        _ piece: OutlinePiece, color: RGBAColor, zoom: Double, origin: Point2D, into bitmap: inout Bitmap, clip: PixelRect?, using rasterizer: Rasterizer
    ) {
        guard let bounds = piece.bounds else { return }
        let ink = Bitmap.ink(color, opacity: piece.opacity), mode = InkBlendMode(piece.layering)
        let clip = (clip ?? bitmap.bounds).intersection(bitmap.bounds)
        if bounds.width * zoom < 1, bounds.height * zoom < 1 {
            let side = Swift.min(1, abs(NonZeroBoundary.signedArea(piece.polygon)).squareRoot() * zoom)
            guard side > 0 else { return }
            let centre = bounds.center * zoom - origin, half = side / 2
            let square = [centre + Point2D(-half, -half), centre + Point2D(half, -half), centre + Point2D(half, half), centre + Point2D(-half, half)]
            rasterizer.rasterize(CollectionOfOne(square), clip: clip, windsOnce: true) { row, run in bitmap.blend(row, run, ink: ink, mode: mode, grain: nil) }
            return
        }
        let rings = piece.rings.map { ring in ring.map { $0 * zoom - origin } }
        rasterizer.rasterize(rings, clip: clip, windsOnce: piece.isResolved) { row, run in bitmap.blend(row, run, ink: ink, mode: mode, grain: nil) }
    }
}
