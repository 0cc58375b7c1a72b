import FreehandKit

/// A tile of a `TiledCanvas`: its zoom and its place in that zoom's grid. What a view keys its
/// tile layers by.
public struct TileID: Hashable, Sendable {
    /// The zoom's bits (`Double.bitPattern`), so that equal zooms are equal keys.
    let zoomBits: UInt64
    /// The tile's column: it starts at `column × tileSize` device pixels of its zoom.
    public let column: Int
    /// The tile's row: it starts at `row × tileSize` device pixels of its zoom.
    public let row: Int

    init(zoomBits: UInt64, column: Int, row: Int) {
        self.zoomBits = zoomBits
        self.column = column
        self.row = row
    }

    /// The zoom the tile was rendered at, device pixels a point.
    public var zoom: Double { Double(bitPattern: zoomBits) }

    /// The device pixel of its zoom at the tile's top-left corner.
    var pixelOrigin: Point2D { Point2D(Double(column * TiledCanvas.tileSize), Double(row * TiledCanvas.tileSize)) }

    /// The page's points the tile covers: `tileSize / zoom` points a side.
    public var area: Rect2D {
        let side = Double(TiledCanvas.tileSize)
        return Rect2D(min: Point2D(Double(column) * side, Double(row) * side) / zoom, max: Point2D(Double(column + 1) * side, Double(row + 1) * side) / zoom)
    }
}
