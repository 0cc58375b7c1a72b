@testable import FreehandDocument
@testable import FreehandDrawing
import FreehandEvaluation
import FreehandKit
import Foundation
import Testing

/// The fast reader of FreehandKit JSON reads exactly what the decoder reads, and leaves to the
/// decoder every file it is not sure of (so the decoder's errors, with their paths, still speak).
struct InkJSONScannerTests {
    static func decoded(_ text: String) -> InkJSON.File? {
        try? JSONDecoder().decode(InkJSON.File.self, from: Data(text.utf8))
    }

    @Test func everyRecordingReadsAsTheDecoderReadsIt() throws {
        var files = ConversionFidelityTests.recordings
        files.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TouchStreams/pencil-error.strokes.json"))
        #expect(files.count >= 12)
        for url in files {
            let data = try Data(contentsOf: url)
            let scanned = InkJSONScanner.file(in: data)
            #expect(scanned != nil, "\(url.lastPathComponent) left to the decoder")
            #expect(scanned == (try JSONDecoder().decode(InkJSON.File.self, from: data)), "\(url.lastPathComponent)")
        }
    }

    @Test func numbersNullsUnknownKeysAndEveryStrokeFieldMatchTheDecoder() throws {
        let text = """
            {"version":1,"units":"pt","sample_rate_hz":null,"extra":{"deep":[1,true,false,null,"s",{"a":-2e-3}]},
             "strokes":[{"preset":"sketch","technique":"hermite","alpha":0.25,"brush":"velocity","pointer":"finger",
              "brushOptions":{"width":2,"minWidth":0.5,"maxWidth":null,"sensitivity":6,"smoothing":0.4,"response":"ease-in","other":3},
              "taper":[1.5,12],"color":"#ff000080",
              "points":[{"x":-0,"y":0.30000000000000004,"t":1E+3,"pressure":1e-7,"altitude":null,"azimuth":-3.141592653589793,"radius":12.5,"z":9},
                        {"x":1.7976931348623157e308,"y":5e-324,"t":null}]}]}
            """
        let scanned = try #require(InkJSONScanner.file(in: Data(text.utf8)))
        #expect(scanned == Self.decoded(text))
        #expect(scanned.strokes[0].points[0].x.sign == .minus)
    }

    @Test func everyNumberIsTheCorrectlyRoundedDouble() throws {
        // Short decimals take the exact fast path; long mantissas, big exponents, subnormals and
        // halfway cases take strtod. Each must be the very Double that Swift's own parser gives.
        var texts = [
            "0", "-0", "1", "0.1", "0.2", "0.3", "123.456", "-0.000123", "1e-7", "2.5E+3", "1e22", "1e23", "1e-22", "1e-23",
            "9007199254740992", "9007199254740993", "9007199254740995", "18014398509481985", "0.30000000000000004",
            "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "4.9406564584124654e-324",
            "123456789012345678901234567890", "0.1000000000000000055511151231257827", "1.00000000000000011102230246251565404",
        ]
        var random = SplitMix64(seed: 2026)
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...17, using: &random)
            let mantissa = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let point = Int.random(in: 0...digits, using: &random)
            var text = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasSuffix(".") { text += "0" }
            if text.count > 2, text.hasPrefix("0"), !text.hasPrefix("0.") { text = String(text.drop { $0 == "0" }); if text.hasPrefix(".") { text = "0" + text } }
            if Bool.random(using: &random) { text += "e\(Int.random(in: -30...30, using: &random))" }
            texts.append(Bool.random(using: &random) ? "-" + text : text)
        }
        let points = texts.map { #"{"x":\#($0),"y":0}"# }.joined(separator: ",")
        let file = try #require(InkJSONScanner.file(in: Data(#"{"strokes":[{"points":[\#(points)]}]}"#.utf8)))
        for (text, point) in zip(texts, file.strokes[0].points) {
            let expected = try #require(Double(text), "\(text)")
            #expect(point.x.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func whatItIsNotSureOfGoesToTheDecoder() {
        let unsure = [
            #"{"source":"caf\u00e9","strokes":[]}"#,  // an escape
            #"{"strokes":[],"strokes":[]}"#,  // a key twice
            #"{"strokes":[{"points":[{"x":01,"y":1}]}]}"#,  // a leading zero
            #"{"strokes":[{"points":[{"x":1.,"y":1}]}]}"#,
            #"{"strokes":[{"points":[{"x":"1","y":1}]}]}"#,  // a string for a number
            #"{"strokes":[{"points":[{"x":1}]}]}"#,  // a missing y
            #"{"strokes":[{"points":[{"x":1,"y":1,"x":2}]}]}"#,  // a point key twice
            #"{"strokes":[{"points":[{"x":1,"y":1,"z":1,"z":2}]}]}"#,  // an unknown point key twice
            #"{"strokes":[{"points":[{"\u0078":1,"y":1}]}]}"#,  // an escaped point key
            #"{"strokes":[{"points":[{}]}]}"#,
            #"{"strokes":[{"pointer":"stylus","points":[]}]}"#,
            #"{"version":1.0,"strokes":[]}"#,
            #"{"strokes":[]} trailing"#,
            #"{"strokes":[}"#,
            "",
        ]
        for text in unsure {
            #expect(InkJSONScanner.file(in: Data(text.utf8)) == nil, "\(text)")
        }
        // The drawing is still read, and errors are still the decoder's.
        #expect((try? InkJSON.drawing(from: Data(#"{"source":"caf\u00e9","strokes":[]}"#.utf8)))?.recording.source == "café")
        #expect(throws: InkFormatError.self) { try InkJSON.drawing(from: Data(#"{"strokes":[{"points":[{"x":"1","y":1}]}]}"#.utf8)) }
    }

    @Test func writtenTextWithQuotesBackslashesControlsAndAccentsReadsBackTheSame() throws {
        var drawing = Drawing(strokes: [StrokeRecord(samples: [Sample(x: 1, y: 2)])])
        drawing.recording.source = "a \"quoted\" \\ path\twith\u{1} café ✍️"
        let data = try InkJSON.data(for: drawing)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"\u0009"#) && text.contains(#"\u0001"#) && text.contains(#"\"quoted\""#))
        #expect(try InkJSON.drawing(from: data).recording.source == drawing.recording.source)
    }

    @Test func aPointHoldsEachOptionalFieldInEightBytesAndReadsItBack() {
        #expect(MemoryLayout<RecordedPoint>.stride == 56)
        var point = RecordedPoint(x: 1, y: 2, t: 3, pressure: 0, altitude: -0.0, azimuth: nil, radius: 5)
        #expect(point.t == 3 && point.pressure == 0 && point.altitude == 0 && point.altitude?.sign == .minus)
        #expect(point.azimuth == nil && point.radius == 5)
        point.radius = nil
        point.azimuth = 7
        #expect(point.radius == nil && point.azimuth == 7)
        #expect(point != RecordedPoint(x: 1, y: 2, t: 3, altitude: 0, azimuth: 7))
        #expect(point == RecordedPoint(x: 1, y: 2, t: 3, pressure: 0, altitude: -0.0, azimuth: 7))
    }
}
