import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// The smallest page the samples allow, known before any outline: never larger than the page the
/// outlined ink is placed on, so that refusing by it refuses nothing that would have fit.
struct PlacedInkLeastSizeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FreehandKitTests/Fixtures")

    @Test func aGivenSizeIsTheSizeAndNoSamplesIsNone() {
        #expect(PlacedInk.leastSize(ofSamplesIn: Rect2D(min: .zero, max: Point2D(1e9, 1e9)), size: Point2D(300, 200)) == Point2D(300, 200))
        #expect(PlacedInk.leastSize(ofSamplesIn: nil) == .zero)
        let least = PlacedInk.leastSize(ofSamplesIn: Rect2D(min: .zero, max: Point2D(1000, 10)), margin: 5)
        #expect(least == Point2D(1000 - 2 * PlacedInk.centrelineSlack + 10, 10))
    }

    @Test func itIsNeverLargerThanThePlacedInkInEveryPresetAndAStrongStabilizer() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 5)
        var presets = try InkPreset.names.map { try InkPreset.named($0) }
        presets.append(try InkPreset.custom(technique: "freehand", brush: "constant", brushOptions: BrushOptions(width: 0.5), stabilizer: Stabilizer(parsing: "string:1")))
        for file in files {
            let drawing = try InkJSON.drawing(from: Data(contentsOf: Self.fixtures.appendingPathComponent(file))).inPoints
            for preset in presets {
                let styled = Drawing(strokes: drawing.strokes.map { $0.restyled(with: preset) }, recording: drawing.recording)
                let samples = styled.strokes.reduce(nil as Rect2D?) { bounds, record in record.sampleBounds.map { bounds?.union($0) ?? $0 } ?? bounds }
                let least = PlacedInk.leastSize(ofSamplesIn: samples)
                let placed = PlacedInk(styled).size
                #expect(least.x <= placed.x && least.y <= placed.y, "\(file), \(preset.name): least \(least) over placed \(placed)")
            }
        }
    }
}
