import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// Pictures drawn a chunk of strokes at a time: the same bytes whether the pieces are kept or
/// outlined again as they are drawn, a checkpoint that stops the work, one page-size parser and one
/// fit rule.
struct ChunkedExportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FreehandKitTests/Fixtures")

    static func handwriting() throws -> Drawing {
        try InkJSON.drawing(from: Data(contentsOf: fixtures.appendingPathComponent("perfect-freehand-hey.json"))).inPoints
    }

    /// Many short strokes, two looks: a drawing with more than one chunk's worth of strokes.
    static func manyStrokes(_ count: Int) -> Drawing {
        var strokes: [StrokeRecord] = []
        for index in 0..<count {
            let x = Double(index % 300) * 3, y = Double(index / 300) * 5
            let samples = (0..<3).map { Sample(location: Point2D(x + Double($0), y + Double($0 % 2)), timestamp: Double($0) * 0.01) }
            var record = StrokeRecord(samples: samples)
            if index % 2 == 1 { record.color = RGBAColor(red: 0.8, green: 0.1, blue: 0.1) }
            strokes.append(record)
        }
        return Drawing(strokes: strokes)
    }

    @Test func piecesOutlinedAgainDrawTheSameBytesAsPiecesKept() throws {
        for drawing in [try Self.handwriting(), Self.manyStrokes(PlacedInk.chunkStrokes + 500)] {
            let kept = PlacedInk(drawing, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint)
            let again = PlacedInk(drawing, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint, strokes: { $0.batchStroke }, keeping: 0, checkpoint: { _ in })
            #expect(kept.size == again.size && kept.offset == again.offset)
            #expect(DrawingExport.svg(kept) == DrawingExport.svg(again))
            #expect(DrawingExport.pdf(kept) == DrawingExport.pdf(again))
            #expect(kept.pieces.count == again.pieces.count)
        }
    }

    @Test func vectorPicturesPastAMillionSamplesAreOutlinedAtOnePixelAPoint() {
        let samples = (0..<PlacedInk.zoomableVectorSamples / 2).map { Sample(location: Point2D(Double($0 % 1000), Double($0 / 1000))) }
        let atLimit = Drawing(strokes: [StrokeRecord(samples: samples), StrokeRecord(samples: samples)])
        #expect(PlacedInk.vectorPixelsPerPoint(for: atLimit) == PlacedInk.vectorPixelsPerPoint)
        let past = Drawing(strokes: atLimit.strokes + [StrokeRecord(samples: [Sample(location: .zero)])])
        #expect(PlacedInk.vectorPixelsPerPoint(for: past) == 1)
        #expect(PlacedInk.vectorPixelsPerPoint(for: Drawing(strokes: [])) == PlacedInk.vectorPixelsPerPoint)
    }

    @Test func aPageOfAGivenSizeOutlinesAsItDrawsAndMatchesTheEagerPieces() throws {
        let drawing = try Self.handwriting()
        let size = Point2D(400, 300)
        let eager = drawing.strokes.compactMap { record in record.outline(fittedToPixelsPerPoint: 1).map { (piece: $0, color: record.color) } }
        let lazy = PlacedInk(drawing, size: size)
        #expect(DrawingExport.png(lazy) == DrawingExport.png(PlacedInk(pieces: eager, size: size)))
        #expect(!lazy.isEmpty && PlacedInk(Drawing(strokes: []), size: size).isEmpty)
    }

    @Test func concurrentFillsWriteTheSameTextAsOneAtATime() throws {
        let pieces = PlacedInk(try Self.handwriting(), pixelsPerPoint: 8).pieces
        var one = SVGDocument(width: 500, height: 200), all = SVGDocument(width: 500, height: 200)
        var onePDF = PDFDocument(width: 500, height: 200), allPDF = PDFDocument(width: 500, height: 200)
        for (piece, color) in pieces {
            one.fillOutline(piece, color: color.cssText, opacity: 0.5)
            onePDF.fillOutline(piece, color: color, opacity: 0.5)
        }
        all.fillOutlines(pieces.map { ($0.piece, $0.color.cssText, 0.5) }, maximumThreads: 8)
        allPDF.fillOutlines(pieces.map { ($0.piece, $0.color, 0.5) }, maximumThreads: 8)
        #expect(one.text == all.text)
        #expect(onePDF.bytes == allPDF.bytes)
    }

    struct Stop: Error, Equatable { var progress: ExportProgress }

    @Test func aCheckpointThatThrowsStopsTheWorkBetweenChunks() throws {
        let drawing = Self.manyStrokes(2 * PlacedInk.chunkStrokes + 10)
        var calls: [ExportProgress] = []
        #expect(throws: Stop.self) {
            _ = try PlacedInk(drawing, strokes: { $0.batchStroke }) { (progress: ExportProgress) throws(Stop) in
                calls.append(progress)
                if progress.strokesDone > 0 { throw Stop(progress: progress) }
            }
        }
        #expect(calls.map(\.strokesDone) == [0, PlacedInk.chunkStrokes])
        #expect(calls.allSatisfy { $0.strokeCount == drawing.strokes.count })
        let ink = PlacedInk(drawing, size: Point2D(1000, 1000))
        var painted: [Double] = []
        #expect(throws: Stop.self) {
            _ = try DrawingExport.png(ink) { (progress: ExportProgress) throws(Stop) in
                painted.append(progress.paintedPixels)
                if painted.count == 2 { throw Stop(progress: progress) }
            }
        }
        #expect(painted.count == 2 && painted[0] > 0 && painted[1] > painted[0])
    }

    @Test func pageSizesAreParsedByOneRule() {
        #expect(PageFit.size(parsing: "800x600") == Point2D(800, 600))
        #expect(PageFit.size(parsing: "A4") == Point2D(595.2756, 841.8898))
        #expect(PageFit.size(parsing: "letter") == Point2D(612, 792))
        #expect(PageFit.size(parsing: "0.5X2") == Point2D(0.5, 2))
        for bad in ["800", "0x600", "-1x5", "1e20x10", "nanx5", "infx5", "10x", "x10", "1x2x3", "800 x 600"] {
            #expect(PageFit.size(parsing: bad) == nil, "\(bad)")
        }
        #expect(PageFit.size(parsing: "1000000x1") != nil && PageFit.size(parsing: "1000001x1") == nil)
    }

    @Test func fittingKeepsAMarginOfTheWidestInkWithinFivePercentAndFortyFivePercent() throws {
        #expect(PageFit.margin(in: Point2D(1000, 400), widestInk: 2) == 20)
        #expect(PageFit.margin(in: Point2D(1000, 400), widestInk: 60) == 60)
        #expect(PageFit.margin(in: Point2D(100, 100), widestInk: 500) == 45)
        let fitted = try Self.handwriting().fitted(into: Point2D(300, 200))
        let bounds = try #require(fitted.sampleBounds)
        let margin = PageFit.margin(in: Point2D(300, 200), widestInk: fitted.widestInk)
        #expect(bounds.min.x >= margin - 1e-9 && bounds.min.y >= margin - 1e-9)
        #expect(bounds.max.x <= 300 - margin + 1e-9 && bounds.max.y <= 200 - margin + 1e-9)
        #expect(abs(bounds.width - (300 - 2 * margin)) < 1e-6 || abs(bounds.height - (200 - 2 * margin)) < 1e-6)
        let drawing = try Self.handwriting(), flipped = drawing.flippedVertically()
        let before = try #require(drawing.sampleBounds), after = try #require(flipped.sampleBounds)
        #expect((after.min - before.min).length < 1e-9 && (after.max - before.max).length < 1e-9)
        let first = try #require(drawing.strokes[0].samples.first?.location), mirrored = try #require(flipped.strokes[0].samples.first?.location)
        #expect(abs(mirrored.y - (before.max.y + before.min.y - first.y)) < 1e-9 && mirrored.x == first.x)
    }
}
