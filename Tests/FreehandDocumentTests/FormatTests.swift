@testable import FreehandDocument
@testable import FreehandDrawing
import FreehandEvaluation
import FreehandKit
import FreehandRender
import Foundation
import Testing

struct FormatTests {
    /// A drawing with every field used, values chosen at random (seeded).
    static func randomDrawing(seed: UInt64) -> Drawing {
        var random = SeedGenerator(seed: seed)
        var strokes: [StrokeRecord] = []
        for index in 0..<5 {
            var samples: [Sample] = []
            var time = 0.0
            for sampleIndex in 0..<Int.random(in: 1...60, using: &random) {
                time += Double.random(in: 0.001...0.02, using: &random)
                samples.append(Sample(
                    x: Double.random(in: -500...2000, using: &random), y: Double.random(in: -500...2000, using: &random),
                    timestamp: index == 1 ? nil : time, force: sampleIndex % 7 == 3 ? nil : Double.random(in: 0...1, using: &random),
                    altitude: index == 2 ? Double.random(in: 0...1.5, using: &random) : nil,
                    azimuth: index == 2 ? Double.random(in: -3...3, using: &random) : nil,
                    majorRadius: index == 3 ? Double.random(in: 1...40, using: &random) : nil, kind: index == 3 ? .finger : .pen))
            }
            strokes.append(StrokeRecord(
                samples: samples, technique: TechniqueCatalog.names[index % 7], alpha: index == 4 ? 0.3 : nil,
                brush: BrushCatalog.names[index % 5], brushOptions: BrushOptions(width: index == 0 ? 3.25 : nil, response: index == 1 ? .gamma(1.5) : nil),
                taperStart: index == 2 ? 7.5 : 0, taperEnd: index == 2 ? 11 : 0,
                color: RGBAColor(red: Double(index * 40) / 255, green: 0.2 * 255 / 255, blue: 1, alpha: 200.0 / 255),
                stabilizer: index == 2 ? try? Stabilizer(.string, strength: 0.35)
                    : index == 3 ? try? Stabilizer(.average, strength: Double.random(in: 0...1, using: &random)) : nil))
        }
        return Drawing(strokes: strokes)
    }

    @Test func jsonRoundTripsExactly() throws {
        for seed in 0..<5 {
            let drawing = Self.randomDrawing(seed: UInt64(seed))
            let loaded = try InkJSON.drawing(from: InkJSON.data(for: drawing))
            #expect(loaded.strokes.map(\.samples) == drawing.strokes.map(\.samples))
            #expect(try InkJSON.data(for: loaded) == InkJSON.data(for: drawing))
        }
    }

    @Test func theStabilizerIsKeptExactlyByJSONAndBinaryAndABadOneIsRefused() throws {
        for seed in 0..<5 {
            let drawing = Self.randomDrawing(seed: UInt64(seed))
            #expect(drawing.strokes.contains { $0.stabilizer?.mode == .average })
            #expect(try InkJSON.drawing(from: InkJSON.data(for: drawing)).strokes.map(\.stabilizer) == drawing.strokes.map(\.stabilizer))
            #expect(try BinaryInk.drawing(from: BinaryInk.data(for: drawing)).strokes.map(\.stabilizer) == drawing.strokes.map(\.stabilizer))
        }
        for bad in ["\"rope:0.5\"", "\"string:2\"", "\"string:x\""] {
            let text = #"{"strokes":[{"stabilizer":"# + bad + #","points":[{"x":1,"y":2}]}]}"#
            #expect(throws: InkFormatError.self, "\(bad)") { try InkJSON.drawing(from: Data(text.utf8)) }
        }
        // A stroke restyled with a steadied preset takes its stabilizer, and draws with it.
        let steadied = InkPreset.handwriting.stabilized(try Stabilizer(.string, strength: 0.5))
        let record = StrokeRecord(samples: [Sample(x: 0, y: 0)], preset: steadied)
        #expect(record.stabilizer == steadied.stabilizer)
        #expect(try record.makeStyle().stabilizer == steadied.stabilizer)
    }

    @Test func jsonReadsTheSharedRecordingLayoutAsVersionOne() throws {
        let drawing = try InkJSON.drawing(from: Data(#"{"source":"x","strokes":[{"points":[{"x":1,"y":2,"t":null,"pressure":0.5}]}]}"#.utf8))
        #expect(drawing.strokes.count == 1)
        #expect(drawing.strokes[0].technique == "freehand" && drawing.strokes[0].brush == "pressure")
        #expect(drawing.strokes[0].samples[0] == Sample(x: 1, y: 2, force: 0.5))
    }

    @Test func jsonStrokesNamingAPresetTakeItsLookUnlessTheyGiveTheirOwn() throws {
        let text = #"{"strokes":[{"preset":"signature","points":[{"x":1,"y":2}]},{"preset":"sketch","brush":"constant","taper":[1,2],"points":[{"x":1,"y":2}]}]}"#
        let drawing = try InkJSON.drawing(from: Data(text.utf8))
        #expect(drawing.strokes[0] == StrokeRecord(samples: [Sample(x: 1, y: 2)], preset: .signature))
        let second = drawing.strokes[1]
        #expect(second.technique == InkPreset.sketch.technique && second.brush == "constant")
        #expect(second.taperStart == 1 && second.taperEnd == 2)
        // Written out in full, it reads back the same without the preset.
        #expect(try InkJSON.drawing(from: InkJSON.data(for: drawing)) == drawing)
        #expect(throws: InkFormatError.self) { try InkJSON.drawing(from: Data(#"{"strokes":[{"preset":"crayon","points":[]}]}"#.utf8)) }
    }

    @Test func jsonRefusesNewerVersionsAndBadValuesNamingThem() {
        #expect(throws: InkFormatError.invalidValue("version 2 is newer than this reader, which knows version 1")) {
            try InkJSON.drawing(from: Data(#"{"version":2,"strokes":[]}"#.utf8))
        }
        #expect(throws: InkFormatError.self) { try InkJSON.drawing(from: Data(#"{"strokes":[{"color":"plaid","points":[]}]}"#.utf8)) }
        var limits = InkFileLimits()
        limits.maximumCoordinate = 100
        do {
            _ = try InkJSON.drawing(from: Data(#"{"strokes":[{"points":[{"x":1000,"y":0}]}]}"#.utf8), limits: limits)
            Issue.record("a coordinate over the limit was accepted")
        } catch {
            #expect(error.description.contains("maximumCoordinate"))
        }
    }

    @Test func binaryKeepsQuantizedValuesAndSavesTheSameBytesAgain() throws {
        for seed in 0..<5 {
            let drawing = Self.randomDrawing(seed: UInt64(seed))
            let bytes = BinaryInk.data(for: drawing)
            let loaded = try BinaryInk.drawing(from: bytes)
            #expect(BinaryInk.data(for: loaded) == bytes)
            #expect(loaded.strokes.count == drawing.strokes.count)
            for (a, b) in zip(drawing.strokes, loaded.strokes) {
                #expect(a.technique == b.technique && a.brush == b.brush && a.brushOptions == b.brushOptions && a.alpha == b.alpha)
                #expect(a.samples.count == b.samples.count)
                for (x, y) in zip(a.samples, b.samples) {
                    #expect(x.location.distance(to: y.location) <= 0.01)
                    if let t = x.timestamp { #expect(abs(t - y.timestamp!) <= 0.00005 + 1e-12) }
                    if let f = x.force { #expect(abs(f - y.force!) <= 1.0 / 8192 + 1e-12) }
                }
            }
        }
    }

    @Test func binaryRefusesEveryTruncationAndGarbageWithAnError() {
        let bytes = BinaryInk.data(for: Self.randomDrawing(seed: 9))
        for length in 0..<bytes.count {
            #expect(throws: InkFormatError.self) { try BinaryInk.drawing(from: bytes.prefix(length)) }
        }
        var random = SeedGenerator(seed: 4)
        for _ in 0..<200 {
            var garbage = Array("FHB".utf8) + [1]
            garbage += (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try? BinaryInk.drawing(from: Data(garbage))
        }
        #expect(throws: InkFormatError.self) { try BinaryInk.drawing(from: Data(Array("FHB".utf8) + [9])) }
    }

    @Test func signaturePadRoundTripsPointsTimesAndLook() throws {
        let json = """
            [{"penColor":"rgb(10, 20, 30)","dotSize":1,"minWidth":0.8,"maxWidth":3,"velocityFilterWeight":0.6,
              "points":[{"x":1,"y":2,"time":1700000000000,"pressure":0.5},{"x":4,"y":6,"time":1700000000016,"pressure":0.6}]}]
            """
        let drawing = try SignaturePadJSON.drawing(from: Data(json.utf8))
        let stroke = try #require(drawing.strokes.first)
        #expect(stroke.brush == "velocity" && stroke.brushOptions.minimumWidth == 0.8 && stroke.brushOptions.maximumWidth == 3)
        #expect(stroke.color == RGBAColor(red: 10.0 / 255, green: 20.0 / 255, blue: 30.0 / 255))
        #expect(abs(stroke.samples[1].timestamp! - 1_700_000_000.016) < 1e-6)
        let again = try SignaturePadJSON.drawing(from: SignaturePadJSON.data(for: drawing))
        #expect(again.strokes[0].samples.map(\.location) == stroke.samples.map(\.location))
        #expect(again.strokes[0].brushOptions == stroke.brushOptions)
        #expect(InkFileFormat.sniffJSON(Data(json.utf8)) == .signaturePad)
    }

    @Test func aSaveThatFailsHalfWayLeavesTheOldFileIntact() throws {
        let folder = try RecordingJSONTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("drawing.json")
        let old = Self.randomDrawing(seed: 1), new = Self.randomDrawing(seed: 2)
        try InkFileFormat.json.save(old, to: file)
        let bytes = try InkJSON.data(for: new)
        #expect(throws: InkFormatError.self) { try AtomicFile.write(bytes, to: file, failingAfter: bytes.count / 2) }
        #expect(try Data(contentsOf: file) == InkJSON.data(for: old))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["drawing.json"])
    }

    @Test func svgAndPngExportDrawEveryStrokeInItsColour() throws {
        let drawing = Drawing(strokes: [StrokeRecord(
            samples: (0..<10).map { Sample(x: 10 + Double($0) * 5, y: 20, timestamp: Double($0) / 60, force: 0.5) },
            brush: "constant", brushOptions: BrushOptions(width: 6), color: RGBAColor(parsing: "#ff0000")!)])
        let svg = DrawingExport.svg(drawing)
        #expect(svg.contains("fill=\"#ff0000\""))
        let image = try PNGDecoder.decode(DrawingExport.png(drawing))
        // The picture is the ink plus a margin: the stroke's point (30, 20) moves by the frame's offset.
        let frame = DrawingExport.frame(of: drawing)
        #expect(image.width == Int(frame.size.x) && image.height == Int(frame.size.y))
        let x = Int((30 + frame.offset.x).rounded(.down)), y = Int((20 + frame.offset.y).rounded(.down))
        #expect(image[x, y].red == 255 && image[x, y].green == 0)
        #expect(image[1, 1] == (255, 255, 255, 255))
    }

    /// A recording in tablet units with its y axis up (as SVC2004's) is drawn at its size on paper
    /// and the right way up; one in CSS pixels is drawn one unit per point, as the screen showed it.
    @Test func exportsDrawPhysicalUnitsAtTheirSizeOnPaperAndTheRightWayUp() throws {
        // A downstroke on the tablet: from y = 1,000 (top, y up) to y = 0, 10 mm (1,000 units) long.
        let samples = (0...20).map { Sample(x: 500, y: 1000 - Double($0) * 50, timestamp: Double($0) / 100, force: 0.5, azimuth: 0.5) }
        let tablet = Drawing(
            strokes: [StrokeRecord(samples: samples)], recording: RecordingInfo(units: "x,y: Wacom Intuos tablet units (y axis points UP)"))
        let drawn = tablet.inPoints
        let first = try #require(drawn.strokes.first?.samples.first), last = try #require(drawn.strokes.first?.samples.last)
        let millimetre = 72 / 25.4
        #expect(abs((last.location.y - first.location.y) - 10 * millimetre) < 1e-9, "the stroke runs down the page, 10 mm long")
        #expect(abs(first.location.x - 5 * millimetre) < 1e-9)
        #expect(abs(try #require(first.azimuth) + 0.5) < 1e-12, "azimuths mirror with the page")
        #expect(drawn.recording.units == "x,y: points, y down" && drawn.inPoints == drawn)
        // The export's page is the drawn ink plus the margin: about 10 mm tall, not 1,000 points.
        let image = try PNGDecoder.decode(DrawingExport.png(tablet))
        #expect(image.height == Int(DrawingExport.frame(of: tablet).size.y) && image.height < 60)
        // Screen units are kept as they are.
        let screen = Drawing(strokes: tablet.strokes, recording: RecordingInfo(units: "x,y: CSS px, y down"))
        #expect(screen.inPoints == screen)
    }

    @Test func binaryInkKeepsWhatTheRecordingSaysAboutItself() throws {
        let info = RecordingInfo(
            source: "SVC2004 U1S1 (tablet)", license: "research only", units: "x,y: Wacom Intuos tablet units (y axis points UP)",
            sampleRate: 100)
        let drawing = Drawing(strokes: [StrokeRecord(samples: [Sample(x: 1000, y: 2000), Sample(x: 1500, y: 2600)])], recording: info)
        let bytes = BinaryInk.data(for: drawing)
        let read = try BinaryInk.drawing(from: bytes)
        #expect(read.recording == info && read == drawing)
        #expect(BinaryInk.data(for: read) == bytes, "saving what was loaded gives the same bytes")
        // Placed the right way up and at its size on paper, as from the JSON.
        #expect(read.inPoints == (try InkJSON.drawing(from: InkJSON.data(for: drawing))).inPoints)
        // A rate no reader takes is not written.
        let odd = Drawing(strokes: drawing.strokes, recording: RecordingInfo(sampleRate: -5))
        #expect(try BinaryInk.drawing(from: BinaryInk.data(for: odd)).recording.isEmpty)
    }

    @Test func inkMLFromAnotherProgramInMillimetresIsDrawnAtItsSize() throws {
        let text = #"<ink xmlns="http://www.w3.org/2003/InkML"><traceFormat><channel name="X" type="decimal" units="mm"/>"#
            + #"<channel name="Y" type="decimal" units="mm"/></traceFormat><trace>0 0, 10 0</trace></ink>"#
        let drawing = try InkML.drawing(from: Data(text.utf8))
        #expect(drawing.recording.units == "x,y: millimetres")
        let drawn = drawing.inPoints.strokes.first?.samples.last?.location.x ?? 0
        #expect(abs(drawn - 720 / 25.4) < 1e-9, "10 mm is 28.35 points")
    }
}

/// The seeded generator of the evaluation module, for reproducible test data.
typealias SeedGenerator = SplitMix64
