@testable import FreehandDocument
@testable import FreehandDrawing
import FreehandKit
import Foundation
import Testing

struct RecordingJSONTests {
    @Test func readsEveryFieldAndToleratesNullsAndExtras() throws {
        let json = """
            {"source":"x","strokes":[{"points":[{"x":1,"y":2,"t":0.5,"pressure":0.25,"altitude":1.2,"azimuth":0.3,"extra":7},
            {"x":3.5,"y":-4,"t":null,"pressure":null}]},{"pointer":"finger","points":[{"x":0,"y":0,"radius":9}]}]}
            """
        let strokes = try RecordingJSON.strokes(from: Data(json.utf8))
        #expect(strokes.count == 2)
        #expect(strokes[0][0] == Sample(x: 1, y: 2, timestamp: 0.5, force: 0.25, altitude: 1.2, azimuth: 0.3))
        #expect(strokes[0][1] == Sample(x: 3.5, y: -4))
        #expect(strokes[1][0] == Sample(x: 0, y: 0, majorRadius: 9, kind: .finger))
    }

    @Test func everyRecordingReadsTheSameScannedOrDecoded() throws {
        // Shared recordings too when ../shared/data is present (the fixtures alone otherwise).
        var scanned = 0
        for url in ConversionFidelityTests.recordings {
            let data = try Data(contentsOf: url)
            let fast = try RecordingJSON.recording(from: data, limits: InkFileLimits(), scanning: true)
            let decoded = try RecordingJSON.recording(from: data, limits: InkFileLimits(), scanning: false)
            #expect(fast.strokes == decoded.strokes, "\(url.lastPathComponent)")
            #expect(fast.units == decoded.units && fast.sampleRate == decoded.sampleRate, "\(url.lastPathComponent)")
            if InkJSONScanner.file(in: data) != nil { scanned += 1 }
        }
        #expect(scanned >= 10)
        // A pointer kind and fields the layout ignores (no recording here has a pointer).
        let text = #"{"units":"pt","sample_rate_hz":120,"extra":[1,{"a":null}],"strokes":[{"pointer":"finger","points":[{"x":1,"y":2,"t":0.5,"pressure":0.25},{"x":3,"y":4,"radius":2}]},{"points":[]}]}"#
        let fast = try RecordingJSON.recording(from: Data(text.utf8), limits: InkFileLimits(), scanning: true)
        let decoded = try RecordingJSON.recording(from: Data(text.utf8), limits: InkFileLimits(), scanning: false)
        #expect(InkJSONScanner.file(in: Data(text.utf8)) != nil)
        #expect(fast.strokes == decoded.strokes && fast.strokes[0][0].kind == .finger && fast.sampleRate == 120)
    }

    @Test func namesThePathOfAMissingOrMistypedValue() {
        #expect(throws: InkFormatError.malformed("at strokes[0].points[1]: missing \"y\"")) {
            try RecordingJSON.strokes(from: Data(#"{"strokes":[{"points":[{"x":1,"y":2},{"x":1}]}]}"#.utf8))
        }
        #expect(throws: InkFormatError.self) {
            try RecordingJSON.strokes(from: Data(#"{"strokes":[{"points":[{"x":"one","y":2}]}]}"#.utf8))
        }
        #expect(throws: InkFormatError.self) { try RecordingJSON.strokes(from: Data("not json".utf8)) }
        #expect(throws: InkFormatError.self) { try RecordingJSON.strokes(from: Data(#"{"strokes":[{"points":[{"x":1,"y":2"#.utf8)) }
    }

    @Test func refusesFilesOverTheLimits() {
        var limits = InkFileLimits()
        limits.maximumSamples = 1
        #expect(throws: InkFormatError.self) {
            try RecordingJSON.strokes(from: Data(#"{"strokes":[{"points":[{"x":1,"y":2},{"x":1,"y":3}]}]}"#.utf8), limits: limits)
        }
    }

    /// A new, empty folder for a test's files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("freehand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporaryBehind() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ink.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ink.json"])
    }

    @Test func failedWriteLeavesTheOldFileIntact() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ink.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        // A folder where the new file should go makes the rename fail after the data was written.
        let blocked = folder.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: InkFormatError.self) { try AtomicFile.write(Data("new".utf8), to: blocked) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["blocked", "ink.json"])
    }
}

struct CentrelineJSONTests {
    @Test func writesOnePolylinePerStrokeThatReadsBackExactly() throws {
        let polylines: [[Point2D]] = [[Point2D(0.1, 1e-7), Point2D(-3, 1234567.891)], [], [Point2D(2.5, 0)]]
        let text = CentrelineJSON.string(for: polylines)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: [[String: [[Double]]]]]
        let read = object["strokes"]!.map { $0["points"]!.map { Point2D($0[0], $0[1]) } }
        #expect(read == polylines)
        #expect(text.hasSuffix("]}\n"))
    }
}

struct OutlineJSONTests {
    @Test func writesOnePolygonAndOpacityPerStrokeWithEmptyOnesKept() throws {
        let pieces: [OutlinePiece?] = [OutlinePiece(polygon: [Point2D(0, 0), Point2D(1, 0), Point2D(0, 1)], opacity: 0.5), nil]
        let text = OutlineJSON.string(for: pieces)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: [[String: Any]]]
        let strokes = object["strokes"]!
        #expect(strokes.count == 2)
        #expect((strokes[0]["outline"] as! [[Double]]) == [[0, 0], [1, 0], [0, 1]])
        #expect((strokes[0]["opacity"] as! Double) == 0.5)
        #expect((strokes[1]["outline"] as! [[Double]]).isEmpty)
    }

    @Test func aLongOutlineWrittenInPartsReadsBackAsItsPolygon() throws {
        // Past `JSONText.concurrentPairs` the pairs are formatted in two halves kept as parts of
        // their own (that the halves' text is the text written pair by pair: DecimalTextTests).
        let count = JSONText.concurrentPairs + 1001
        let polygon = (0..<count).map { Point2D(Double($0) * 0.37, sin(Double($0)) * 100.123456) }
        let pieces: [OutlinePiece?] = [OutlinePiece(polygon: [Point2D(1, 2)], opacity: 1), OutlinePiece(polygon: polygon, opacity: 0.25), nil]
        let parts = OutlineJSON.parts(for: pieces)
        #expect(parts.count > 2)
        let object = try JSONSerialization.jsonObject(with: Data(parts.joined())) as! [String: [[String: Any]]]
        let strokes = try #require(object["strokes"])
        #expect(strokes.count == 3)
        #expect((strokes[0]["outline"] as! [[Double]]) == [[1, 2]])
        // Read back by Foundation's parser, which need not round the last bit as Swift does.
        let read = (strokes[1]["outline"] as! [[Double]]).map { Point2D($0[0], $0[1]) }
        #expect(read.count == polygon.count)
        let largestError = zip(read, polygon).map { abs($0.x - $1.x) + abs($0.y - $1.y) }.max() ?? .infinity
        #expect(largestError < 1e-9)
        #expect((strokes[1]["opacity"] as! Double) == 0.25)
        #expect((strokes[2]["outline"] as! [[Double]]).isEmpty)
    }
}
