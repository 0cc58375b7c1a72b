import FreehandDocument
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
        // Valid however deep: the strict check follows nesting on a stack of its own, so 100,000
        // levels pass it without exhausting the thread's stack (the decoder may refuse them later).
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let message = Self.error(reading: #"{"extra":"# + deep + #","strokes":[]}"#)
        #expect(message.map { !$0.contains("not valid JSON: line") } ?? true, "\(message ?? "")")
    }
}
