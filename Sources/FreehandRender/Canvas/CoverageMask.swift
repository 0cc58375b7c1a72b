import FreehandKit

/// Per-pixel ink alpha (coverage × opacity, 0…1) of one live stroke over a canvas, stored in
/// 64 × 64 tiles allocated only where the stroke goes. A region is always rewritten whole from the
/// stroke's pieces (`redraw`), so overlapping pieces are inked once, exactly as the non-zero fill
/// of their union.
struct CoverageMask {
    static let tileSize = 64
    let width: Int
    let height: Int
    private let tilesAcross: Int
    private var tiles: [[Float]?]
    /// The pixels that may hold ink.
    private(set) var bounds = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        tilesAcross = (width + Self.tileSize - 1) / Self.tileSize
        tiles = Array(repeating: nil, count: tilesAcross * ((height + Self.tileSize - 1) / Self.tileSize))
    }

    /// Rewrites `rect` with the union of `pieces` (pixel coordinates, non-zero rule): each pixel's
    /// alpha is its coverage times the highest opacity of the pieces that reach it.
    mutating func redraw(_ rect: PixelRect, from pieces: [(polygon: [Point2D], opacity: Double)], using rasterizer: Rasterizer) {
        let area = rect.intersection(PixelRect(width: width, height: height))
        guard !area.isEmpty else { return }
        clear(area)
        guard let first = pieces.first else { return }
        let uniform = pieces.allSatisfy { $0.opacity == first.opacity }
        rasterizer.rasterize(pieces.lazy.map(\.polygon), clip: area) { row, run in
            switch run {
            case .varying(let start, let coverage):
                for offset in 0..<coverage.count where coverage[offset] > 0 { set(coverage[offset], x: start + offset, y: row) }
            case .solid(let start, let count, let coverage):
                for x in start..<(start + count) { set(coverage, x: x, y: row) }
            }
        }
        bounds = bounds.union(area)
        guard uniform else {
            // Opacity varies along the stroke: scale each pixel by the most opaque piece there.
            var opacity = [Float](repeating: 0, count: area.width * area.height)
            for piece in pieces {
                rasterizer.rasterize(CollectionOfOne(piece.polygon), clip: area) { row, run in
                    let value = Float(piece.opacity)
                    let (start, count): (Int, Int)
                    switch run {
                    case .varying(let first, let coverage): (start, count) = (first, coverage.count)
                    case .solid(let first, let length, _): (start, count) = (first, length)
                    }
                    let base = (row - area.minY) * area.width - area.minX
                    for x in start..<(start + count) { opacity[base + x] = Swift.max(opacity[base + x], value) }
                }
            }
            for y in area.minY..<area.maxY {
                for x in area.minX..<area.maxX {
                    let (tile, index) = location(x, y)
                    if tiles[tile] != nil { tiles[tile]![index] *= opacity[(y - area.minY) * area.width + x - area.minX] }
                }
            }
            return
        }
        let scale = Float(first.opacity)
        guard scale != 1 else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                let (tile, index) = location(x, y)
                if tiles[tile] != nil { tiles[tile]![index] *= scale }
            }
        }
    }

    /// Sets the alpha of every pixel in `rect` to 0.
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

    /// The alpha at (`x`, `y`), 0…1.
    @inline(__always)
    func alpha(x: Int, y: Int) -> Float {
        let (tile, index) = location(x, y)
        guard let values = tiles[tile] else { return 0 }
        return values[index]
    }

    @inline(__always)
    private mutating func set(_ value: Float, x: Int, y: Int) {
        let (tile, index) = location(x, y)
        if tiles[tile] == nil { tiles[tile] = [Float](repeating: 0, count: Self.tileSize * Self.tileSize) }
        tiles[tile]![index] = value
    }

    @inline(__always)
    private func location(_ x: Int, _ y: Int) -> (tile: Int, index: Int) {
        ((y / Self.tileSize) * tilesAcross + x / Self.tileSize, (y % Self.tileSize) * Self.tileSize + x % Self.tileSize)
    }
}
