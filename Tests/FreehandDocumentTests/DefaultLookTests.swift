import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// One default look: a stroke drawn with no style, a canvas with no style and a file stroke that
/// names no brush all draw the same ink (`InkStyle.default`).
struct DefaultLookTests {
    /// A pen stroke with changing force: a constant brush and the pressure brush tell apart.
    static let samples = (0..<40).map { step in
        Sample(x: 10 + Double(step) * 3, y: 30 + 12 * sin(Double(step) / 6), timestamp: Double(step) / 120, force: 0.2 + 0.02 * Double(step))
    }

    @Test func aStrokeWithNoStyleAndAFileStrokeWithNoBrushDrawTheSameOutline() throws {
        let unstyled = try #require(InkStroke.outline(for: Self.samples))
        let file = try InkJSON.drawing(from: Data(#"{"strokes":[{"points":[\#(Self.samples.map { #"{"x":\#($0.location.x),"y":\#($0.location.y),"t":\#($0.timestamp!),"pressure":\#($0.force!)}"# }.joined(separator: ","))]}]}"#.utf8))
        let record = try #require(file.strokes.first)
        #expect(record.brush == BrushCatalog.defaultName)
        let fromFile = try #require(record.outline())
        #expect(fromFile.polygon.count == unstyled.polygon.count)
        #expect(zip(fromFile.polygon, unstyled.polygon).allSatisfy { ($0 - $1).length < 1e-9 })
        // And that look is the pressure brush: its width follows the force.
        let constant = try #require(InkStroke.outline(for: Self.samples, style: InkStyle(brush: ConstantBrush.standard)))
        let heights = (try #require(unstyled.bounds).height, try #require(constant.bounds).height)
        #expect(abs(heights.0 - heights.1) > 0.1, "pressure \(heights.0) vs constant \(heights.1)")
    }

    @Test func aSessionAndAStrokeRecordStartWithTheDefaultLook() throws {
        let look = try InkSession().preset.makeStyle()
        #expect(look.brush.name == InkStyle.default.brush.name)
        // The same outline: no taper either way.
        let session = try #require(InkStroke.outline(for: Self.samples, style: look))
        let standard = try #require(InkStroke.outline(for: Self.samples, style: .default))
        #expect(session.polygon == standard.polygon)
        #expect(StrokeRecord(samples: Self.samples).brush == InkStyle.default.brush.name)
        #expect(InkStyle.default.brush.name == BrushCatalog.defaultName)
    }
}
