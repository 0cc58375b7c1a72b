import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// The README's "Use it" example, compiled and run as written.
struct ReadmeExampleTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    // README begin
    static func example() throws -> (screen: [UInt8], saved: Data, signature: Drawing, png: [UInt8], drawing: Drawing) {

        // Live ink: touches in, pixels out (on iPad, FreehandUI's FreehandCanvasView does this for you).
        let canvas = InkCanvas(width: 320, height: 120, scale: 2)
        let ink = TouchInkController(canvas: canvas, preset: .signature)
        let pen = 1  // anything Hashable that names one touch
        let readings = (0..<60).map { step in
            TouchSample(
                location: Point2D(20 + Double(step) * 4.5, 60 + 30 * sin(Double(step) / 6)),
                timestamp: Double(step) / 120, force: 1.5, maximumPossibleForce: 4.17)
        }
        ink.handle(TouchEvent(touch: pen, phase: .began, type: .pencil, samples: [readings[0]]))
        for step in stride(from: 1, to: 59, by: 2) {  // two coalesced readings per event, one predicted
            let dirty = ink.handle(TouchEvent(
                touch: pen, phase: .moved, type: .pencil, samples: Array(readings[step...step + 1]), predicted: [readings[step + 2]]))
            _ = dirty  // the pixels of canvas.image to show again
        }
        ink.handle(TouchEvent(touch: pen, phase: .ended, type: .pencil, samples: [readings[59]]))
        let screen: [UInt8] = PNGEncoder.encode(canvas.image)
        let saved: Data = try InkJSON.data(for: ink.drawing)  // every reading kept, exactly

        // On a server: a signature received as signature_pad JSON, drawn the same way every time.
        let received = Data(#"[{"points":[{"x":10,"y":40,"time":0},{"x":60,"y":20,"time":16},{"x":110,"y":45,"time":33}]}]"#.utf8)
        let signature = try SignaturePadJSON.drawing(from: received)
        let png = DrawingExport.png(signature, scale: 2, background: .transparent)  // cropped to the ink
        try Data(png).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("signature.png"))
        return (screen, saved, signature, png, ink.drawing)
    }
    // README end

    @Test func theReadmeExampleIsThisCodeAndEndsWithPixelsAndFiles() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "## Use it\n\n```swift\n"))
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        let shown = text[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let from = try #require(source.range(of: "    // README begin\n"))
        let to = try #require(source.range(of: "    // README end"))
        let compiled = source[from.upperBound..<to.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.dropFirst().dropLast(2)
        #expect(Array(compiled) == shown)

        let result = try Self.example()
        #expect(result.drawing.strokes.count == 1 && result.drawing.sampleCount == 60)
        #expect(try PNGDecoder.decode(result.screen).pixels.contains { $0 < 128 })
        #expect(try InkJSON.drawing(from: result.saved) == result.drawing)
        #expect(result.signature.strokes.count == 1)
        #expect(try PNGDecoder.decode(result.png).width > 100)
    }
}
