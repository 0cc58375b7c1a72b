import FreehandKit

/// A tile to render away from the thread that owns the `TiledCanvas` (`renderJobs(limit:)`): the
/// ink that reaches it, copied out, so that `render()` runs on any thread — a view renders tiles
/// on a background task and hands the results back (`accept(_:)`) without blocking a frame.
public struct TileRenderJob: Sendable {
    /// The tile.
    public let id: TileID
    /// The strokes that reach the tile, in drawing order.
    let ink: [(piece: OutlinePiece, color: RGBAColor)]
    let background: RGBAColor
    /// The canvas's ink revision when the job was made: a result for older ink is not kept.
    let inkRevision: Int
    /// How many strokes the ink had: those added later are drawn into the result when it is taken.
    let inkCount: Int

    /// The tile's pixels: the background and every stroke that reaches it. Runs on any thread.
    public func render() -> RenderedTile {
        var bitmap = Bitmap(width: TiledCanvas.tileSize, height: TiledCanvas.tileSize, color: background)
        let rasterizer = Rasterizer()
        for (piece, color) in ink {
            TiledCanvas.draw(piece, color: color, zoom: id.zoom, origin: id.pixelOrigin, into: &bitmap, clip: nil, using: rasterizer)
        }
        return RenderedTile(id: id, tile: bitmap, inkRevision: inkRevision, inkCount: inkCount)
    }
}

/// A tile rendered by a `TileRenderJob`, for `TiledCanvas.accept(_:)`.
public struct RenderedTile: Sendable {
    /// The tile.
    public let id: TileID
    /// Its pixels as rendered (a view may make its layer's image from them on the same thread).
    public let tile: Bitmap
    let inkRevision: Int
    let inkCount: Int
}
