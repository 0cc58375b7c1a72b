import FreehandKit
import Foundation

/// W3C InkML (Ink Markup Language, W3C Recommendation 2011): import and export of traces.
///
/// Import reads the `<ink>` element anywhere in the document (so InkML inside another XML wrapper,
/// such as Wacom's `.paper`, opens too): the trace format's channels, their `resolution` channel
/// properties (values are divided by them), explicit and difference-coded values (`!`, `'`, `"`),
/// and maps X, Y (in the trace format's units), T (ms or s → seconds), F (÷ its `max` → 0…1 force),
/// OTx/OTy tilt (degrees, W3C Pointer Events conversion to altitude and azimuth) or OE/OA
/// (elevation and azimuth) onto samples. Pen-up (hover) traces are skipped.
/// Export writes X, Y, T, F, OE, OA — each channel that every sample of the drawing has.
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
        return Drawing(strokes: reader.strokes.map { StrokeRecord(samples: $0) })
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

    /// The InkML text of `drawing`.
    public static func data(for drawing: Drawing) -> Data {
        let samples = drawing.strokes.flatMap(\.samples)
        let all = !samples.isEmpty
        let hasTime = all && samples.allSatisfy { $0.timestamp != nil }
        let hasForce = all && samples.allSatisfy { $0.force != nil }
        let hasTilt = all && samples.allSatisfy { $0.altitude != nil && $0.azimuth != nil }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ink xmlns="http://www.w3.org/2003/InkML">
            <definitions>
            <context xml:id="ctx0">
            <inkSource xml:id="src0">
            <traceFormat>
            <channel name="X" type="decimal" units="pt"/>
            <channel name="Y" type="decimal" units="pt"/>

            """
        if hasTime { text += "<channel name=\"T\" type=\"decimal\" units=\"s\"/>\n" }
        if hasForce { text += "<channel name=\"F\" type=\"decimal\" min=\"0\" max=\"1\"/>\n" }
        if hasTilt { text += "<channel name=\"OE\" type=\"decimal\" units=\"rad\"/>\n<channel name=\"OA\" type=\"decimal\" units=\"rad\"/>\n" }
        text += "</traceFormat>\n</inkSource>\n</context>\n</definitions>\n"
        for stroke in drawing.strokes {
            let points = stroke.samples.map { sample -> String in
                var values = ["\(sample.location.x)", "\(sample.location.y)"]
                if hasTime { values.append("\(sample.timestamp!)") }
                if hasForce { values.append("\(sample.force!)") }
                if hasTilt { values += ["\(sample.altitude!)", "\(sample.azimuth!)"] }
                return values.joined(separator: " ")
            }
            text += "<trace contextRef=\"#ctx0\">" + points.joined(separator: ", ") + "</trace>\n"
        }
        text += "</ink>\n"
        return Data(text.utf8)
    }

    /// The W3C Pointer Events conversion of tilt angles (degrees) to altitude and azimuth (radians).
    static func altitudeAndAzimuth(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double) {
        let tx = tiltX * .pi / 180, ty = tiltY * .pi / 180
        var azimuth: Double
        if tiltX == 0 {
            azimuth = tiltY > 0 ? .pi / 2 : (tiltY < 0 ? 3 * .pi / 2 : 0)
        } else if tiltY == 0 {
            azimuth = tiltX < 0 ? .pi : 0
        } else if abs(tiltX) == 90 || abs(tiltY) == 90 {
            azimuth = 0
        } else {
            azimuth = atan2(tan(ty), tan(tx))
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
            altitude = atan(1 / (tan(tx) * tan(tx) + tan(ty) * tan(ty)).squareRoot())
        }
        return (altitude, azimuth)
    }
}
