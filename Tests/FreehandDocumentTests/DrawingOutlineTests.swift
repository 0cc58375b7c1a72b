import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// A drawing's outlines, built a batch at a time on every core.
struct DrawingOutlineTests {
    /// Every fixture's strokes in one drawing, in several looks, with a stroke of unknown settings.
    private static func drawing() throws -> Drawing {
        var records: [StrokeRecord] = []
        let looks = ["handwriting", "signature", "sketch", "raw"]
        for url in ConversionFidelityTests.recordings.prefix(40) {
            let data = try Data(contentsOf: url)
            let read = try InkFileFormat.sniffJSON(data).read(data)
            for (index, stroke) in read.inPoints.strokes.enumerated() {
                records.append(stroke.restyled(with: try InkPreset.named(looks[index % looks.count])))
            }
        }
        // Enough strokes for more than one batch, without the shared data too.
        while records.count <= 300 { records += records }
        var unknown = records[0]
        unknown.technique = "spline9"
        records.insert(unknown, at: records.count / 3)
        return Drawing(strokes: records)
    }

    @Test func outlinesBuiltInBatchesAreEachStrokesOwnInOrder() throws {
        let drawing = try Self.drawing()
        #expect(drawing.strokes.count > 256, "more than one batch")
        let alone = drawing.strokes.map { $0.outline() }
        #expect(drawing.strokeOutlines() == alone)
        let kept = drawing.outlines()
        #expect(kept.map(\.piece) == alone.compactMap { $0 })
        #expect(kept.map(\.color) == zip(drawing.strokes, alone).compactMap { $1 == nil ? nil : $0.color })
        var bounds: Rect2D?
        for piece in alone { bounds.formUnion(piece?.bounds) }
        #expect(drawing.bounds == bounds)
        #expect(alone.contains(nil))
    }

    @Test func resolvedOutlinesAreEachStrokesOwnResolvedInOrder() throws {
        let drawing = try Self.drawing()
        let resolved = drawing.strokeOutlines(resolvingOverlaps: true)
        #expect(resolved == drawing.strokes.map { $0.outline()?.resolvingOverlaps() })
        #expect(resolved.contains { $0?.isResolved == true && $0?.holes.isEmpty == false })
    }
}
