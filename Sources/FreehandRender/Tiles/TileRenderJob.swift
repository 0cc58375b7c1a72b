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

    /// The tile's pixels: the background and every stroke that reaches it. Runs on any thread.
    public func render() -> RenderedTile {
        var bitmap = Bitmap(width: TiledCanvas.tileSize, height: TiledCanvas.tileSize, color: background)
        let origin = Point2D(Double(id.column * TiledCanvas.tileSize), Double(id.row * TiledCanvas.tileSize))
        let rasterizer = Rasterizer()
        for (piece, color) in ink {
            TiledCanvas.draw(piece, color: color, zoom: id.zoom, origin: origin, into: &bitmap, clip: nil, using: rasterizer)
        }
        return RenderedTile(id: id, bitmap: bitmap, inkRevision: inkRevision)
    }
}

/// A tile rendered by a `TileRenderJob`, for `TiledCanvas.accept(_:)`.
public struct RenderedTile: Sendable {
    /// The tile.
    public let id: TileID
    let bitmap: Bitmap
    let inkRevision: Int
}
