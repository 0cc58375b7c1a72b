import FreehandDocument
import FreehandKit
@testable import FreehandRender
import Foundation
import Testing

struct InkCanvasTests {
    static func line(from start: Point2D, to end: Point2D, count: Int = 30, kind: PointerKind = .pen, radius: Double? = nil) -> [Sample] {
        (0..<count).map { index in
            let t = Double(index) / Double(count - 1)
            return Sample(location: start + (end - start) * t, timestamp: Double(index) / 120, force: 0.5, majorRadius: radius, kind: kind)
        }
    }

    static func maximumDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// A 120 × 80 canvas driven by a session drawing in `preset` (default: the pressure brush) and `color`.
    func makeCanvas(preset: InkPreset? = nil, color: RGBAColor = .black, background: RGBAColor = .white, width: Double = 120, height: Double = 80) throws -> SessionCanvas {
        SessionCanvas(
            InkCanvas(width: width, height: height, background: background), preset: try preset ?? InkPreset.custom(technique: TechniqueCatalog.defaultName, brush: "pressure"),
            color: color)
    }

    @Test func aRepaintedAreaShowsOnlyTheInkItIsGivenAndADirtyRectangleMapsToPointsAndBytes() throws {
        let canvas = InkCanvas(width: 60, height: 40, scale: 2)
        let line = try #require(InkStroke.outline(for: Self.line(from: Point2D(5, 20), to: Point2D(55, 20)), style: try InkStyle(brush: try ConstantBrush(width: 4))))
        canvas.draw(line, color: .black)
        let area = canvas.pixels(covering: Rect2D(min: Point2D(20, 0), max: Point2D(30, 40)))
        #expect(area == PixelRect(minX: 39, minY: 0, maxX: 61, maxY: 80))
        #expect(canvas.points(covering: area) == Rect2D(min: Point2D(19.5, 0), max: Point2D(30.5, 40)))
        // Repainted from no ink: that area is blank, the rest keeps its ink.
        #expect(canvas.repaint(area, from: []) == area)
        #expect(canvas.image[50, 40].red == 255 && canvas.image[20, 40].red == 0 && canvas.image[100, 40].red == 0)
        canvas.repaint(area, from: [(piece: line, color: .black)])
        #expect(canvas.image[50, 40].red == 0)
        // The bytes of a rectangle, row by row.
        let bytes = canvas.image.pixels(in: PixelRect(minX: 49, minY: 39, maxX: 51, maxY: 41))
        #expect(bytes.count == 16 && bytes[0] == 0 && bytes[3] == 255)
        #expect(canvas.image.pixels(in: PixelRect(minX: 500, minY: 0, maxX: 600, maxY: 10)).isEmpty)
    }

    @Test func aLargeRepaintOnSeveralThreadsGivesThePixelsOfOneThreadAndOfTheRenderer() throws {
        // The golden drawing tiled over the canvas, translucent and in two colours, raw and
        // resolved (holes included), until it holds more outline points than one thread fills.
        let url = try #require(Bundle.module.url(forResource: "he2-input", withExtension: "json", subdirectory: "Golden"))
        let strokes = try RecordingJSON.strokes(from: Data(contentsOf: url))
        let pieces = strokes.compactMap { InkStroke.outline(for: $0, technique: FreehandTechnique.standard, style: .default) }
        var ink: [(piece: OutlinePiece, color: RGBAColor)] = []
        var copy = 0
        while ink.reduce(0, { $0 + $1.piece.pointCount }) <= 2 * PieceFill.pointsWorthThreads {
            let offset = Point2D(Double(copy % 3) * 150, Double(copy / 3) * 90)
            for piece in pieces {
                let placed = OutlinePiece(polygon: piece.polygon.map { $0 + offset }, opacity: 0.6)
                ink.append((copy % 2 == 0 ? placed : placed.resolvingOverlaps(), copy % 3 == 0 ? .black : RGBAColor(red: 0.1, green: 0.2, blue: 0.6)))
            }
            copy += 1
        }
        #expect(ink.contains { !$0.piece.holes.isEmpty })
        let renderer = InkRenderer(size: Point2D(520, 700), scale: 1.25)
        let rendered = renderer.render(ink)
        var images: [Bitmap] = []
        for threads in [1, 8] {
            let canvas = InkCanvas(width: 520, height: 700, scale: 1.25)
            canvas.maximumRepaintThreads = threads
            canvas.repaint(canvas.image.bounds, from: ink)
            images.append(canvas.image)
            // A part repainted (after it was cleared) is that part of the whole.
            let area = PixelRect(minX: 37, minY: 101, maxX: 611, maxY: 700)
            canvas.repaint(area, from: [])
            canvas.repaint(area, from: ink)
            #expect(canvas.image == rendered)
        }
        #expect(images[0] == images[1])
        #expect(images[1] == rendered)
        #expect(rendered.pixels.contains { $0 < 200 })
    }

    @Test func incrementalDrawingEndsWithExactlyItsInkFilledOnce() throws {
        let color = RGBAColor(red: 0.2, green: 0.1, blue: 0.6, alpha: 0.7)
        let canvas = try makeCanvas(color: color)
        let style = try canvas.session.preset.makeStyle()
        // A stroke that doubles back over itself, fed three samples at a time.
        let samples = Self.line(from: Point2D(10, 10), to: Point2D(100, 60)) + Self.line(from: Point2D(100, 60), to: Point2D(20, 20))
        var stroke = InkStroke(technique: try canvas.session.preset.makeTechnique(), style: style)
        var pieces: [OutlinePiece] = []
        canvas.begin(1)
        for chunk in stride(from: 0, to: samples.count, by: 3) {
            let part = samples[chunk..<min(samples.count, chunk + 3)]
            canvas.append(1, part)
            pieces += try stroke.append(part).committed
        }
        canvas.end(1)
        pieces += try stroke.end().committed
        // The same pieces filled as one non-zero shape, in one pass.
        var expected = Bitmap(width: 120, height: 80, color: .white)
        expected.fill(pieces.map(\.polygon), color: color, using: Rasterizer())
        #expect(Self.maximumDifference(canvas.image, expected) <= 1)
        // And that shape is the batch outline's, up to the outline's tolerances.
        let batch = InkRenderer(size: Point2D(120, 80)).render([try #require(InkStroke.outline(for: samples, style: style))], color: color)
        let differences = zip(batch.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 0.5)
    }

    @Test func whatIsShownWhileDrawingIsWhatStaysAfterPenUp() throws {
        // Opacity from force: the pencil-shading brush, tilted, with a force that changes.
        let canvas = try makeCanvas(preset: InkPreset.custom(technique: TechniqueCatalog.defaultName, brush: "tilt-shading"))
        let samples = (0..<40).map { index in
            Sample(location: Point2D(10 + Double(index) * 2.5, 40), timestamp: Double(index) / 120, force: 0.2 + Double(index) / 60,
                   altitude: 0.3, azimuth: 0)
        }
        canvas.begin(1)
        canvas.append(1, samples)
        let shown = canvas.image
        canvas.end(1)
        // Ink well behind the pen (committed) keeps exactly the look it had.
        for x in stride(from: 12, to: 60, by: 4) {
            for y in 30..<50 { #expect(canvas.image[x, y] == shown[x, y], "at \(x), \(y)") }
        }
    }

    @Test func predictedInkIsShownButNeverReachesTheCache() throws {
        let canvas = try makeCanvas()
        canvas.begin(1)
        canvas.append(1, Self.line(from: Point2D(10, 40), to: Point2D(50, 40)), predicted: [Sample(x: 100, y: 40, timestamp: 1)])
        #expect(canvas.image[95, 40].red < 128)
        canvas.append(1, [Sample(x: 51, y: 40, timestamp: 1.01, force: 0.5)])
        #expect(canvas.image[95, 40] == (255, 255, 255, 255))
        canvas.end(1)
        #expect(canvas.image[95, 40] == (255, 255, 255, 255))
        #expect(canvas.image[30, 40].red < 128)
    }

    @Test func aFrameRedrawsOnlyWhatChangedWhateverIsOnTheCanvas() throws {
        let canvas = try makeCanvas()
        for index in 0..<20 {
            canvas.begin(index)
            canvas.append(index, Self.line(from: Point2D(5, Double(index) * 3 + 5), to: Point2D(115, Double(index) * 3 + 5)))
            canvas.end(index)
        }
        canvas.begin("live")
        canvas.append("live", Self.line(from: Point2D(60, 20), to: Point2D(62, 22), count: 4))
        let dirty = try #require(canvas.append("live", [Sample(x: 63, y: 23, timestamp: 0.05, force: 0.5)]))
        #expect(dirty.width * dirty.height < 120 * 80 / 10)
    }

    @Test func aFingerErasesWithTheBackgroundColour() throws {
        let canvas = try makeCanvas()
        canvas.begin(1, kind: .pen)
        canvas.append(1, Self.line(from: Point2D(10, 40), to: Point2D(110, 40)))
        canvas.end(1)
        #expect(canvas.image[60, 40].red < 100)
        canvas.begin(2, kind: .finger)
        canvas.append(2, Self.line(from: Point2D(60, 10), to: Point2D(60, 70), kind: .finger, radius: 20))
        canvas.end(2)
        #expect(canvas.image[60, 40] == (255, 255, 255, 255))
        #expect(canvas.image[20, 40].red < 100)
    }

    @Test func theClearEraserMakesPixelsTransparent() throws {
        let canvas = try makeCanvas(background: .transparent, width: 60, height: 40)
        canvas.canvas.eraserMode = .clear
        canvas.begin(1)
        canvas.append(1, Self.line(from: Point2D(5, 20), to: Point2D(55, 20)))
        canvas.end(1)
        canvas.begin(2, kind: .finger)
        canvas.append(2, Self.line(from: Point2D(30, 5), to: Point2D(30, 35), kind: .finger, radius: 16))
        canvas.end(2)
        #expect(canvas.image[30, 20].alpha == 0)
        #expect(canvas.image[10, 20].alpha > 100)
    }

    @Test func severalStrokesCanBeLiveAtOnceAndCancelLeavesNoInk() throws {
        let canvas = try makeCanvas()
        canvas.begin("a")
        canvas.begin("b")
        canvas.append("a", Self.line(from: Point2D(10, 10), to: Point2D(100, 10)))
        canvas.append("b", Self.line(from: Point2D(10, 60), to: Point2D(100, 60)))
        #expect(canvas.canvas.liveStrokeCount == 2)
        canvas.cancel("b")
        canvas.end("a")
        #expect(canvas.image[50, 10].red < 128)
        #expect(canvas.image[50, 60] == (255, 255, 255, 255))
    }

    @Test func clearEmptiesTheCanvas() throws {
        let canvas = try makeCanvas()
        canvas.begin(1)
        canvas.append(1, Self.line(from: Point2D(10, 10), to: Point2D(100, 60)))
        canvas.end(1)
        canvas.canvas.clear()
        #expect(canvas.image == Bitmap(width: 120, height: 80, color: .white))
    }

    @Test func aTranslucentStrokeCrossingItselfIsInkedOnce() throws {
        let canvas = try makeCanvas(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        canvas.begin(1)
        let loop = Self.line(from: Point2D(10, 40), to: Point2D(100, 40)) + Self.line(from: Point2D(100, 40), to: Point2D(60, 10))
            + Self.line(from: Point2D(60, 10), to: Point2D(60, 75))
        canvas.append(1, loop.enumerated().map { index, sample in
            var copy = sample
            copy.timestamp = Double(index) / 120
            return copy
        })
        canvas.end(1)
        // Where the stroke crosses itself it is exactly as dark as elsewhere.
        #expect(abs(Int(canvas.image[60, 40].red) - Int(canvas.image[30, 40].red)) <= 1)
    }
}

struct CanvasPredictionTests {
    @Test func ourPredictorDrawsAheadWhenThePlatformGivesNoneAndNeverCachesIt() throws {
        let canvas = SessionCanvas(
            InkCanvas(width: 200, height: 60), preset: try InkPreset.custom(technique: TechniqueCatalog.defaultName, brush: "constant", brushOptions: BrushOptions(width: 4)))
        canvas.session.predictor = StrokePredictor.standard
        canvas.begin(1)
        // 500 points per second to the right: 24 ms ahead is 12 points further.
        let samples = (0..<30).map { Sample(x: 10 + Double($0) * 500 / 120, y: 30, timestamp: Double($0) / 120) }
        canvas.append(1, samples)
        let lastX = Int(samples.last!.location.x)
        #expect(canvas.image[lastX + 8, 30].red < 128)
        canvas.end(1)
        #expect(canvas.image[lastX + 8, 30] == (255, 255, 255, 255))
    }
}
