@testable import FreehandDocument
@testable import FreehandDrawing
import FreehandKit
import Foundation
import Testing

/// Long strokes of FreehandKit JSON are outlined on a second thread while the file is being read;
/// the outlines must be exactly those of the samples the finished read gives, whatever the file
/// says after the points (units that scale or mirror, the pointer kind) and however the read ends.
struct ReadAheadOutlineTests {
    /// The fixture recordings' strokes joined into one stroke of 40,000 samples, each continuing
    /// where the one before ends.
    static let longStroke: [Sample] = {
        let strokes = ConversionFidelityTests.recordings.prefix(12).flatMap { url in
            ((try? Data(contentsOf: url)).flatMap { try? InkJSON.strokesInPoints(from: $0) } ?? []).filter { $0.count > 1 }
        }
        var result: [Sample] = []
        var offset = Point2D.zero, time = 0.0
        while result.count < 40_000, !strokes.isEmpty {
            for stroke in strokes where result.count < 40_000 {
                let shift = offset - stroke[0].location, start = stroke[0].timestamp ?? 0
                for sample in stroke {
                    var moved = sample
                    moved.location += shift
                    moved.timestamp = sample.timestamp.map { $0 - start + time }
                    result.append(moved)
                }
                offset = result[result.count - 1].location + Point2D(3, 1)
                time = (result[result.count - 1].timestamp ?? time) + 0.01
            }
        }
        return result
    }()

    /// A FreehandKit JSON file of `strokes`, with `extra` members written after the strokes.
    static func file(_ strokes: [[Sample]], strokeFields: String = "", extra: String = "") -> Data {
        var text = "{\"strokes\":["
        for (index, stroke) in strokes.enumerated() {
            if index > 0 { text += "," }
            text += "{\"points\":["
            text += stroke.map { sample in
                var point = "{\"x\":\(sample.location.x),\"y\":\(sample.location.y)"
                if let t = sample.timestamp { point += ",\"t\":\(t)" }
                if let force = sample.force { point += ",\"pressure\":\(force)" }
                return point + "}"
            }.joined(separator: ",")
            text += "]\(strokeFields)}"
        }
        return Data((text + "]\(extra)}").utf8)
    }

    /// The outlines the long way: the samples read first, then outlined.
    static func expected(_ data: Data, style: InkStyle) throws -> [OutlinePiece?] {
        InkStroke.outlines(for: try InkJSON.strokesInPoints(from: data), style: style, maximumThreads: 1)
    }

    @Test func runDigestsTellApartWhatEqualityTellsApart() {
        let samples = Array(Self.longStroke.prefix(1000))
        let runs = [SampleRunDigest(samples[..<400]), SampleRunDigest(samples[400...])]
        #expect(SampleRunDigest.samples(samples, areThe: runs))
        var changed = samples
        changed[700].location.x += 0.5
        #expect(!SampleRunDigest.samples(changed, areThe: runs))
        #expect(!SampleRunDigest.samples(Array(samples.dropLast()), areThe: runs))
        #expect(!SampleRunDigest.samples(samples, areThe: runs.reversed()))
        // −0 and +0 are the same reading to `==`, and so to the digest.
        var positive = samples, negative = samples
        positive[0].location = Point2D(0, samples[0].location.y)
        negative[0].location = Point2D(-0.0, samples[0].location.y)
        #expect(negative == positive)
        #expect(SampleRunDigest.samples(negative, areThe: [SampleRunDigest(positive)]))
    }

    @Test func theLongStrokeIsLongEnoughToBeReadAhead() {
        #expect(Self.longStroke.count >= 2 * InkJSONScanner.longStrokePoints)
    }

    @Test func runsHandedOutAreTheLongStrokesSamplesInOrder() throws {
        let short = Array(Self.longStroke.prefix(500))
        let data = Self.file([short, Self.longStroke, short])
        var runs: [(Int, [Sample], Bool)] = []
        let strokes = try InkJSON.strokesInPoints(from: data, limits: InkFileLimits(), readAhead: { runs.append(($0, $1, $2)); #expect($3 >= $1.count) })
        let same = try strokes == InkJSON.strokesInPoints(from: data)
        #expect(same)
        #expect(runs.allSatisfy { $0.0 == 1 } && runs.count > 2)
        #expect(runs.dropLast().allSatisfy { !$0.2 } && runs.last?.2 == true)
        let handedOut = runs.flatMap(\.1) == strokes[1]
        #expect(handedOut)
    }

    /// What the file says after the points, and how many outlines made while reading survive it:
    /// none where the samples read in the end differ (scaled, mirrored, or a finger's).
    @Test(arguments: [
        ("", "", 1), ("", ",\"units\":\"x,y: Wacom Intuos tablet units (y axis points UP)\"", 0), (",\"pointer\":\"finger\"", "", 0),
        ("", ",\"units\":\"millimetres\"", 0), ("", ",\"units\":\"css px\"", 1),
    ])
    func outlinesMadeWhileReadingAreTheOutlinesOfTheSamplesRead(strokeFields: String, extra: String, kept: Int) throws {
        let style = try InkStyle(brush: PressureBrush(), taper: Taper(startLength: 8, endLength: 12))
        let data = Self.file([Array(Self.longStroke.prefix(300)), Self.longStroke], strokeFields: strokeFields, extra: extra)
        let (outlines, readAhead) = try InkFileFormat.outlinesReadingAhead(data, technique: FreehandTechnique.standard, style: style, limits: InkFileLimits())
        let same = try outlines == Self.expected(data, style: style)
        #expect(same)
        #expect(readAhead == kept)
        #expect(try InkFileFormat.json.outlines(data, style: style) == outlines)
        #expect(outlines.count == 2 && outlines.allSatisfy { $0 != nil })
    }

    @Test func aFileThatFailsAfterALongStrokeIsTheSameErrorAndTheWorkerStops() throws {
        let data = Self.file([Self.longStroke], extra: ",\"version\":7")
        #expect(throws: InkFormatError.self) { try InkFileFormat.json.outlines(data) }
        // Syntax the scanner leaves to the decoder after a long stroke's runs were handed out.
        let broken = Self.file([Self.longStroke, [Sample(location: Point2D(1, 2))]]).dropLast(3) + Data("]".utf8)
        #expect(throws: InkFormatError.self) { try InkFileFormat.json.outlines(Data(broken)) }
    }

    @Test func otherFormatsAreOutlinedAfterReading() throws {
        let drawing = Drawing(strokes: [StrokeRecord(samples: Array(Self.longStroke.prefix(20_000)))])
        let binary = BinaryInk.data(for: drawing)
        let outlines = try InkFileFormat.binary.outlines(binary)
        let same = try outlines == InkStroke.outlines(for: InkFileFormat.binary.strokesInPoints(binary))
        #expect(same && outlines.count == 1)
    }

    /// Each stroke drawn in its own saved look, read ahead or not: the same outlines as the
    /// records' own techniques and styles, in both formats that save looks; a look function
    /// overrides them.
    @Test(arguments: [InkFileFormat.json, .binary])
    func outlinesByLookDrawEachStrokeInItsSavedLook(format: InkFileFormat) throws {
        let long = Array(Self.longStroke.prefix(3 * InkJSONScanner.longStrokePoints))
        let drawing = Drawing(strokes: [
            StrokeRecord(samples: long),
            StrokeRecord(samples: long, brush: "velocity", taperStart: 6, taperEnd: 9),
            StrokeRecord(samples: Array(long.prefix(40)), technique: "linear", brush: "constant", brushOptions: BrushOptions(width: 10)),
        ])
        let data = try format.bytes(for: drawing)
        let records = try format.read(data).inPoints.strokes
        let saved = try InkStroke.outlines(for: records.map { record in
            InkStroke.BatchStroke(samples: record.samples.unpacked, technique: try record.makeTechnique(), style: try record.makeStyle())
        })
        let outlines = try format.outlines(data) { look throws(InkFormatError) in
            do { return (try look.makeTechnique(), try look.makeStyle()) } catch { throw .invalidValue("\(error)") }
        }
        #expect(outlines == saved)
        #expect(outlines[0] != outlines[1])
        // The constant brush's saved 10 pt, made 4 pt by the caller.
        let narrow = try format.outlines(data) { look throws(InkFormatError) in
            var changed = look
            if changed.brush == "constant" { changed.brushOptions.width = 4 }
            do { return (try changed.makeTechnique(), try changed.makeStyle()) } catch { throw .invalidValue("\(error)") }
        }
        let heights = [outlines[2], narrow[2]].map { piece in
            piece.map { outline in outline.polygon.map(\.y).max()! - outline.polygon.map(\.y).min()! } ?? 0
        }
        #expect(narrow[0] == saved[0] && narrow[1] == saved[1])
        #expect(heights[0] > heights[1])
    }
}
