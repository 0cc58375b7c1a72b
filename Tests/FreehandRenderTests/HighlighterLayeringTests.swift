import FreehandDocument
import FreehandKit
@testable import FreehandRender
import Testing

/// A highlighter multiplies with the ink under it — it tints text without hiding it, is darker
/// where two strokes cross — in every renderer: the raster fill, the canvas (finished and live
/// ink), SVG and PDF.
struct HighlighterLayeringTests {
    static let yellow = RGBAColor(red: 1, green: 0.9, blue: 0)

    static func highlighter(from start: Point2D, to end: Point2D) throws -> OutlinePiece {
        let samples = (0..<20).map { Sample(location: start + (end - start) * (Double($0) / 19), timestamp: Double($0) / 60) }
        return try #require(InkStroke.outline(for: samples, technique: FreehandTechnique.standard, style: try InkPreset.highlighter.makeStyle()))
    }

    static func pen(from start: Point2D, to end: Point2D) throws -> OutlinePiece {
        let samples = (0..<20).map { Sample(location: start + (end - start) * (Double($0) / 19), timestamp: Double($0) / 60) }
        return try #require(InkStroke.outline(for: samples, style: try InkStyle(brush: try ConstantBrush(width: 6))))
    }

    @Test func theHighlightersPiecesMultiplyAndAPensDoNot() throws {
        #expect(try Self.highlighter(from: Point2D(0, 0), to: Point2D(50, 0)).layering == .multiply)
        #expect(try Self.pen(from: Point2D(0, 0), to: Point2D(50, 0)).layering == .over)
        // Kept through the ways a piece is re-made.
        let piece = try Self.highlighter(from: Point2D(0, 0), to: Point2D(50, 0))
        #expect(piece.resolvingOverlaps().layering == .multiply && piece.offset(by: Point2D(3, 4)).layering == .multiply)
        #expect(piece.scaled(by: 2).layering == .multiply)
    }

    @Test func multiplyingTintsPaperKeepsBlackAndDarkensWhereMarksCross() {
        let ink = Bitmap.ink(Self.yellow, opacity: 0.5)
        func pixel(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) -> UInt32 {
            unsafeBitCast(SIMD4<UInt8>(red, green, blue, alpha), to: UInt32.self)
        }
        func channels(_ value: UInt32) -> SIMD4<UInt8> { unsafeBitCast(value, to: SIMD4<UInt8>.self) }
        // Over white paper: the same as laying the ink over it.
        let overPaper = channels(PixelBlender.blended(pixel(255, 255, 255, 255), coverage: 1, ink: ink, mode: .multiply))
        let laidOver = channels(PixelBlender.blended(pixel(255, 255, 255, 255), coverage: 1, ink: ink, mode: .sourceOver))
        #expect(overPaper == laidOver)
        // Over black text: still black (laid over, it would turn it olive).
        #expect(channels(PixelBlender.blended(pixel(0, 0, 0, 255), coverage: 1, ink: ink, mode: .multiply)) == SIMD4(0, 0, 0, 255))
        #expect(channels(PixelBlender.blended(pixel(0, 0, 0, 255), coverage: 1, ink: ink, mode: .sourceOver)).x > 100)
        // Over transparency: what source-over lays down.
        #expect(PixelBlender.blended(0, coverage: 0.7, ink: ink, mode: .multiply) == PixelBlender.blended(0, coverage: 0.7, ink: ink, mode: .sourceOver))
        // Twice over paper: darker than once.
        let twice = channels(PixelBlender.blended(pixel(overPaper.x, overPaper.y, overPaper.z, overPaper.w), coverage: 1, ink: ink, mode: .multiply))
        #expect(twice.z < overPaper.z && twice.w == 255)
    }

    @Test func theRendererAndTheCanvasMultiplyAHighlighterOverText() throws {
        let text = try Self.pen(from: Point2D(10, 30), to: Point2D(90, 30))
        let marker = try Self.highlighter(from: Point2D(10, 30), to: Point2D(90, 30))
        let across = try Self.highlighter(from: Point2D(50, 5), to: Point2D(50, 55))
        let image = InkRenderer(size: Point2D(100, 60)).render([(piece: text, color: .black), (piece: marker, color: Self.yellow), (piece: across, color: Self.yellow)])
        #expect(image[30, 30].red == 0 && image[30, 30].green == 0, "the text stays black under the marker")
        #expect(image[30, 36].blue < 200 && image[30, 36].red > 200, "the marker tints the paper")
        #expect(image[50, 36].blue < image[30, 36].blue, "darker where the two marks cross")
        // The canvas: finished ink drawn into the cache, and a live stroke.
        let canvas = InkCanvas(width: 100, height: 60)
        canvas.draw(text, color: .black)
        canvas.draw(marker, color: Self.yellow)
        #expect(canvas.image[30, 30].red == 0)
        let live = SessionCanvas(canvas, preset: .highlighter, color: Self.yellow)
        live.begin("live")
        live.append("live", (0..<20).map { Sample(location: Point2D(10 + Double($0) * 4, 30), timestamp: Double($0) / 60) })
        #expect(canvas.image[60, 30].red == 0, "live highlighter ink over text keeps it black")
    }

    @Test func svgAndPDFWriteTheBlend() throws {
        let marker = try Self.highlighter(from: Point2D(10, 30), to: Point2D(90, 30))
        var svg = SVGDocument(width: 100, height: 60)
        svg.fillOutline(marker, color: "#ffe600", opacity: marker.opacity)
        svg.fillOutline(try Self.pen(from: Point2D(0, 0), to: Point2D(50, 0)), color: "#000")
        #expect(svg.text.components(separatedBy: "mix-blend-mode:multiply").count == 2)
        var pdf = PDFDocument(width: 100, height: 60)
        pdf.fillOutline(marker, color: Self.yellow, opacity: marker.opacity)
        #expect(String(decoding: pdf.bytes, as: UTF8.self).contains("/BM /Multiply"))
    }
}
