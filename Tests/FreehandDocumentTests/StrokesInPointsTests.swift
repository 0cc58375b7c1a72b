import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// Reading FreehandKit JSON straight into samples (what the commands that smooth or outline ink
/// take) gives exactly the samples of the drawing read the long way, and the same errors.
struct StrokesInPointsTests {
    /// The samples of `data` read as a drawing, in points.
    static func theLongWay(_ data: Data) throws(InkFormatError) -> [[Sample]] {
        try InkJSON.drawing(from: data).inPoints.strokes.map(\.samples.unpacked)
    }

    @Test func everyRecordingReadsToTheDrawingsSamplesInPoints() throws {
        let files = ConversionFidelityTests.recordings
        #expect(files.count >= 12)
        for url in files {
            let data = try Data(contentsOf: url)
            #expect(try InkJSON.strokesInPoints(from: data) == (try Self.theLongWay(data)), "\(url.lastPathComponent)")
            #expect(try InkFileFormat.json.strokesInPoints(data) == (try Self.theLongWay(data)))
        }
    }

    @Test func unitsMirrorsAndOddReadingsComeOutAsTheDrawingHasThem() throws {
        // Tablet units with y up are scaled and mirrored; every pointer kind and missing channel.
        // (A number beyond a Double, `1e999`, is an error either way: see the next test.)
        for units in ["x,y: Wacom Intuos tablet units (y axis points UP)", "millimetres", "css px", "points"] {
            let text = """
                {"units":"\(units)","strokes":[{"pointer":"finger","points":[{"x":1,"y":2,"t":0.5,"radius":3},
                {"x":4.25,"y":-7,"altitude":0.5,"azimuth":2}]},{"pointer":"mouse","points":[{"x":-0.0,"y":1e-300}]}]}
                """
            let data = Data(text.utf8)
            let direct = try InkJSON.strokesInPoints(from: data)
            #expect(direct == (try Self.theLongWay(data)), "\(units)")
            #expect(direct.first?.first?.force == nil && direct.first?[1].timestamp == nil)
        }
    }

    @Test func aBadFileIsTheSameErrorEitherWay() {
        let files = [
            #"{"version":2,"strokes":[]}"#,
            #"{"strokes":[{"points":[{"x":1,"y":2,"pressure":1e999}]}]}"#,
            #"{"strokes":[{"points":[{"x":1,"y":2},]}]}"#,
            #"{"strokes":[{"points":[{"x":1,"y":2,"x":3}]}]}"#,
            #"{"strokes":[{"brush":"glitter","points":[{"x":1,"y":2}]}]}"#,
            #"{"strokes":[{"technique":"spline9","points":[{"x":1,"y":2}]}]}"#,
            #"{"strokes":[{"color":"mauve","points":[{"x":1,"y":2}]}]}"#,
            #"{"strokes":[{"preset":"crayon","points":[{"x":1,"y":2}]}]}"#,
            #"{"strokes":[{"points":[{"x":1e300,"y":2}]}]}"#,
            #"{"strokes":[{"points":[{"x":"1","y":2}]}]}"#,
            #"{"strokes":"#,
        ]
        for text in files {
            let data = Data(text.utf8)
            var direct: InkFormatError?, longWay: InkFormatError?
            do { _ = try InkJSON.strokesInPoints(from: data) } catch { direct = error }
            do { _ = try Self.theLongWay(data) } catch { longWay = error }
            #expect(direct != nil, "\(text)")
            #expect(direct?.description == longWay?.description, "\(text)")
        }
    }
}
