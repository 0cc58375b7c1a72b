import FreehandKit
import Foundation

/// Renders finished ink: outline pieces filled into a new bitmap, in bands on every core at once.
public struct InkRenderer {
    /// Canvas size in points.
    public var size: Point2D
    /// Pixels per point (2 or 3 for retina output), 0.01…64.
    public var scale: Double
    /// The background, or `.transparent`.
    public var background: RGBAColor
    /// The most threads a render uses, 1…8 (default 8; 1 renders on the calling thread alone).
    /// Fewer are used on a machine with fewer cores, and for images under 64 rows a thread.
    public var maximumThreads = 8

    /// A renderer for a canvas of `size` points at `scale` pixels per point.
    public init(size: Point2D, scale: Double = 1, background: RGBAColor = .white) {
        self.size = size
        self.scale = Swift.min(64, Swift.max(0.01, scale.isFinite ? scale : 1))
        self.background = background
    }

    /// The image's size in pixels, clamped to `ImageLimits` (ink beyond them is cut off; call
    /// `checkSize()` first to refuse such a canvas instead).
    public var pixelSize: (width: Int, height: Int) {
        ImageLimits.clamped(width: ImageLimits.pixels(size.x, scale: scale), height: ImageLimits.pixels(size.y, scale: scale))
    }

    /// Throws `ImageSizeError` when the canvas is over `ImageLimits`.
    public func checkSize() throws(ImageSizeError) {
        try ImageLimits.check(size: (size.x, size.y), scale: scale)
    }

    /// About how much work filling `pieces` is, in pixels painted: each piece's area (its rings'
    /// absolute areas), at most its bounds on the image, in pixels, summed with overlaps counted
    /// each time — plus, for every edge, the pixel rows it crosses on the image times
    /// `rowCrossingCost`: ink whose edges pile up in its rows (a scribble of thousands of random
    /// jumps) costs far more than its area says.
    public func paintedPixels(_ pieces: some Sequence<OutlinePiece>) -> Double {
        let (width, height) = pixelSize
        var total = 0.0
        for piece in pieces {
            guard let bounds = piece.bounds else { continue }
            let left = Swift.max(0, bounds.min.x * scale), right = Swift.min(Double(width), bounds.max.x * scale)
            let top = Swift.max(0, bounds.min.y * scale), bottom = Swift.min(Double(height), bounds.max.y * scale)
            guard right > left, bottom > top else { continue }
            let area = piece.rings.reduce(0.0) { sum, ring in sum + abs(NonZeroBoundary.signedArea(ring)) } * scale * scale
            total += Swift.min((right - left + 1) * (bottom - top + 1), area + (right - left) + (bottom - top))
            for ring in piece.rings {
                total += Self.rowCrossingCost * Self.rowsCrossed(by: ring.lazy.map { $0 * self.scale }, closed: true, height: Double(height))
            }
        }
        return total
    }

    /// What one edge crossing one pixel row costs, in pixels painted (measured: a row crossed by
    /// thousands of edges is sampled at 16 heights, each sorted — about a microsecond a crossing,
    /// some 2,000 pixels' painting).
    public static let rowCrossingCost = 2048.0

    /// How many pixel rows of an image `height` pixels tall the segments between `points` (pixels;
    /// when `closed`, the last back to the first too) cross, summed over the segments.
    package static func rowsCrossed(by points: some BidirectionalCollection<Point2D>, closed: Bool, height: Double) -> Double {
        func row(_ point: Point2D) -> Double { Swift.min(height, Swift.max(0, point.y)).rounded(.down) }
        guard let first = points.first else { return 0 }
        var rows = 0.0, previous = row(first)
        for point in points.dropFirst() {
            let current = row(point)
            rows += abs(current - previous)
            previous = current
        }
        if closed, let last = points.last { rows += abs(row(first) - row(last)) }
        return rows
    }

    /// Throws `PaintingWorkError` when filling `pieces` would paint more than
    /// `ImageLimits.maximumPaintedPixels` (`paintedPixels(_:)`): a render's time stays bounded.
    public func checkWork(_ pieces: some Sequence<OutlinePiece>) throws(PaintingWorkError) {
        let painted = paintedPixels(pieces)
        guard painted <= Double(ImageLimits.maximumPaintedPixels) else { throw PaintingWorkError(pixels: painted) }
    }

    /// `pieces` filled in order, each with `color` at its own opacity (non-zero rule, anti-aliased),
    /// with `grain` when given.
    public func render(_ pieces: [OutlinePiece], color: RGBAColor = .black, grain: Grain? = nil) -> Bitmap {
        render(pieces.map { ($0, color) }, grain: grain)
    }

    /// `pieces` filled in order, each in its own colour at its own opacity.
    ///
    /// The image is cut into horizontal bands, four per processor core used (at most
    /// `maximumThreads` cores; no band shorter than 64 rows), filled at the same time: each band
    /// takes every piece in order, so the result is the same as one pass. Pieces are taken in
    /// batches of 1,024: a lazy sequence renders a drawing without holding all its outlines at once.
    /// A drawing of fewer than 4,096 outline points is filled on the calling thread (`PieceFill`).
    public func render<Pieces: Sequence<(piece: OutlinePiece, color: RGBAColor)>>(_ pieces: Pieces, grain: Grain? = nil) -> Bitmap {
        var painting = startPainting(grain: grain)
        painting.add(pieces)
        return painting.finish()
    }

    /// A render fed its pieces a few at a time (`Painting.add(_:)`, as a drawing is outlined a
    /// chunk at a time), with `grain` when given: `finish()` gives the image `render(_:grain:)` makes
    /// of all of them at once.
    public func startPainting(grain: Grain? = nil) -> Painting {
        let (width, height) = pixelSize
        let bitmap = Bitmap(width: width, height: height, color: background)
        return Painting(bitmap: bitmap, fill: PieceFill(area: bitmap.bounds, scale: scale, maximumThreads: maximumThreads, grain: grain))
    }

    /// A render under way (`startPainting(grain:)`).
    public struct Painting {
        private var bitmap: Bitmap
        private var fill: PieceFill

        init(bitmap: Bitmap, fill: PieceFill) {
            self.bitmap = bitmap
            self.fill = fill
        }

        /// Fills `pieces` in order, each in its own colour at its own opacity, over what came before.
        public mutating func add<Pieces: Sequence<(piece: OutlinePiece, color: RGBAColor)>>(_ pieces: Pieces) {
            for (piece, color) in pieces { fill.add(piece, color: color, into: &bitmap) }
        }

        /// The finished image.
        public consuming func finish() -> Bitmap {
            var image = bitmap
            fill.finish(into: &image)
            return image
        }
    }
}
