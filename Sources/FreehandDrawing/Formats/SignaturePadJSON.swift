import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// The JSON of signature_pad, the de-facto web signature component: an array of groups, one per
/// stroke, `{"penColor", "dotSize", "minWidth", "maxWidth", "velocityFilterWeight", "points":
/// [{"x", "y", "time", "pressure"}]}` with `time` in milliseconds.
///
/// Imported strokes get the `velocity` brush with the group's widths and filter weight (signature
/// style); exported strokes carry their colour, and widths from their brush settings.
public enum SignaturePadJSON {
    /// One group as read: its settings and samples.
    private struct Group {
        var penColor: RGBAColor = .black
        var minWidth: Double?
        var maxWidth: Double?
        var velocityFilterWeight: Double?
        var samples: [Sample] = []
        var sawPoints = false
    }

    /// The drawing in `data`; throws `InkFormatError` naming what is wrong and where.
    ///
    /// The text is walked event by event (`JSONPullReader`, held to RFC 8259): members it does not
    /// use are skipped without being stored, limits are checked as each stroke and point is read,
    /// and each time is moved from milliseconds to seconds on its decimal digits, so that the
    /// seconds a writer shifted come back bit for bit.
    public static func drawing(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Drawing {
        try limits.checkSize(of: data)
        let outcome: Result<[StrokeRecord], InkFormatError> = data.withUnsafeBytes { raw in
            var reader = JSONPullReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(InkFormatError) {
                return .success(try strokes(&reader, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        let drawing = Drawing(strokes: try outcome.get())
        try drawing.checkSettings()
        return drawing
    }

    private static func strokes(_ reader: inout JSONPullReader, limits: InkFileLimits) throws(InkFormatError) -> [StrokeRecord] {
        guard try reader.next() == .beginArray else { throw .malformed("top level: expected an array") }
        var strokes: [StrokeRecord] = []
        var sampleCount = 0
        while let event = try reader.next(), event != .endArray {
            let index = strokes.count
            guard event == .beginObject else { throw .malformed("at [\(index)]: expected an object") }
            try limits.checkCounts(strokes: index + 1, samples: sampleCount)
            let group = try self.group(&reader, at: index, limits: limits, samplesBefore: &sampleCount)
            let options = BrushOptions(
                minimumWidth: group.minWidth ?? 0.5, maximumWidth: group.maxWidth ?? 2.5, smoothing: group.velocityFilterWeight ?? 0.7)
            strokes.append(StrokeRecord(samples: group.samples, brush: "velocity", brushOptions: options, color: group.penColor))
        }
        _ = try reader.next()  // the end: nothing may follow
        return strokes
    }

    /// The members of group `index`, its opening brace read.
    private static func group(
        _ reader: inout JSONPullReader, at index: Int, limits: InkFileLimits, samplesBefore count: inout Int
    ) throws(InkFormatError) -> Group {
        var group = Group()
        while case .key(let key)? = try reader.next() {
            let value = try reader.memberValue()
            let place = "at [\(index)].\(String(decoding: key, as: UTF8.self))"
            switch String(decoding: key, as: UTF8.self) {
            case "penColor":
                guard let name = try reader.string(value, at: place) else { continue }
                guard let color = RGBAColor(parsing: name) else { throw .invalidValue("[\(index)].penColor: '\(name)' is not a colour") }
                group.penColor = color
            case "minWidth": group.minWidth = try reader.number(value, at: place)
            case "maxWidth": group.maxWidth = try reader.number(value, at: place)
            case "velocityFilterWeight": group.velocityFilterWeight = try reader.number(value, at: place)
            case "dotSize": _ = try reader.number(value, at: place)
            case "compositeOperation": _ = try reader.string(value, at: place)
            case "points":
                guard value == .beginArray else { throw .malformed("\(place): expected an array") }
                group.sawPoints = true
                while let element = try reader.next(), element != .endArray {
                    let pointPlace = "[\(index)].points[\(group.samples.count)]"
                    guard element == .beginObject else { throw .malformed("at \(pointPlace): expected an object") }
                    guard count < limits.maximumSamples else {
                        throw .limitExceeded("more than \(limits.maximumSamples) samples (maximumSamples)")
                    }
                    let sample = try point(&reader, at: pointPlace)
                    try limits.checkCoordinate(x: sample.location.x, y: sample.location.y, at: pointPlace)
                    group.samples.append(sample)
                    count += 1
                }
            default:
                try reader.skip(value)
            }
        }
        guard group.sawPoints else { throw .malformed("at [\(index)]: missing \"points\"") }
        return group
    }

    /// One point's members, its opening brace read.
    private static func point(_ reader: inout JSONPullReader, at place: String) throws(InkFormatError) -> Sample {
        var x: Double?, y: Double?, time: Double?, pressure: Double?
        while case .key(let key)? = try reader.next() {
            let value = try reader.memberValue()
            switch String(decoding: key, as: UTF8.self) {
            case "x": x = try reader.requiredNumber(value, at: "at \(place).x")
            case "y": y = try reader.requiredNumber(value, at: "at \(place).y")
            case "pressure": pressure = try reader.number(value, at: "at \(place).pressure")
            case "time":
                // Milliseconds to seconds on the decimal digits.
                if value == .null { continue }
                guard case .number(let range) = value else { throw .malformed("at \(place).time: expected a number") }
                time = Double(DecimalShift.shiftedText(reader.text(of: range), by: -3))
            default:
                try reader.skip(value)
            }
        }
        guard let x else { throw .malformed("at \(place): missing \"x\"") }
        guard let y else { throw .malformed("at \(place): missing \"y\"") }
        return Sample(x: x, y: y, timestamp: time, force: pressure)
    }

    /// The signature_pad JSON of `drawing` (times in milliseconds, shifted on their decimal digits
    /// so that they read back exactly). Throws `InkFormatError.invalidValue` naming the stroke and
    /// the sample when a value is not finite in signature_pad's units (a timestamp of 10³⁰⁶ s
    /// overflows as milliseconds): an empty file never stands in for ink. signature_pad has no
    /// place for units: a drawing in other units than points (tablet counts, millimetres, y up) is
    /// written converted to points, y down (`Drawing.inPoints`), so that it reads back at its size
    /// and the right way up.
    public static func data(for original: Drawing) throws(InkFormatError) -> Data {
        let drawing = original.inPoints
        var json = JSONText(capacity: 48 * drawing.sampleCount + 256)
        json.append("[")
        for (index, stroke) in drawing.strokes.enumerated() {
            let options = stroke.brushOptions
            let minimum = options.minimumWidth ?? options.width ?? 0.5
            let maximum = options.maximumWidth ?? options.width ?? 2.5
            let smoothing = options.smoothing ?? 0.7
            for (name, value) in [("minWidth", minimum), ("maxWidth", maximum), ("dotSize", (minimum + maximum) / 2), ("velocityFilterWeight", smoothing)]
            where !value.isFinite {
                throw .invalidValue("stroke \(index): \(name) is not finite")
            }
            let color = stroke.color
            // Alpha to three places: enough to name its byte, which is all a stroke holds.
            let penColor = color.alpha >= 1 ? color.cssText
                : "rgba(\(Int((color.red * 255).rounded())), \(Int((color.green * 255).rounded())), \(Int((color.blue * 255).rounded())), "
                    + "\((color.alpha * 1000).rounded() / 1000))"
            if index > 0 { json.append(",") }
            json.append("{\"compositeOperation\":\"source-over\",\"dotSize\":")
            json.append((minimum + maximum) / 2)
            json.append(",\"maxWidth\":")
            json.append(maximum)
            json.append(",\"minWidth\":")
            json.append(minimum)
            json.append(",\"penColor\":")
            json.appendQuoted(penColor)
            json.append(",\"points\":[")
            for (pointIndex, sample) in stroke.samples.enumerated() {
                // Seconds to milliseconds on the decimal digits: read back, they are the seconds.
                let time = sample.timestamp.map { DecimalShift.shiftedText("\($0)", by: 3) }
                for (name, value) in [("x", sample.location.x), ("y", sample.location.y), ("time (ms)", time.flatMap { Double($0) }), ("pressure", sample.force)]
                where value?.isFinite == false {
                    throw .invalidValue("stroke \(index) sample \(pointIndex): \(name) is not finite in signature_pad's units")
                }
                json.append(pointIndex > 0 ? ",{" : "{")
                if let force = sample.force {
                    json.append("\"pressure\":")
                    json.append(force)
                    json.append(",")
                }
                if let time {
                    json.append("\"time\":")
                    json.write(time)
                    json.append(",")
                }
                json.append("\"x\":")
                json.append(sample.location.x)
                json.append(",\"y\":")
                json.append(sample.location.y)
                json.append("}")
            }
            json.append("],\"velocityFilterWeight\":")
            json.append(smoothing)
            json.append("}")
        }
        json.append("]")
        return Data(json.bytes)
    }
}
