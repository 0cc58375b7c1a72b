import FreehandKit

/// The full-redraw benchmark's scene: finished strokes (the batch outlines of the benchmark ink's
/// first 2,000 strokes, pressure brush, in turn) placed over a 2048 × 1536 pixel canvas, one every
/// (97, 61) pixels wrapped within (1950, 1450). `freehand bench` redraws it, and writes it
/// (`--redraw-scene`) for a peer renderer to fill the very same polygons.
public struct RedrawScene: Sendable {
    /// The canvas size, pixels.
    public static let canvasSize = Point2D(2048, 1536)

    /// The placed outlines, in pixels, in drawing order.
    public let pieces: [OutlinePiece]

    /// `count` placed copies of `outlines` (taken in turn; none when `outlines` is empty).
    init(count: Int, outlines: [OutlinePiece]) {
        guard !outlines.isEmpty else {
            pieces = []
            return
        }
        pieces = (0..<Swift.max(0, count)).map { index in outlines[index % outlines.count].offset(by: Self.offset(of: index)) }
    }

    /// Where the scene places its `index`-th stroke: (97, 61) pixels on from the one before,
    /// wrapped within (1950, 1450).
    static func offset(of index: Int) -> Point2D {
        Point2D(Double((index * 97) % 1950), Double((index * 61) % 1450))
    }

    /// The scene as little-endian 64-bit floats: the canvas width and height, the number of
    /// pieces, then for each piece its number of rings (its polygon and its holes), its opacity
    /// (0…1), and for each ring its number of points and its points as x, y pairs (pixels). Every
    /// count is a whole number, exact in a float.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * (3 + pieces.reduce(0) { $0 + 3 + $1.holes.count + 2 * $1.pointCount }))
        func append(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        for value in [Self.canvasSize.x, Self.canvasSize.y, Double(pieces.count)] { append(value) }
        for piece in pieces {
            let rings = piece.rings
            append(Double(rings.count))
            append(piece.opacity)
            for ring in rings {
                append(Double(ring.count))
                for point in ring {
                    append(point.x)
                    append(point.y)
                }
            }
        }
        return bytes
    }
}
