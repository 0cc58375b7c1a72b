import FreehandKit

/// One tile of a frame: its pixels and where they land in the view.
public struct TileDraw: Sendable {
    /// Which tile: a view that shows tiles as layers keys them by it.
    public let id: TileID
    /// The tile's pixels (`TiledCanvas.tileSize` a side), background included.
    public let tile: Bitmap
    /// Counts the changes to the tile's pixels: a layer showing an older version takes the new one.
    public let version: Int
    /// Where the tile lands in the view, device pixels. A sharp tile lands on whole pixels at its
    /// own size; a tile of another zoom, shown until the sharp one is rendered, is scaled.
    public let destination: Rect2D
    /// True when the tile was rendered at the frame's zoom (and is up to date).
    public let isSharp: Bool

    /// The page's points the tile covers (where a layer in page points puts it).
    public var area: Rect2D { id.area }
}

/// What a zoomable view draws for one viewport (`TiledCanvas.frame(for:)`): the background, then
/// tiles in order — tiles of other zooms first, scaled, where the sharp ones are still missing,
/// and the sharp tiles over them. A view hands the tiles to its compositor (Core Animation layers,
/// a browser canvas's `drawImage`); `composite(into:area:over:)` draws them on the processor.
public struct TileFrame: Sendable {
    /// The viewport drawn.
    public let viewport: Viewport
    /// The device pixel of the drawing's level that lands on the view's top-left pixel (the
    /// viewport's origin times its zoom, rounded: tiles land on whole pixels).
    public let pixelOrigin: Point2D
    /// The canvas's background colour.
    public let background: RGBAColor
    /// The tiles, in drawing order.
    public let draws: [TileDraw]
    /// Visible tiles not yet sharp (missing, or out of date after an edit).
    public let missing: Int

    /// True when every visible tile is sharp and up to date.
    public var isSharp: Bool { missing == 0 }

    /// The frame's pixels over `area` (view pixels) drawn into `bitmap` (the view's size): the
    /// background, each tile (copied when sharp, nearest pixel when scaled), then `live` (strokes
    /// still being drawn, outlines in points) over them.
    public func composite(into bitmap: inout Bitmap, area: PixelRect, over live: [(piece: OutlinePiece, color: RGBAColor)] = []) {
        let area = area.intersection(bitmap.bounds)
        guard !area.isEmpty else { return }
        bitmap.fill(area, with: background)
        let width = bitmap.width
        for draw in draws {
            let target = PixelRect(
                minX: Int(draw.destination.min.x.rounded()), minY: Int(draw.destination.min.y.rounded()),
                maxX: Int(draw.destination.max.x.rounded()), maxY: Int(draw.destination.max.y.rounded()))
            let overlap = target.intersection(area)
            guard !overlap.isEmpty, draw.tile.width > 0 else { continue }
            let tile = draw.tile, side = tile.width
            bitmap.pixels.withUnsafeMutableBytes { output in
                tile.pixels.withUnsafeBytes { input in
                    if draw.destination.width == Double(side), draw.destination.height == Double(side),
                       draw.destination.min.x == draw.destination.min.x.rounded(), draw.destination.min.y == draw.destination.min.y.rounded() {
                        for y in overlap.minY..<overlap.maxY {
                            let from = ((y - target.minY) * side + (overlap.minX - target.minX)) * 4
                            let to = (y * width + overlap.minX) * 4
                            (output.baseAddress! + to).copyMemory(from: input.baseAddress! + from, byteCount: overlap.width * 4)
                        }
                        return
                    }
                    let scaleX = Double(side) / draw.destination.width, scaleY = Double(side) / draw.destination.height
                    for y in overlap.minY..<overlap.maxY {
                        let sourceY = Swift.min(side - 1, Swift.max(0, Int((Double(y) + 0.5 - draw.destination.min.y) * scaleY)))
                        for x in overlap.minX..<overlap.maxX {
                            let sourceX = Swift.min(side - 1, Swift.max(0, Int((Double(x) + 0.5 - draw.destination.min.x) * scaleX)))
                            let value = input.load(fromByteOffset: (sourceY * side + sourceX) * 4, as: UInt32.self)
                            output.storeBytes(of: value, toByteOffset: (y * width + x) * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
        let rasterizer = Rasterizer()
        for (piece, color) in live {
            TiledCanvas.draw(piece, color: color, zoom: viewport.zoom, origin: pixelOrigin, into: &bitmap, clip: area, using: rasterizer)
        }
    }

    /// The whole frame as an image of the viewport's size.
    public func image(over live: [(piece: OutlinePiece, color: RGBAColor)] = []) -> Bitmap {
        var bitmap = Bitmap(width: viewport.width, height: viewport.height, color: background)
        composite(into: &bitmap, area: bitmap.bounds, over: live)
        return bitmap
    }
}
