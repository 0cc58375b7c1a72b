import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// Values that parse fine but could overflow later — a 1e300 contact radius, a 1e20 canvas, a
/// coordinate near 1e9 — are bounded where they enter: a documented clamp or a typed error, never
/// a trap and never a multi-gigabyte buffer.
struct HostileValueTests {
    static let hugeRadius = (0..<4).map { Sample(x: 10 + Double($0) * 10, y: 10, timestamp: Double($0) / 100, majorRadius: 1e300, kind: .finger) }

    @Test func aHugeContactRadiusGivesTheWidestInkNotATrap() throws {
        let style = try InkStyle(brush: ContactRadiusBrush.standard)
        let drawn = InkStroke.outline(for: Self.hugeRadius, style: style)
        let outline = try #require(drawn)
        #expect(outline.polygon.allSatisfy { $0.isFinite })
        let bounds = try #require(outline.bounds)
        #expect(bounds.width <= InkProperties.maximumWidth + 100 && bounds.width >= InkProperties.maximumWidth / 2)
    }

    @Test func brushReadingsBeyondTheRangeAreClampedAtTheWidthStage() throws {
        let samples = [Sample(x: 0, y: 0, force: 1e308), Sample(x: 10, y: 0, force: .greatestFiniteMagnitude)]
        let style = try InkStyle(brush: PressureBrush())
        let drawn = InkStroke.outline(for: samples, style: style)
        let outline = try #require(drawn)
        #expect(outline.polygon.allSatisfy { $0.isFinite })
        let bounds = try #require(outline.bounds)
        #expect(bounds.height <= InkProperties.maximumWidth + 1e-6)
    }

    @Test func aCanvasTooLargeToAllocateIsAnErrorAndTheRendererClampsToTheLimits() {
        for size in [Point2D(1e20, 1e20), Point2D(1e9, 34), Point2D(.infinity, 1), Point2D(40_000, 40_000)] {
            #expect(throws: ImageSizeError.self) { try InkRenderer(size: size).checkSize() }
            let (width, height) = InkRenderer(size: size).pixelSize
            #expect(width <= ImageLimits.maximumSide && height <= ImageLimits.maximumSide && width * height <= ImageLimits.maximumPixels)
        }
        #expect(throws: Never.self) { try InkRenderer(size: Point2D(8192, 8192)).checkSize() }
        #expect(throws: ImageSizeError.self) { try InkRenderer(size: Point2D(4096, 4096), scale: 3).checkSize() }
    }

    @Test func imagesAndCanvasesOfHugeSizesStayWithinTheLimits() {
        let bitmap = Bitmap(width: Int.max, height: Int.max)
        #expect(bitmap.width * bitmap.height <= ImageLimits.maximumPixels)
        #expect(Bitmap(width: -5, height: 10).pixels.isEmpty)
        let canvas = InkCanvas(width: 1e300, height: 1e300, scale: .infinity)
        #expect(canvas.width * canvas.height <= ImageLimits.maximumPixels)
    }

    @Test func aCanvasInksAHugeRadiusAndFarCoordinatesWithoutATrap() {
        let canvas = SessionCanvas(InkCanvas(width: 64, height: 48))
        canvas.begin("finger", kind: .finger)
        _ = canvas.append("finger", Self.hugeRadius + [Sample(x: 1e9, y: -1e9, timestamp: 1, majorRadius: 1e300, kind: .finger)])
        _ = canvas.end("finger")
        canvas.begin("pen")
        _ = canvas.append("pen", [Sample(x: -1e9, y: 1e9, force: 1e300), Sample(x: 1e9, y: 1e9 - 1, force: 1e300)])
        _ = canvas.end("pen")
        #expect(canvas.image.width == 64 && canvas.image.height == 48)
        #expect(canvas.session.drawing.strokes.count == 2, "both strokes were kept")
        // The canvas still works: an ordinary stroke afterwards inks where it runs, and only there.
        let before = canvas.image[32, 44]
        canvas.begin("after")
        _ = canvas.append("after", (0..<6).map { Sample(x: 12 + Double($0) * 8, y: 44, timestamp: 2 + Double($0) / 60, force: 0.5) })
        _ = canvas.end("after")
        #expect(canvas.image[32, 44] != before, "the new stroke inks its pixels")
        #expect(canvas.image[32, 44].alpha == 255)
    }

    @Test func aTinyPNGCannotClaimAHugeImage() {
        // A well-formed header of 32768 × 32768 with a few bytes of image data.
        var header = PNGEncoder.encode(Bitmap(width: 1, height: 1, color: .black))
        header.replaceSubrange(16..<24, with: [0, 0, 0x80, 0, 0, 0, 0x80, 0])
        #expect(throws: PNGError.self) { try PNGDecoder.decode(header) }
    }

    @Test func theVectorEraserBoundsItsWorkOnAHugeSegment() {
        var editor = DrawingEditor()
        editor.add(StrokeRecord(samples: [Sample(x: -1e9, y: 0), Sample(x: 1e9, y: 0)], brush: "constant"))
        #expect(editor.erasePartially(along: [Point2D(0, -1e9), Point2D(0, 1e9)], radius: 0.5) == 1)
        #expect(editor.drawing.strokes.count == 2)
    }

    @Test func aRendererDrawsNothingForAPieceWithPointsThatAreNotNumbers() {
        let square = [Point2D(10, 10), Point2D(300, 10), Point2D(300, 200), Point2D(10, 200)]
        let broken = OutlinePiece(polygon: [Point2D(20, 20), Point2D(.nan, 40), Point2D(280, .infinity)], opacity: 1)
        var renderer = InkRenderer(size: Point2D(320, 240))
        renderer.maximumThreads = 8
        let withBroken = renderer.render([OutlinePiece(polygon: square, opacity: 0.5), broken])
        let without = renderer.render([OutlinePiece(polygon: square, opacity: 0.5)])
        #expect(withBroken == without)
        #expect(without.pixels.contains { $0 < 200 })
    }

    /// A render's painting is bounded: each piece counts its area on the image (at most its
    /// clipped bounds) and the rows its edges cross; a pile of huge discs over a large image, or a
    /// scribble whose edges pile up in every row, is refused before any filling.
    @Test func paintingWorkIsEstimatedAndBounded() throws {
        let renderer = InkRenderer(size: Point2D(100, 100), scale: 2)
        let square = OutlinePiece(polygon: [Point2D(10, 10), Point2D(60, 10), Point2D(60, 60), Point2D(10, 60)], opacity: 1)
        let painted = renderer.paintedPixels([square])
        let crossings = 2 * 100 * InkRenderer.rowCrossingCost  // two sides, 100 rows each
        #expect(painted >= 100 * 100 + crossings && painted <= 100 * 100 + 400 + crossings)
        let huge = OutlinePiece(polygon: (0..<64).map { index in
            let angle = Double(index) / 64 * 2 * .pi
            return Point2D(50 + 8_000 * cos(angle), 50 + 8_000 * sin(angle))
        }, opacity: 1)
        #expect(renderer.paintedPixels([huge]) <= 201 * 201 + 2 * 200 * InkRenderer.rowCrossingCost, "edges off the image cross its rows once")
        let large = InkRenderer(size: Point2D(8_000, 8_000))
        #expect(throws: PaintingWorkError.self) { try large.checkWork(Array(repeating: huge, count: 1_000)) }
        #expect(throws: Never.self) { try large.checkWork(Array(repeating: square, count: 1_000)) }

        // 20,000 jumps between the top and the bottom of a 1,000-pixel image: little area, but
        // every row crossed 20,000 times.
        let scribble = OutlinePiece(polygon: (0..<20_000).map { Point2D(Double($0) * 0.05, $0 % 2 == 0 ? 0 : 1_000) }, opacity: 1)
        let page = InkRenderer(size: Point2D(1_000, 1_000))
        #expect(throws: PaintingWorkError.self) { try page.checkWork([scribble]) }
        #expect(throws: Never.self) { try page.checkWork(Array(repeating: square, count: 1_000)) }
    }
}
