import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// Every JSON reader holds to RFC 8259 whichever path it takes (the fast scanner or Foundation's
/// decoder behind the strict check): what is not JSON is an error naming its line and column.
struct StrictJSONTests {
    static func error(reading text: String) -> String? {
        do {
            _ = try InkJSON.drawing(from: Data(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (#"{"strokes":[{"points":[{"x":1,"y":2}],}]}"#, "trailing comma"),
        (#"{"strokes":[{"points":[{"x":1,"\u0078":2}]}]}"#, "repeated"),
        (#"{"source":"a\u0041","source":"b","strokes":[]}"#, "repeated"),
        (#"{"strokes":[{"points":[{"x":1,"y":-2e400}]}]}"#, "beyond a Double"),
        (#"{"strokes":[]} {}"#, "more after the end"),
        ("{\"source\":\"a\tb\",\"strokes\":[]}", "control character"),
        ("{\"strokes\":\n[{\"points\":[{\"x\":01,\"y\":2}]}]}", "line 2"),
    ])
    func whatIsNotJSONIsAnErrorNamingWhere(text: String, expected: String) {
        let message = Self.error(reading: text)
        #expect(message?.contains(expected) == true, "\(text): \(message ?? "read")")
        #expect(message?.contains("line ") == true, "\(message ?? "read")")
    }

    @Test func strictJSONStillReads() throws {
        let bom = Data([0xEF, 0xBB, 0xBF] + Array(#"{"source":"caf\u00e9 \ud83d\ude00","strokes":[{"points":[{"x":-0.5e1,"y":2E-3}]}]}"#.utf8))
        #expect(try InkJSON.drawing(from: bom).strokes.first?.samples.first?.location.x == -5)
        // Nesting is followed on a stack of its own: 100,000 levels are a clear error naming the
        // limit (as Foundation's decoder would refuse them), not an exhausted thread stack.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let message = Self.error(reading: #"{"extra":"# + deep + #","strokes":[]}"#)
        #expect(message?.contains("nested deeper than 512") == true, "\(message ?? "read")")
        let allowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(Self.error(reading: #"{"extra":"# + allowed + #","strokes":[]}"#) == nil)
    }

    /// signature_pad is walked by the same strict reader: the same errors at the same places, and
    /// members it does not use skipped, whatever they hold.
    @Test func signaturePadIsHeldToTheSameGrammar() throws {
        func error(_ text: String) -> String? {
            do { _ = try SignaturePadJSON.drawing(from: Data(text.utf8)); return nil } catch { return error.description }
        }
        #expect(error(#"[{"points":[{"x":1,"y":2},]}]"#)?.contains("trailing comma") == true)
        #expect(error(#"[{"points":[{"x":1,"x":2,"y":3}]}]"#)?.contains("repeated") == true)
        #expect(error(#"[{"points":[{"x":1,"y":2e999}]}]"#)?.contains("beyond a Double") == true)
        #expect(error(#"[{"points":[{"x":"1","y":2}]}]"#)?.contains("at [0].points[0].x: expected a number") == true)
        #expect(error(#"[{"points":[{"y":2}]}]"#)?.contains("missing \"x\"") == true)
        #expect(error(#"[{"minWidth":1}]"#)?.contains("missing \"points\"") == true)
        #expect(error(#"{"points":[]}"#)?.contains("expected an array") == true)
        let ignored = #"[{"extra":{"a":[1,2,{"b":"\u0041"}],"c":null},"points":[{"x":1,"y":2,"note":[true,false]}],"dotSize":null}]"#
        #expect(error(ignored) == nil)
        #expect(try SignaturePadJSON.drawing(from: Data(ignored.utf8)).strokes.first?.samples.first?.location == Point2D(1, 2))
    }

    /// Times move between seconds and milliseconds on their decimal digits, both ways, so a
    /// computed timestamp (0.1 + 0.2 s) comes back bit for bit; the text reads as a person writes it.
    @Test func signaturePadTimesComeBackBitForBit() throws {
        let times = [0.1 + 0.2, 1_700_000_000.0166666, 1.0 / 3, .leastNonzeroMagnitude, 1e300, -0.0, 0, 123.456e-10, 0.016]
        let drawing = Drawing(strokes: [StrokeRecord(samples: times.enumerated().map { Sample(x: Double($0.offset), y: -0.0, timestamp: $0.element) })])
        let text = try SignaturePadJSON.data(for: drawing)
        let again = try SignaturePadJSON.drawing(from: text)
        #expect(again.strokes[0].samples.map { $0.timestamp!.bitPattern } == times.map(\.bitPattern))
        #expect(again.strokes[0].samples.map { $0.location.y.sign } == times.map { _ in .minus })
        #expect(String(decoding: text, as: UTF8.self).contains(#""time":16,"#))
        #expect(String(decoding: text, as: UTF8.self).contains(#""time":300.00000000000004,"#))
    }

    /// A file the fast scanner leaves to the pull reader (an escaped key) reads the same; wrong
    /// types name their path; members no reader uses are skipped, whatever they hold.
    @Test func thePullReaderReadsWhatTheScannerReads() throws {
        let plain = #"{"version":1,"units":"css px","strokes":[{"technique":"linear","taper":[1,2],"brushOptions":{"width":4},"pointer":"finger","points":[{"x":1,"y":2,"t":0.5,"pressure":null},{"x":3,"y":4}]}]}"#
        let escaped = plain.replacingOccurrences(of: #"{"x":3"#, with: #"{"\u0078":3"#)
        #expect(try InkJSON.drawing(from: Data(escaped.utf8)) == InkJSON.drawing(from: Data(plain.utf8)))
        let withExtras = escaped.replacingOccurrences(of: #""version":1,"#, with: #""version":1,"extra":{"a":[1,{"b":null}],"c":"\ud83d\ude00"},"#)
        #expect(try InkJSON.drawing(from: Data(withExtras.utf8)) == InkJSON.drawing(from: Data(plain.utf8)))
        let cases = [
            (#"{"strokes":[{"points":[{"x":"1","y":2}]}]}"#, "at strokes[0].points[0].x: expected a number"),
            (#"{"strokes":[{"points":[{"\u0078":1}]}]}"#, "at strokes[0].points[0]: missing \"y\""),
            (#"{"strokes":[{"\u0070":1}]}"#, "at strokes[0]: missing \"points\""),
            (#"{"strokes":[{"pointer":"stylus","points":[]}]}"#, "'stylus' is not pen, finger or mouse"),
            (#"{"version":1.5,"strokes":[]}"#, "at version: expected a whole number"),
            (#"{"source":"\ud83d","strokes":[]}"#, "half a surrogate pair"),
            (#"["\u0041"]"#, "top level: expected an object"),
        ]
        for (text, expected) in cases {
            let message = Self.error(reading: text)
            #expect(message?.contains(expected) == true, "\(text): \(message ?? "read")")
        }
    }
}
