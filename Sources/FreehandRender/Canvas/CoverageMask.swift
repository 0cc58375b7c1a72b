import FreehandKit

/// Per-pixel ink coverage of one stroke over a canvas, stored in 64 × 64 tiles allocated only where
/// the stroke goes. Coverage from several polygons adds up and reads clamped to 1, so abutting
/// pieces of one stroke join seamlessly and a stroke crossing itself is inked once.
struct CoverageMask {
    static let tileSize = 64
    let width: Int
    let height: Int
    private let tilesAcross: Int
    private var tiles: [[Float]?]
    /// The pixels that may hold coverage.
    private(set) var bounds = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        tilesAcross = (width + Self.tileSize - 1) / Self.tileSize
        tiles = Array(repeating: nil, count: tilesAcross * ((height + Self.tileSize - 1) / Self.tileSize))
    }

    /// Adds the coverage of `polygon` (pixel coordinates).
    mutating func add(_ polygon: [Point], using rasterizer: Rasterizer) {
        rasterizer.rasterize(polygon, clip: PixelRect(width: width, height: height)) { row, first, coverage in
            bounds = bounds.union(PixelRect(minX: first, minY: row, maxX: first + coverage.count, maxY: row + 1))
            for offset in 0..<coverage.count where coverage[offset] > 0 {
                add(coverage[offset], x: first + offset, y: row)
            }
        }
    }

    /// Sets the coverage of every pixel in `rect` to 0.
    mutating func clear(_ rect: PixelRect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                let (tile, index) = location(x, y)
                if tiles[tile] != nil { tiles[tile]![index] = 0 }
            }
        }
    }

    /// The coverage at (`x`, `y`), 0…1.
    @inline(__always)
    func coverage(x: Int, y: Int) -> Float {
        let (tile, index) = location(x, y)
        guard let values = tiles[tile] else { return 0 }
        return Swift.min(1, values[index])
    }

    @inline(__always)
    private mutating func add(_ value: Float, x: Int, y: Int) {
        let (tile, index) = location(x, y)
        if tiles[tile] == nil { tiles[tile] = [Float](repeating: 0, count: Self.tileSize * Self.tileSize) }
        tiles[tile]![index] += value
    }

    @inline(__always)
    private func location(_ x: Int, _ y: Int) -> (tile: Int, index: Int) {
        ((y / Self.tileSize) * tilesAcross + x / Self.tileSize, (y % Self.tileSize) * Self.tileSize + x % Self.tileSize)
    }
}
