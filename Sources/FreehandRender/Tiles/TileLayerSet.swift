import FreehandKit

/// The tiles a view shows as compositor layers (a `CALayer` a tile, in page points, which Core
/// Animation moves and scales with the scroll view), kept in step with each `TileFrame`: what to
/// add, what to give new pixels, what to take away. The view applies the changes and does no other
/// work for a scroll frame: a tile already shown is never copied again; only a tile new to the
/// view, or with new pixels, is handed to its layer (as an image made where it was rendered, when
/// it can be).
public struct TileLayerSet: Sendable {
    /// The tiles shown now, with the version of the pixels each layer holds.
    public private(set) var shown: [TileID: Int] = [:]
    /// The zoom of the last frame.
    private var zoom: Double?

    /// No tile shown.
    public init() {}

    /// What changes for the view to show `frame`: tiles new to it or with new pixels (`placed`),
    /// and tiles it no longer shows (`removed`). Tiles of another zoom than the frame's (shown
    /// scaled until the sharp ones are rendered) go below the frame's own (`isBelow(_:)`); when
    /// the zoom changed, every layer's place in that order may have (`restacks`).
    ///
    /// - Complexity: O(t + t') for the frame's t tiles and the t' shown before.
    public mutating func update(to frame: TileFrame) -> TileLayerChanges {
        var placed: [TileDraw] = []
        var next: [TileID: Int] = [:]
        next.reserveCapacity(frame.draws.count)
        for draw in frame.draws {
            next[draw.id] = draw.version
            if shown[draw.id] != draw.version { placed.append(draw) }
        }
        let removed = shown.keys.filter { next[$0] == nil }
        shown = next
        let restacks = zoom != frame.viewport.zoom
        zoom = frame.viewport.zoom
        return TileLayerChanges(zoom: frame.viewport.zoom, placed: placed, removed: removed, restacks: restacks)
    }

    /// Takes every tile away (the view's layers are dropped: a memory warning, another drawing);
    /// returns the tiles that were shown.
    public mutating func removeAll() -> [TileID] {
        defer { shown = [:] }
        zoom = nil
        return Array(shown.keys)
    }
}

/// What a view's tile layers do to show a new frame (`TileLayerSet.update(to:)`).
public struct TileLayerChanges: Sendable {
    /// The frame's zoom, device pixels a point.
    public let zoom: Double
    /// Tiles to add, or whose layer takes new pixels: the layer's frame is `area` (page points),
    /// its contents `tile`.
    public let placed: [TileDraw]
    /// Tiles whose layers go.
    public let removed: [TileID]
    /// True when the zoom changed since the last frame: every layer shown takes its place in the
    /// order again (`isBelow(_:)`), as a tile that was the frame's may now be a stand-in or back.
    public let restacks: Bool

    /// True when nothing changes (a scroll within the tiles already shown).
    public var isEmpty: Bool { placed.isEmpty && removed.isEmpty && !restacks }

    /// True for a tile of another zoom, shown scaled until the frame's own is rendered: its layer
    /// goes below the frame's tiles.
    public func isBelow(_ id: TileID) -> Bool { id.zoom != zoom }
}
