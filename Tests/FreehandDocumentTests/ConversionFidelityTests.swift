import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// Every conversion gives back every value exactly, through every format that holds the field:
/// FreehandKit JSON, binary and InkML hold every channel and the pointer kind; signature_pad holds
/// x, y, time and pressure.
struct ConversionFidelityTests {
    static let sharedData = InkMLTests.sharedData
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FreehandKitTests/Fixtures")

    /// The recordings to convert: the bundled fixtures, and every converted recording of
    /// `../shared/data` when it is there.
    static var recordings: [URL] {
        var folders = [fixtures]
        if let sources = try? FileManager.default.contentsOfDirectory(atPath: sharedData.path) {
            folders += sources.sorted().map { sharedData.appendingPathComponent($0).appendingPathComponent("strokes") }
        }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
    }

    /// Each sample's fields that `format` holds.
    static func fields(_ sample: Sample, in format: InkFileFormat) -> [Double?] {
        let common: [Double?] = [sample.location.x, sample.location.y, sample.timestamp, sample.force]
        return format == .signaturePad ? common : common + [sample.altitude, sample.azimuth, sample.majorRadius]
    }

    /// A drawing with what the recordings lack: every pointer kind, gaps in every channel, readings
    /// of 5 and 17 significant digits, values beyond any pen's range.
    static let awkward = Drawing(strokes: [
        StrokeRecord(samples: [
            Sample(x: 1, y: 2, timestamp: 0.001, force: 0.12635, altitude: nil, azimuth: -0.5, majorRadius: 1e6, kind: .finger),
            Sample(x: 1.5, y: 2.25, timestamp: nil, force: nil, altitude: 1.5707963267948966, azimuth: nil, majorRadius: nil, kind: .finger),
            Sample(x: 0.1 + 0.2, y: 1.0 / 3, timestamp: 2.862, force: 7.25, altitude: 0.3, azimuth: 6.5, majorRadius: 3.5, kind: .finger),
        ]),
        StrokeRecord(samples: [Sample(x: -0.0, y: 1e-7, timestamp: 1e5, kind: .mouse), Sample(x: 3e8 + 0.125, y: -4, timestamp: 1e5 + 0.008, kind: .mouse)]),
        StrokeRecord(samples: [Sample(x: 5, y: 6, force: 0.5, kind: .pen)]),
    ])

    private func expectRoundTrip(_ original: Drawing, through format: InkFileFormat, name: String) throws {
        let loaded = try format.read(format.bytes(for: original))
        // signature_pad has no place for units: it holds the drawing in points, y down, exactly.
        let drawing = format == .signaturePad ? original.inPoints : original
        if format != .signaturePad { #expect(loaded.recording == original.recording, "\(name) → \(format.rawValue): recording") }
        try #require(loaded.strokes.count == drawing.strokes.count, "\(name) → \(format.rawValue): stroke count")
        for (strokeIndex, (original, read)) in zip(drawing.strokes, loaded.strokes).enumerated() {
            try #require(read.samples.count == original.samples.count, "\(name) → \(format.rawValue) stroke \(strokeIndex): sample count")
            if format != .signaturePad { #expect(read.pointer == original.pointer, "\(name) → \(format.rawValue) stroke \(strokeIndex)") }
            for (sampleIndex, (a, b)) in zip(original.samples, read.samples).enumerated() {
                let expected = Self.fields(a, in: format).map { $0?.bitPattern }, got = Self.fields(b, in: format).map { $0?.bitPattern }
                if expected != got {
                    Issue.record("\(name) → \(format.rawValue) stroke \(strokeIndex) sample \(sampleIndex): \(Self.fields(a, in: format)) came back as \(Self.fields(b, in: format))")
                    return
                }
            }
        }
    }

    @Test(arguments: [InkFileFormat.json, .binary, .inkml, .signaturePad])
    func everyRecordingComesBackExactly(through format: InkFileFormat) throws {
        let files = Self.recordings
        #expect(files.count >= 10)
        for file in files {
            let drawing = try InkJSON.drawing(from: Data(contentsOf: file))
            try expectRoundTrip(drawing, through: format, name: file.lastPathComponent)
        }
    }

    @Test(arguments: [InkFileFormat.json, .binary, .inkml, .signaturePad])
    func gapsPointerKindsAndOddReadingsComeBackExactly(through format: InkFileFormat) throws {
        try expectRoundTrip(Self.awkward, through: format, name: "awkward")
    }

    @Test func aRecordingsSourceLicenceUnitsAndRateSurviveJSONToJSON() throws {
        let text = #"{"source":"a tablet (x)","license":"MIT","units":"x,y: CSS px","sample_rate_hz":125,"strokes":[{"points":[{"x":1,"y":2}]}]}"#
        let drawing = try InkJSON.drawing(from: Data(text.utf8))
        #expect(drawing.recording == RecordingInfo(source: "a tablet (x)", license: "MIT", units: "x,y: CSS px", sampleRate: 125))
        let again = try InkJSON.drawing(from: InkJSON.data(for: drawing))
        #expect(again.recording == drawing.recording && again == drawing)
    }

    @Test func missingValuesStayMissingInEveryFormat() throws {
        for format in [InkFileFormat.json, .binary, .inkml] {
            let read = try format.read(format.bytes(for: Self.awkward)).strokes[0].samples
            #expect(read[1].timestamp == nil && read[1].force == nil && read[1].azimuth == nil && read[1].majorRadius == nil, "\(format)")
            #expect(read[0].altitude == nil, "\(format)")
        }
    }

    @Test func signaturePadRefusesValuesItCannotHoldInsteadOfWritingNothing() {
        let huge = Drawing(strokes: [StrokeRecord(samples: [Sample(x: 1, y: 2, timestamp: 1e306)])])
        #expect(throws: InkFormatError.self) { try SignaturePadJSON.data(for: huge) }
        let wide = Drawing(strokes: [StrokeRecord(samples: [Sample(x: 1, y: 2)], brush: "velocity", brushOptions: BrushOptions(minimumWidth: 1e308, maximumWidth: 1e308))])
        #expect(throws: InkFormatError.self) { try SignaturePadJSON.data(for: wide) }
    }

    @Test func binaryVersionOneFilesStillRead() throws {
        // "FHB" 1, one stroke: technique "freehand", brush "pressure", no options, black, pen, channels t,
        // two samples; multipliers x 100, y 100, t 10; residuals (x, y, t) = (1, 2, 0), (1, 0, 1).
        var bytes: [UInt8] = Array("FHB".utf8) + [1, 1]
        bytes += [8] + Array("freehand".utf8) + [8] + Array("pressure".utf8) + [0]
        bytes += [0, 0, 0, 255, 0, 1, 2, 100, 100, 10]
        bytes += [2, 4, 0, 2, 0, 2]
        let drawing = try BinaryInk.drawing(from: Data(bytes))
        #expect(drawing.strokes.first?.samples.map(\.location) == [Point2D(1, 2), Point2D(2, 2)])
        #expect(drawing.strokes.first?.samples.map(\.timestamp) == [0, 0.001])
    }

    @Test func strokeSettingsThatCannotDrawAreAnErrorNamingTheStrokeAndField() throws {
        for (field, json) in [
            ("technique", #"{"version":1,"strokes":[{"points":[{"x":1,"y":2}]},{"technique":"spline9","points":[{"x":1,"y":2}]}]}"#),
            ("width", #"{"version":1,"strokes":[{"points":[{"x":1,"y":2}]},{"brush":"constant","brushOptions":{"width":-3},"points":[{"x":1,"y":2}]}]}"#),
            ("alpha", #"{"version":1,"strokes":[{"points":[{"x":1,"y":2}]},{"technique":"catmull-rom","alpha":7,"points":[{"x":1,"y":2}]}]}"#),
        ] {
            do {
                _ = try InkJSON.drawing(from: Data(json.utf8))
                Issue.record("\(field): accepted")
            } catch {
                #expect(error.description.contains("stroke 1") && error.description.contains(field), "\(error.description)")
            }
        }
    }
}
