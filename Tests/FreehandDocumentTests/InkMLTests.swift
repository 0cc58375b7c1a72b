import FreehandDocument
import FreehandKit
import Foundation
import Testing

struct InkMLTests {
    static let sharedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    @Test func readsChannelsResolutionsAndDifferenceCodedValues() throws {
        let text = """
            <ink xmlns="http://www.w3.org/2003/InkML"><definitions><inkSource xml:id="s">
            <traceFormat><channel name="X" type="integer"/><channel name="Y" type="integer"/>
            <channel name="T" type="integer" units="ms"/><channel name="F" type="integer" max="1000"/></traceFormat>
            <channelProperties><channelProperty channel="X" name="resolution" value="10" units="1/mm"/></channelProperties>
            </inkSource></definitions>
            <trace>100 20 0 500, '10 '5 '8 '100, "0 "1 "0 "0</trace>
            <trace type="penUp">1 2 3 4</trace>
            </ink>
            """
        let drawing = try InkML.drawing(from: Data(text.utf8))
        #expect(drawing.strokes.count == 1)
        let samples = drawing.strokes[0].samples
        #expect(samples.map(\.location) == [Point2D(10, 20), Point2D(11, 25), Point2D(12, 31)])
        #expect(samples.map(\.timestamp) == [0, 0.008, 0.016])
        #expect(samples.map(\.force) == [0.5, 0.6, 0.7])
    }

    @Test(arguments: [("cm", 10.0), ("m", 1000.0), ("in", 25.4), ("himetric", 0.01), ("mm", 1.0)])
    func physicalLengthUnitsAreReadAsMillimetresNotPoints(units: String, millimetres: Double) throws {
        let text = """
            <ink xmlns="http://www.w3.org/2003/InkML"><definitions><inkSource xml:id="s"><traceFormat>
            <channel name="X" type="decimal" units="\(units)"/><channel name="Y" type="decimal" units="\(units)"/>
            </traceFormat></inkSource></definitions><trace>2 3, 4 5</trace></ink>
            """
        let drawing = try InkML.drawing(from: Data(text.utf8))
        #expect(drawing.recording.units == "x,y: millimetres")
        #expect(drawing.strokes[0].samples.map(\.location) == [Point2D(2 * millimetres, 3 * millimetres), Point2D(4 * millimetres, 5 * millimetres)])
        // Drawn in points: 72 a 25.4 mm inch.
        let drawn = drawing.inPoints.strokes[0].samples[1].location
        #expect(abs(drawn.x - 4 * millimetres * 72 / 25.4) < 1e-9 * max(1, drawn.x))
    }

    @Test func aTraceWrittenWithWindowsLineEndingsReadsAsWithNewlines() throws {
        let windows = "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>\r\n10 20,\r\n11\r\n25, 12 31\r\n</trace></ink>"
        let unix = windows.replacingOccurrences(of: "\r\n", with: "\n")
        let read = try InkML.drawing(from: Data(windows.utf8))
        #expect(read.strokes[0].samples.map(\.location) == [Point2D(10, 20), Point2D(11, 25), Point2D(12, 31)])
        #expect(read == (try InkML.drawing(from: Data(unix.utf8))))
    }

    @Test func roundTripsWhatItHolds() throws {
        let samples = (0..<5).map { Sample(x: Double($0) * 1.25, y: 3, timestamp: Double($0) / 240, force: 0.25, altitude: 1, azimuth: 0.5) }
        let drawing = Drawing(strokes: [StrokeRecord(samples: samples), StrokeRecord(samples: Array(samples.reversed()))])
        let loaded = try InkML.drawing(from: InkML.data(for: drawing))
        #expect(loaded.strokes.map(\.samples) == drawing.strokes.map(\.samples))
    }

    @Test func anEmptyStrokeStaysAStrokeAndANestedTraceIsRefused() throws {
        let points = [Sample(x: 1, y: 2, timestamp: 0), Sample(x: 3, y: 4, timestamp: 0.01)]
        let drawing = Drawing(strokes: [StrokeRecord(samples: points), StrokeRecord(samples: []), StrokeRecord(samples: points)])
        let loaded = try InkML.drawing(from: InkML.data(for: drawing))
        #expect(loaded.strokes.map(\.samples.count) == [2, 0, 2])
        #expect(try InkML.drawing(from: Data("<ink><trace/><trace></trace></ink>".utf8)).strokes.count == 2)
        #expect(throws: InkFormatError.self) { try InkML.drawing(from: Data("<ink><trace>1 2, <trace>5 6</trace> 3 4</trace></ink>".utf8)) }
    }

    @Test func aDescriptionXMLCannotHoldIsRefusedNotChanged() throws {
        let points = [Sample(x: 1, y: 2, timestamp: 0)]
        var drawing = Drawing(strokes: [StrokeRecord(samples: points)], recording: RecordingInfo(source: "tab\tline\nreturn\r & <quotes\">"))
        #expect(try InkML.drawing(from: InkML.data(for: drawing)).recording == drawing.recording)
        drawing.recording.source = "a\u{0}b"
        #expect(throws: InkFormatError.self) { try InkML.data(for: drawing) }
        drawing.recording.source = nil
        drawing.recording.license = "\u{1b}[2J"
        #expect(throws: InkFormatError.self) { try InkML.data(for: drawing) }
    }

    @Test func refusesBrokenInput() {
        #expect(throws: InkFormatError.self) { try InkML.drawing(from: Data("<ink><trace>1 2, x 3</trace></ink>".utf8)) }
        #expect(throws: InkFormatError.self) { try InkML.drawing(from: Data("<ink><trace>1 2".utf8)) }
        #expect(throws: InkFormatError.self) { try InkML.drawing(from: Data("<svg/>".utf8)) }
        #expect(throws: InkFormatError.self) { try InkML.drawing(from: Data("<ink><trace>1 2 3 4</trace></ink>".utf8)) }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sharedData.path), "needs ../shared/data"))
    func theWacomPaperRecordingGivesTheSameStrokesAsItsConvertedJSON() throws {
        let paper = try InkML.drawing(from: Data(contentsOf: Self.sharedData.appendingPathComponent("wacom-iot-paper/raw/HelloInk.paper")))
        let converted = try RecordingJSON.strokes(from: Data(contentsOf: Self.sharedData.appendingPathComponent("wacom-iot-paper/strokes/hello-ink.json")))
        #expect(paper.strokes.count == converted.count)
        for (stroke, expected) in zip(paper.strokes, converted) {
            #expect(stroke.samples.count == expected.count)
            for (a, b) in zip(stroke.samples, expected) {
                #expect(a.location.distance(to: b.location) < 1e-9)
                #expect(abs(a.timestamp! - b.timestamp!) < 1e-9)
                // The converted JSON rounds these to 4 decimals.
                #expect(abs(a.force! - b.force!) <= 0.00005 + 1e-12)
                #expect(abs(a.altitude! - b.altitude!) <= 0.00005 + 1e-12)
                #expect(abs(a.azimuth! - b.azimuth!) <= 0.00005 + 1e-12)
            }
        }
    }
}
