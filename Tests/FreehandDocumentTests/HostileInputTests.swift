import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// Every reader answers hostile input — oversized, truncated, deeply nested, wrongly typed, huge
/// coordinates or counts — with a typed error; a limit that is passed is named in the error.
struct HostileInputTests {
    /// The readers, by name, each as a function of bytes and limits.
    static let readers: [String: @Sendable (Data, InkFileLimits) throws(InkFormatError) -> Int] = [
        "json": { data, limits throws(InkFormatError) in try InkJSON.drawing(from: data, limits: limits).strokes.count },
        "recording": { data, limits throws(InkFormatError) in try RecordingJSON.strokes(from: data, limits: limits).count },
        "binary": { data, limits throws(InkFormatError) in try BinaryInk.drawing(from: data, limits: limits).strokes.count },
        "inkml": { data, limits throws(InkFormatError) in try InkML.drawing(from: data, limits: limits).strokes.count },
        "signature-pad": { data, limits throws(InkFormatError) in try SignaturePadJSON.drawing(from: data, limits: limits).strokes.count },
    ]

    /// A drawing of two strokes, three samples in all, one of them at x = 500.
    static let drawing = Drawing(strokes: [
        StrokeRecord(samples: [Sample(x: 1, y: 2, timestamp: 0, force: 0.5), Sample(x: 500, y: 3, timestamp: 0.01, force: 0.5)]),
        StrokeRecord(samples: [Sample(x: 7, y: 8, timestamp: 0.02, force: 0.5)]),
    ])

    /// `drawing` in the format the reader named `name` reads.
    static func file(for name: String) throws -> Data {
        switch name {
        case "json", "recording": try InkJSON.data(for: drawing)
        case "binary": BinaryInk.data(for: drawing)
        case "inkml": try InkML.data(for: drawing)
        default: try SignaturePadJSON.data(for: drawing)
        }
    }

    private func error(reading data: Data, with name: String, limits: InkFileLimits = InkFileLimits()) -> InkFormatError? {
        do {
            _ = try Self.readers[name]!(data, limits)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: readers.keys.sorted())
    func theUntouchedFileReads(name: String) throws {
        #expect(try Self.readers[name]!(Self.file(for: name), InkFileLimits()) == 2)
    }

    @Test(arguments: readers.keys.sorted())
    func everyLimitPassedIsNamed(name: String) throws {
        let data = try Self.file(for: name)
        var limits = InkFileLimits()
        limits.maximumBytes = data.count - 1
        #expect(error(reading: data, with: name, limits: limits)?.description.contains("maximumBytes") == true)
        limits = InkFileLimits()
        limits.maximumStrokes = 1
        #expect(error(reading: data, with: name, limits: limits)?.description.contains("maximumStrokes") == true)
        limits = InkFileLimits()
        limits.maximumSamples = 2
        #expect(error(reading: data, with: name, limits: limits)?.description.contains("maximumSamples") == true)
        limits = InkFileLimits()
        limits.maximumCoordinate = 100
        #expect(error(reading: data, with: name, limits: limits)?.description.contains("maximumCoordinate") == true)
    }

    @Test(arguments: readers.keys.sorted())
    func everyTruncationIsAnError(name: String) throws {
        let data = try Self.file(for: name)
        // Cutting off the closing bytes of a text format only loses white space: cut inside the content.
        let trailing = data.reversed().prefix { $0 == 0x0A || $0 == 0x20 }.count
        for length in stride(from: 0, to: data.count - trailing, by: max(1, data.count / 97)) {
            #expect(error(reading: data.prefix(length), with: name) != nil, "\(name) accepted the first \(length) of \(data.count) bytes")
        }
    }

    @Test(arguments: readers.keys.sorted())
    func deepNestingIsAnErrorNotAStackOverflow(name: String) {
        let depth = 100_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var texts = [name == "inkml"
            ? "<ink>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</ink>"
            : nested]
        // Deep inside a well-formed file, as the value of a key no reader knows (the fuzzer found
        // the first: the JSON scanner skipped such values recursively, without a bound).
        if name == "json" || name == "recording" {
            texts += [
                #"{"strokes":[],"extra":\#(nested)}"#, #"{"strokes":[{"points":[],"extra":\#(nested)}]}"#,
                #"{"strokes":[{"points":[{"x":1,"y":2,"extra":\#(nested)}]}]}"#,
            ]
        } else if name == "signature-pad" {
            texts += [#"[{"points":[],"extra":\#(nested)}]"#, #"[{"points":[{"x":1,"y":2,"time":0,"extra":\#(nested)}]}]"#]
        }
        for text in texts {
            #expect(error(reading: Data(text.utf8), with: name) != nil, "\(name): \(text.prefix(60))")
        }
    }

    @Test(arguments: ["json", "recording", "signature-pad"])
    func wrongTypesAndNonNumbersAreErrors(name: String) {
        let wrapped = { (points: String) in
            name == "signature-pad" ? #"[{"points":\#(points)}]"# : #"{"strokes":[{"points":\#(points)}]}"#
        }
        for points in [#"[{"x":"1","y":2}]"#, #"[{"x":1}]"#, #"[{"x":NaN,"y":2}]"#, #"[{"x":1e999,"y":2}]"#, #"{"x":1,"y":2}"#, "7"] {
            #expect(error(reading: Data(wrapped(points).utf8), with: name) != nil, "\(name) accepted \(points)")
        }
    }

    @Test func aBinaryFileClaimingBillionsOfSamplesFailsBeforeAllocating() {
        // Signature, version 1, one stroke, empty names, no options, black, pen, no channels, 2⁶² samples.
        var bytes: [UInt8] = Array("FHB".utf8) + [1, 1, 0, 0, 0, 0, 0, 0, 255, 0, 0]
        bytes += [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        #expect(error(reading: Data(bytes), with: "binary")?.description.contains("maximumSamples") == true)
    }

    @Test func aSettingThatIsNoFiniteNumberIsRefusedByEveryReaderAndTheJSONWriter() throws {
        // 1e999 reads as infinity: refused even for a setting the stroke's brush does not read.
        for text in [
            #"{"strokes":[{"technique":"linear","alpha":1e999,"points":[{"x":1,"y":2},{"x":3,"y":4}]}]}"#,
            #"{"strokes":[{"brush":"constant","brushOptions":{"sensitivity":1e999},"points":[{"x":1,"y":2}]}]}"#,
            #"{"strokes":[{"taper":[1e999,0],"points":[{"x":1,"y":2}]}]}"#,
        ] {
            #expect(throws: InkFormatError.self, "\(text)") { try InkJSON.drawing(from: Data(text.utf8)) }
            #expect(throws: InkFormatError.self, "\(text)") { try InkJSON.strokesInPoints(from: Data(text.utf8)) }
        }
        var stroke = StrokeRecord(samples: [Sample(x: 1, y: 2), Sample(x: 3, y: 4)])
        stroke.brushOptions.smoothing = .infinity
        #expect(throws: InkFormatError.self) { try InkJSON.data(for: Drawing(strokes: [stroke])) }
        #expect(throws: InkFormatError.self) { try BinaryInk.drawing(from: BinaryInk.data(for: Drawing(strokes: [stroke]))) }
    }

    @Test func aByteOrderMarkIsSkippedWhenTellingTheFormatFromAFileOrStandardInput() throws {
        let signature = Data([0xEF, 0xBB, 0xBF] + Array(#"[{"points":[{"x":10,"y":40,"time":0},{"x":60,"y":20,"time":16}]}]"#.utf8))
        #expect(InkFileFormat.sniffJSON(signature) == .signaturePad)
        #expect(InkFileFormat.sniff(signature) == .signaturePad)
        #expect(try InkFileFormat.sniffJSON(signature).read(signature).strokes.count == 1)
        let ink = Data([0xEF, 0xBB, 0xBF] + Array(#"{"strokes":[]}"#.utf8))
        #expect(InkFileFormat.sniffJSON(ink) == .json && InkFileFormat.sniff(ink) == .json)
        #expect(InkFileFormat.sniff(Data([0xEF, 0xBB, 0x7B])) == nil, "only a whole mark is skipped")
    }

    @Test func anInkMLTraceFormatOfManyChannelsIsRefusedAtTheLimit() throws {
        let channels = (0..<65).map { #"<channel name="\#($0 == 0 ? "X" : $0 == 1 ? "Y" : "C\($0)")" type="decimal"/>"# }.joined()
        let text = #"<ink xmlns="http://www.w3.org/2003/InkML"><traceFormat>"# + channels + "</traceFormat><trace>1 2</trace></ink>"
        #expect(throws: InkFormatError.self) { try InkML.drawing(from: Data(text.utf8)) }
        var limits = InkFileLimits()
        limits.maximumChannels = 65
        #expect(try InkML.drawing(from: Data(text.utf8), limits: limits).strokes.count == 1)
    }

    @Test func anInkMLPointWithoutAnXOrAYIsAnErrorNotAPointAtZero() {
        for trace in [
            #"<trace>10 20, 30</trace>"#,
            #"<traceFormat><channel name="F" type="decimal"/></traceFormat><trace>0.5, 0.6</trace>"#,
        ] {
            let text = #"<ink xmlns="http://www.w3.org/2003/InkML">"# + trace + "</ink>"
            #expect(throws: InkFormatError.self, "\(trace)") { try InkML.drawing(from: Data(text.utf8)) }
        }
    }
}
