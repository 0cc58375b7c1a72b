import FreehandDocument
import FreehandEvaluation
import FreehandKit
@testable import FreehandRender
import Foundation
import Testing

struct BitmapAndPNGTests {
    let square = [Point2D(2, 2), Point2D(6, 2), Point2D(6, 6), Point2D(2, 6)]

    @Test func halfOpaqueBlackOverWhiteIsMidGrey() {
        var bitmap = Bitmap(width: 8, height: 8, color: .white)
        bitmap.fill(square, color: .black, opacity: 0.5, using: Rasterizer())
        #expect(bitmap[3, 3] == (128, 128, 128, 255))
        #expect(bitmap[0, 0] == (255, 255, 255, 255))
    }

    @Test func clearModeErasesToTransparent() {
        var bitmap = Bitmap(width: 8, height: 8, color: .white)
        bitmap.fill(square, color: .black, mode: .clear, using: Rasterizer())
        #expect(bitmap[3, 3] == (0, 0, 0, 0))
        #expect(bitmap[7, 7] == (255, 255, 255, 255))
    }

    @Test func blendingAllFourChannelsAtOnceGivesTheBytesOfOneChannelAtATime() {
        var random = SplitMix64(seed: 14)
        let coverages: [Float] = [0, 1e-6, 0.25, 0.5, 0.999_999, 1]
        for _ in 0..<20_000 {
            let pixel = UInt32.random(in: .min ... .max, using: &random)
            let alpha = Float.random(in: 0...1, using: &random)
            // Premultiplied ink: no colour channel above its alpha (the only ink `Bitmap.ink` makes).
            let ink = SIMD4<Float>(Float.random(in: 0...alpha, using: &random), Float.random(in: 0...alpha, using: &random), Float.random(in: 0...alpha, using: &random), alpha)
            let coverage = Bool.random(using: &random) ? coverages.randomElement(using: &random)! : Float.random(in: 0...1, using: &random)
            for mode in [InkBlendMode.sourceOver, .clear] {
                #expect(
                    PixelBlender.blended(pixel, coverage: coverage, ink: ink, mode: mode)
                        == PixelBlender.blendedChannelByChannel(pixel, coverage: coverage, ink: ink, mode: mode))
            }
        }
    }

    @Test func colorsParseFromNamesAndHex() {
        #expect(RGBAColor(parsing: "black") == .black)
        #expect(RGBAColor(parsing: "#ff000080") == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(RGBAColor(parsing: "#0f0") == RGBAColor(red: 0, green: 1, blue: 0))
        #expect(RGBAColor(parsing: "transparent")?.alpha == 0)
        #expect(RGBAColor(parsing: "#12345") == nil)
        #expect(RGBAColor(parsing: "chartreuse-ish") == nil)
        #expect(RGBAColor(red: 1, green: 0.5, blue: 0).cssText == "#ff8000")
    }

    @Test func aChannelSetOutsideZeroToOneIsClampedSoThatItsBytesStayBytes() throws {
        var color = RGBAColor.black
        color.red = 2
        color.green = .nan
        color.blue = -.infinity
        color.alpha = .infinity
        #expect(color == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(color.hexText == "#ff0000ff")
        // Every writer that turns channels into bytes takes such a colour.
        var half = color
        half.alpha = 0.5
        let drawing = Drawing(strokes: [color, half].map { StrokeRecord(samples: [Sample(x: 0, y: 0), Sample(x: 10, y: 5)], preset: .handwriting, color: $0) })
        #expect(try BinaryInk.drawing(from: BinaryInk.data(for: drawing)).strokes.map(\.color) == [color, RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)])
        // A stroke holds its colour at 8 bits a channel: alpha 0.5 is 128/255, written to three
        // places (enough to name the byte) and read back as the same colour.
        #expect(drawing.strokes[1].color.alpha == 128.0 / 255)
        let signature = try SignaturePadJSON.data(for: drawing)
        #expect(String(decoding: signature, as: UTF8.self).contains("rgba(255, 0, 0, 0.502)"))
        #expect(try SignaturePadJSON.drawing(from: signature).strokes.map(\.color) == drawing.strokes.map(\.color))
    }

    @Test func pngRoundTripsAnOpaqueImageExactly() throws {
        var bitmap = Bitmap(width: 37, height: 23, color: .white)
        bitmap.fill([Point2D(1, 1), Point2D(30, 4), Point2D(12, 20)], color: RGBAColor(red: 0.2, green: 0.4, blue: 0.9), using: Rasterizer())
        let bytes = PNGEncoder.encode(bitmap)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGDecoder.decode(bytes) == bitmap)
    }

    @Test func pngKeepsTransparencyWithinRounding() throws {
        var bitmap = Bitmap(width: 16, height: 16)
        bitmap.fill([Point2D(0, 0), Point2D(16, 0), Point2D(0, 16)], color: .black, opacity: 0.3, using: Rasterizer())
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(bitmap))
        for (a, b) in zip(bitmap.pixels, decoded.pixels) { #expect(abs(Int(a) - Int(b)) <= 1) }
    }

    @Test func pngOfANoisyImageLargerThanOneCompressionBufferRoundTrips() throws {
        // 400 × 300 random opaque pixels do not compress: the image data spans many 64 KiB
        // output buffers of the row-by-row compressor.
        var random = SplitMix64(seed: 11)
        var bitmap = Bitmap(width: 400, height: 300, color: .white)
        for index in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            for channel in 0..<3 { bitmap.pixels[index + channel] = UInt8.random(in: 0...255, using: &random) }
        }
        let bytes = PNGEncoder.encode(bitmap, compressionLevel: 9)
        #expect(bytes.count > 3 * 65_536)
        #expect(try PNGDecoder.decode(bytes) == bitmap)
    }

    @Test func aCorruptedPngIsRefused() {
        var bytes = PNGEncoder.encode(Bitmap(width: 4, height: 4, color: .white))
        bytes[20] ^= 0xFF
        #expect(throws: PNGError.self) { try PNGDecoder.decode(bytes) }
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Array(bytes.prefix(30))) }
        #expect(throws: PNGError.self) { try PNGDecoder.decode([1, 2, 3]) }
    }

    @Test func grainIsDeterministicTileableAndBounded() {
        let grain = Grain(strength: 0.5, period: 64)
        let again = Grain(strength: 0.5, period: 64)
        var minimum: Float = 1, maximum: Float = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let value = grain.value(x: x, y: y)
                #expect(value == again.value(x: x, y: y))
                #expect(value == grain.value(x: x + 64, y: y - 128))
                minimum = min(minimum, value)
                maximum = max(maximum, value)
            }
        }
        #expect(minimum >= 0.5 && maximum <= 1)
        #expect(maximum - minimum > 0.2)
    }

    @Test func aRendererGivesTheSamePixelsOnOneThreadAndOnSeveralBelowAndAboveItsThreadThreshold() throws {
        let url = try #require(Bundle.module.url(forResource: "he2-input", withExtension: "json", subdirectory: "Golden"))
        let strokes = try RecordingJSON.strokes(from: Data(contentsOf: url))
        let pieces = strokes.compactMap { InkStroke.outline(for: $0, technique: FreehandTechnique.standard, style: .default) }
        // The drawing tiled down and across the page, translucent, until it holds more outline
        // points than a drawing filled on one thread (so that the bands, and their workers, fill it).
        var tiled: [OutlinePiece] = []
        var copy = 0
        while tiled.reduce(0, { $0 + $1.polygon.count }) <= PieceFill.pointsWorthThreads {
            let offset = Point2D(Double(copy % 3) * 150, Double(copy / 3) * 90)
            tiled += pieces.map { OutlinePiece(polygon: $0.polygon.map { $0 + offset }, opacity: 0.6) }
            copy += 1
        }
        for drawing in [Array(pieces.prefix(3)), tiled] {
            var several = InkRenderer(size: Point2D(520, 700), scale: 1.25)
            several.maximumThreads = 8
            var one = several
            one.maximumThreads = 1
            let image = several.render(drawing)
            #expect(image == one.render(drawing))
            #expect(image.pixels.contains { $0 < 200 })
        }
    }

    @Test func fillingInBandsAtOnceGivesThePixelsOfOnePass() throws {
        // The golden drawing's outlines, overlapping and translucent, with a grain, filled into a
        // 7-band split of the image (bands of uneven height, pieces in batches; half of them with
        // their rows given, so that bands pass over those outside theirs) and in one band.
        let url = try #require(Bundle.module.url(forResource: "he2-input", withExtension: "json", subdirectory: "Golden"))
        let strokes = try RecordingJSON.strokes(from: Data(contentsOf: url))
        let style = try InkStyle(brush: try PressureBrush(baseWidth: 4), taper: try Taper(startLength: 10, endLength: 10))
        let pieces = strokes.compactMap { InkStroke.outline(for: $0, technique: FreehandTechnique.standard, style: style) }
        let polygons = pieces.enumerated().map { index, piece in
            let polygon = piece.polygon.map { $0 * 1.3 }
            let rows = index % 2 == 0 ? nil : BandedFill.Item.rows(of: Rect2D(enclosing: polygon), scale: 1)
            return BandedFill.Item(polygon: polygon, rows: rows, ink: Bitmap.ink(RGBAColor(red: 0.1, green: 0.2, blue: 0.5), opacity: index % 2 == 0 ? 0.6 : 1))
        }
        var banded = Bitmap(width: 700, height: 431, color: .white), single = banded
        let grain = Grain(strength: 0.4)
        // Seven bands dealt out to three threads (bands 0, 3, 6 to the first), then to two.
        BandedFill(bitmap: banded, bands: 7, workers: 3).fill(Array(polygons.prefix(3)), into: &banded, grain: grain)
        BandedFill(bitmap: banded, bands: 7, workers: 2).fill(Array(polygons.dropFirst(3)), into: &banded, grain: grain)
        BandedFill(bitmap: single, bands: 1).fill(polygons, into: &single, grain: grain)
        #expect(banded.pixels.contains { $0 < 200 })
        #expect(banded == single)
    }

    /// The golden render's bytes, pinned: outlines and pixels are the same arithmetic on every
    /// platform (no C math, no fused multiply-adds), so the image is byte for byte the same —
    /// the golden PNG above allows one step per channel for an image regenerated elsewhere; this
    /// does not. A deliberate change to the geometry or the rasterizer updates the pin (the
    /// failure prints the new value).
    @Test func theGoldenRenderIsTheSameBytesOnEveryPlatform() throws {
        let bitmap = try Self.renderGolden()
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bitmap.pixels {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        #expect(hash == 0x7397B2F41D087E0B, "0x\(String(hash, radix: 16, uppercase: true))")
    }

    /// Renders the golden input the way the golden image was made.
    static func renderGolden() throws -> Bitmap {
        let url = try #require(Bundle.module.url(forResource: "he2-input", withExtension: "json", subdirectory: "Golden"))
        let strokes = try RecordingJSON.strokes(from: Data(contentsOf: url))
        let style = try InkStyle(brush: try PressureBrush(baseWidth: 4), taper: try Taper(startLength: 10, endLength: 10))
        let pieces = strokes.compactMap { InkStroke.outline(for: $0, technique: FreehandTechnique.standard, style: style) }
        let extent = try #require(pieces.compactMap(\.bounds).reduce(nil as Rect2D?) { $0?.union($1) ?? $1 })
        return InkRenderer(size: extent.max + Point2D(10, 10), scale: 1, background: .white)
            .render(pieces, color: RGBAColor(red: 0.1, green: 0.2, blue: 0.5))
    }

    @Test func renderingMatchesTheGoldenImage() throws {
        let bitmap = try Self.renderGolden()
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/he2.png")
        if ProcessInfo.processInfo.environment["FREEHAND_UPDATE_GOLDEN"] == "1" {
            try Data(PNGEncoder.encode(bitmap)).write(to: golden)
        }
        let expected = try PNGDecoder.decode(Array(Data(contentsOf: golden)))
        #expect(expected.width == bitmap.width && expected.height == bitmap.height)
        let differences = zip(expected.pixels, bitmap.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 0 <= 1, "regenerate with FREEHAND_UPDATE_GOLDEN=1 swift test --filter renderingMatchesTheGoldenImage")
        #expect(bitmap.pixels.contains { $0 < 200 })
    }

    @Test func aShiftedBitmapMovesItsPixelsInPlaceAndFillsWhatItUncovers() {
        var bitmap = Bitmap(width: 6, height: 5, color: .white)
        // Each pixel's red byte names it: 10 × row + column.
        for y in 0..<5 { for x in 0..<6 { bitmap.pixels[(y * 6 + x) * 4] = UInt8(10 * y + x) } }
        let before = bitmap
        let uncovered = bitmap.shift(by: (x: 2, y: -1), filling: .black)
        for y in 0..<5 {
            for x in 0..<6 {
                let from = (x: x - 2, y: y + 1)
                let expected = from.x >= 0 && from.y < 5 ? before[from.x, from.y].red : 0
                #expect(bitmap[x, y].red == expected && bitmap[x, y].alpha == 255, "(\(x), \(y))")
            }
        }
        // The bottom row and the two left columns above it.
        #expect(uncovered == [PixelRect(minX: 0, minY: 4, maxX: 6, maxY: 5), PixelRect(minX: 0, minY: 0, maxX: 2, maxY: 4)])
        #expect(PixelRect(width: 4, height: 4).subtracting(PixelRect(minX: 10, minY: 10, maxX: 12, maxY: 12)) == [PixelRect(width: 4, height: 4)])
        #expect(PixelRect(width: 4, height: 4).subtracting(PixelRect(minX: -1, minY: -1, maxX: 5, maxY: 5)).isEmpty)
    }
}
