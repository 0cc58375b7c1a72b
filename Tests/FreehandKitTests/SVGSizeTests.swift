import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// SVG export is compact: the issue "Clean stroke outlines…" set ≤ 60 bytes per sample over the
/// shared recordings (`freehand bench` measures the same drawing).
struct SVGSizeTests {
    @Test(.enabled(if: TestData.hasSharedData, "needs ../shared/data"))
    func svgTakesAtMostSixtyBytesPerSampleOnTheSharedRecordings() throws {
        let drawing = Drawing(strokes: TestData.shared.flatMap { $0.strokes.map { StrokeRecord(samples: $0) } })
        let bytes = try InkFileFormat.svg.bytes(for: drawing).count
        let perSample = Double(bytes) / Double(drawing.sampleCount)
        #expect(drawing.sampleCount > 90_000)
        #expect(perSample <= 60, "\(perSample) bytes per sample")
    }
}
