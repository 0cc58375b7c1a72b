import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// FreehandKit JSON (and the recordings' layout it extends) read event by event with
/// `JSONPullReader`: the path for every file the fast scanner is not sure of (an escaped string, a
/// wrong type, a syntax error). Members no reader uses are skipped without being stored, so memory
/// follows the ink, not the file; errors name the JSON path of the offending value
/// (`at strokes[0].points[1].x: expected a number`).
enum InkJSONPullDecoding {
    /// The file in `data`; throws `InkFormatError` naming the first problem and where.
    static func file(from data: Data, limits: InkFileLimits) throws(InkFormatError) -> InkJSON.File {
        let outcome: Result<InkJSON.File, InkFormatError> = data.withUnsafeBytes { raw in
            var reader = JSONPullReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(InkFormatError) {
                let file = try self.file(&reader, limits: limits)
                guard try reader.next() == nil else { return .failure(reader.failure("more after the end of the value")) }
                return .success(file)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func file(_ reader: inout JSONPullReader, limits: InkFileLimits) throws(InkFormatError) -> InkJSON.File {
        guard try reader.next() == .beginObject else { throw .malformed("top level: expected an object") }
        var file = InkJSON.File(strokes: [])
        var sawStrokes = false
        var sampleCount = 0
        while case .key(let key)? = try reader.next() {
            let value = try reader.memberValue()
            switch String(decoding: key, as: UTF8.self) {
            case "version": file.version = try integer(value, reader, at: "at version")
            case "source": file.source = try reader.string(value, at: "at source")
            case "license": file.license = try reader.string(value, at: "at license")
            case "units": file.units = try reader.string(value, at: "at units")
            case "sample_rate_hz": file.sample_rate_hz = try reader.number(value, at: "at sample_rate_hz")
            case "strokes":
                guard value == .beginArray else { throw .malformed("at strokes: expected an array\(value == .null ? ", found null" : "")") }
                sawStrokes = true
                while let event = try reader.next(), event != .endArray {
                    let index = file.strokes.count
                    guard event == .beginObject else { throw .malformed("at strokes[\(index)]: expected an object") }
                    try limits.checkCounts(strokes: index + 1, samples: sampleCount)
                    file.strokes.append(try stroke(&reader, at: index, limits: limits, sampleCount: &sampleCount))
                }
            default: try reader.skip(value)
            }
        }
        guard sawStrokes else { throw .malformed("top level: missing \"strokes\"") }
        return file
    }

    private static func stroke(
        _ reader: inout JSONPullReader, at index: Int, limits: InkFileLimits, sampleCount: inout Int
    ) throws(InkFormatError) -> InkJSON.Stroke {
        var stroke = InkJSON.Stroke(points: [])
        var sawPoints = false
        let place = "at strokes[\(index)]"
        while case .key(let key)? = try reader.next() {
            let value = try reader.memberValue()
            let name = String(decoding: key, as: UTF8.self)
            switch name {
            case "preset": stroke.preset = try reader.string(value, at: "\(place).preset")
            case "technique": stroke.technique = try reader.string(value, at: "\(place).technique")
            case "alpha": stroke.alpha = try reader.number(value, at: "\(place).alpha")
            case "brush": stroke.brush = try reader.string(value, at: "\(place).brush")
            case "color": stroke.color = try reader.string(value, at: "\(place).color")
            case "stabilizer": stroke.stabilizer = try reader.string(value, at: "\(place).stabilizer")
            case "pointer":
                guard let text = try reader.string(value, at: "\(place).pointer") else { continue }
                guard let kind = PointerKind(rawValue: text) else {
                    throw .malformed("\(place).pointer: '\(text.prefix(64))' is not pen, finger or mouse")
                }
                stroke.pointer = kind
            case "taper":
                if value == .null { continue }
                guard value == .beginArray else { throw .malformed("\(place).taper: expected an array") }
                var lengths: [Double] = []
                while let element = try reader.next(), element != .endArray {
                    lengths.append(try reader.requiredNumber(element, at: "\(place).taper[\(lengths.count)]"))
                }
                stroke.taper = lengths
            case "brushOptions":
                if value == .null { continue }
                guard value == .beginObject else { throw .malformed("\(place).brushOptions: expected an object") }
                var options = InkJSON.Options()
                while case .key(let optionKey)? = try reader.next() {
                    let optionValue = try reader.memberValue()
                    let optionName = String(decoding: optionKey, as: UTF8.self)
                    let optionPlace = "\(place).brushOptions.\(optionName)"
                    switch optionName {
                    case "width": options.width = try reader.number(optionValue, at: optionPlace)
                    case "minWidth": options.minWidth = try reader.number(optionValue, at: optionPlace)
                    case "maxWidth": options.maxWidth = try reader.number(optionValue, at: optionPlace)
                    case "sensitivity": options.sensitivity = try reader.number(optionValue, at: optionPlace)
                    case "smoothing": options.smoothing = try reader.number(optionValue, at: optionPlace)
                    case "response": options.response = try reader.string(optionValue, at: optionPlace)
                    default: try reader.skip(optionValue)
                    }
                }
                stroke.brushOptions = options
            case "points":
                guard value == .beginArray else { throw .malformed("\(place).points: expected an array\(value == .null ? ", found null" : "")") }
                sawPoints = true
                while let element = try reader.next(), element != .endArray {
                    let pointPlace = "\(place).points[\(stroke.points.count)]"
                    guard element == .beginObject else { throw .malformed("\(pointPlace): expected an object") }
                    guard sampleCount < limits.maximumSamples else {
                        throw .limitExceeded("more than \(limits.maximumSamples) samples (maximumSamples)")
                    }
                    stroke.points.append(try point(&reader, at: pointPlace))
                    sampleCount += 1
                }
            default: try reader.skip(value)
            }
        }
        guard sawPoints else { throw .malformed("\(place): missing \"points\"") }
        return stroke
    }

    private static func point(_ reader: inout JSONPullReader, at place: String) throws(InkFormatError) -> RecordedPoint {
        var x: Double?, y: Double?
        var point = RecordedPoint(x: 0, y: 0)
        while case .key(let key)? = try reader.next() {
            let value = try reader.memberValue()
            let name = String(decoding: key, as: UTF8.self)
            switch name {
            case "x": x = try reader.requiredNumber(value, at: "\(place).x")
            case "y": y = try reader.requiredNumber(value, at: "\(place).y")
            case "t": point.t = try reader.number(value, at: "\(place).t")
            case "pressure": point.pressure = try reader.number(value, at: "\(place).pressure")
            case "altitude": point.altitude = try reader.number(value, at: "\(place).altitude")
            case "azimuth": point.azimuth = try reader.number(value, at: "\(place).azimuth")
            case "radius": point.radius = try reader.number(value, at: "\(place).radius")
            default: try reader.skip(value)
            }
        }
        guard let x else { throw .malformed("\(place): missing \"x\"") }
        guard let y else { throw .malformed("\(place): missing \"y\"") }
        point.x = x
        point.y = y
        return point
    }

    /// A whole number, or nil for null.
    private static func integer(_ value: JSONPullReader.Event, _ reader: JSONPullReader, at place: String) throws(InkFormatError) -> Int? {
        guard let number = try reader.number(value, at: place) else { return nil }
        guard let whole = Int(exactly: number) else { throw .malformed("\(place): expected a whole number") }
        return whole
    }
}
