import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// W3C InkML (Ink Markup Language, W3C Recommendation 2011): import and export of traces.
///
/// Import reads the `<ink>` element anywhere in the document (so InkML inside another XML wrapper,
/// such as Wacom's `.paper`, opens too): the trace format's channels, their `resolution` channel
/// properties (values are divided by them), explicit and difference-coded values (`!`, `'`, `"`),
/// and maps X, Y (in the trace format's units), T (ms or s → seconds), F (÷ its `max` → 0…1 force),
/// OTx/OTy tilt (degrees, W3C Pointer Events conversion to altitude and azimuth) or OE/OA
/// (elevation and azimuth) onto samples. Pen-up (hover) traces are skipped.
/// Traces name their context (`contextRef`); a context's ink source `description` of `pen`,
/// `finger` (or `touch`) or `mouse` gives the strokes' pointer kind. Intermittent channels may be
/// `?` (no value) or `*` (the value before). Export: see `data(for:)`.
public enum InkML {
    /// The drawing in the InkML `data`; throws `InkFormatError` naming what is wrong.
    public static func drawing(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Drawing {
        try limits.checkSize(of: data)
        // InkML files are UTF-8; other encodings are refused with this error.
        let bytes = Array(data)
        guard isValidUTF8(bytes) else { throw .malformed("not UTF-8 text") }
        var scanner = XMLScanner(bytes: bytes, maximumDepth: limits.maximumDepth)
        var reader = InkMLReader(limits: limits)
        try reader.read(&scanner)
        guard reader.sawInk else { throw .malformed("no InkML <ink> element") }
        return Drawing(strokes: reader.strokes.map { StrokeRecord(samples: $0, pointer: $0.first?.kind ?? .pen) }, recording: reader.recording)
    }

    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The InkML text of `drawing`. Each stroke names a context whose trace format holds X and Y
    /// and each channel some sample of the stroke has — T (seconds), F (0…1), OE and OA (radians),
    /// RADIUS (the contact's major radius, points; an application channel) — channels some samples
    /// lack being intermittent, written `?` where a sample has no value. The context's ink source
    /// names the pointer kind in its `description` (`pen`, `finger` or `mouse`). Numbers are written
    /// in their shortest form that reads back exactly. Throws `InkFormatError.invalidValue` when the
    /// recording's description holds a character XML cannot hold (a control character such as
    /// U+0000): an InkML file never carries changed text.
    public static func data(for drawing: Drawing) throws(InkFormatError) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ink xmlns="http://www.w3.org/2003/InkML">

            """
        // What the recording says about itself, as annotations the reader takes back; positions
        // are labelled points only when the recording names no units of its own.
        let info = drawing.recording
        let annotations: [(String, String?)] = [
            ("source", info.source), ("license", info.license), ("units", info.units), ("sampleRate", info.sampleRate.map { "\($0)" }),
        ]
        for case let (type, value?) in annotations {
            if let scalar = XMLText.firstUnwritable(in: value) {
                throw .invalidValue("the recording's \(type) holds U+\(String(scalar.value, radix: 16, uppercase: true)), which XML cannot hold")
            }
            text += "<annotation type=\"\(type)\">\(XMLText.escaped(value))</annotation>\n"
        }
        let positionUnits = info.units == nil ? " units=\"pt\"" : ""
        var contexts: [String: String] = [:]
        for stroke in drawing.strokes {
            let samples = stroke.samples.unpacked
            let channels = ExportChannel.allCases.filter { channel in samples.contains { channel.value(of: $0) != nil } }
            let regular = channels.filter { channel in samples.allSatisfy { channel.value(of: $0) != nil } }
            let intermittent = channels.filter { !regular.contains($0) }
            let key = "\(stroke.pointer.rawValue) " + regular.map { $0.rawValue }.joined(separator: ",") + ";" + intermittent.map { $0.rawValue }.joined(separator: ",")
            let id: String
            if let known = contexts[key] {
                id = known
            } else {
                id = "ctx\(contexts.count)"
                contexts[key] = id
                text += "<context xml:id=\"\(id)\">\n<inkSource xml:id=\"src\(contexts.count - 1)\" description=\"\(stroke.pointer.rawValue)\">\n<traceFormat>\n"
                text += "<channel name=\"X\" type=\"decimal\"\(positionUnits)/>\n<channel name=\"Y\" type=\"decimal\"\(positionUnits)/>\n"
                for channel in regular { text += channel.declaration + "\n" }
                if !intermittent.isEmpty {
                    text += "<intermittentChannels>\n"
                    for channel in intermittent { text += channel.declaration + "\n" }
                    text += "</intermittentChannels>\n"
                }
                text += "</traceFormat>\n</inkSource>\n</context>\n"
            }
            let points = samples.map { sample -> String in
                var values = ["\(sample.location.x)", "\(sample.location.y)"]
                for channel in regular + intermittent { values.append(channel.value(of: sample).map { "\($0)" } ?? "?") }
                return values.joined(separator: " ")
            }
            text += "<trace contextRef=\"#\(id)\">" + points.joined(separator: ", ") + "</trace>\n"
        }
        text += "</ink>\n"
        return Data(text.utf8)
    }

    /// The optional channels export writes, in trace-format order.
    enum ExportChannel: String, CaseIterable {
        case time = "T", force = "F", altitude = "OE", azimuth = "OA", radius = "RADIUS"

        var declaration: String {
            switch self {
            case .time: return "<channel name=\"T\" type=\"decimal\" units=\"s\"/>"
            case .force: return "<channel name=\"F\" type=\"decimal\" min=\"0\" max=\"1\"/>"
            case .altitude: return "<channel name=\"OE\" type=\"decimal\" units=\"rad\"/>"
            case .azimuth: return "<channel name=\"OA\" type=\"decimal\" units=\"rad\"/>"
            case .radius: return "<channel name=\"RADIUS\" type=\"decimal\" units=\"pt\"/>"
            }
        }

        func value(of sample: Sample) -> Double? {
            let value: Double?
            switch self {
            case .time: value = sample.timestamp
            case .force: value = sample.force
            case .altitude: value = sample.altitude
            case .azimuth: value = sample.azimuth
            case .radius: value = sample.majorRadius
            }
            return value.flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// The W3C Pointer Events conversion of tilt angles (degrees) to altitude and azimuth (radians).
    static func altitudeAndAzimuth(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double) {
        let tx = tiltX * .pi / 180, ty = tiltY * .pi / 180
        // Both angles' tangents, where neither tilt is 0 or ±90° (the one case that reads them).
        let general = tiltX != 0 && tiltY != 0 && abs(tiltX) != 90 && abs(tiltY) != 90
        let (x, y) = general ? (PortableMath.tan(tx), PortableMath.tan(ty)) : (0, 0)
        var azimuth: Double
        if tiltX == 0 {
            azimuth = tiltY > 0 ? .pi / 2 : (tiltY < 0 ? 3 * .pi / 2 : 0)
        } else if tiltY == 0 {
            azimuth = tiltX < 0 ? .pi : 0
        } else if abs(tiltX) == 90 || abs(tiltY) == 90 {
            azimuth = 0
        } else {
            azimuth = PortableMath.atan2(y, x)
            if azimuth < 0 { azimuth += 2 * .pi }
        }
        let altitude: Double
        if abs(tiltX) == 90 || abs(tiltY) == 90 {
            altitude = 0
        } else if tiltX == 0 {
            altitude = .pi / 2 - abs(ty)
        } else if tiltY == 0 {
            altitude = .pi / 2 - abs(tx)
        } else {
            altitude = PortableMath.atan(1 / (x * x + y * y).squareRoot())
        }
        return (altitude, azimuth)
    }
}
