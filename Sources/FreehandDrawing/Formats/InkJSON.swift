import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// FreehandKit's own JSON: the layout of the shared recordings (so every recording opens as a
/// drawing) with a `version` and each stroke's technique, brush, colour and pointer.
///
/// ```json
/// {"version":1,"strokes":[{"technique":"freehand","alpha":0.15,"brush":"pressure",
///   "brushOptions":{"sensitivity":6},"taper":[0,12],"color":"#000000ff","pointer":"pen",
///   "points":[{"x":1.5,"y":2,"t":0.01,"pressure":0.4,"altitude":1.1,"azimuth":0.3,"radius":9}]}]}
/// ```
/// Every stroke field but `points` is optional (defaults: `freehand`, `pressure`, black, pen).
/// A stroke may name an `InkPreset` instead (`"preset":"signature"`): its technique, brush, brush
/// options and taper, each overridden by the fields the stroke also gives (written out in full). A
/// file without `version` is version 1; a newer version is refused with a clear error. Numbers are
/// written in their shortest exact form, so `load(save(x)) == x`.
public enum InkJSON {
    /// The version this code writes and the newest it reads.
    public static let version = 1

    struct File: Equatable {
        var version: Int?
        var source: String?
        var license: String?
        var units: String?
        var sample_rate_hz: Double?
        var strokes: [Stroke]
    }

    struct Stroke: Equatable {
        var points: [RecordedPoint]
        var preset: String?
        var technique: String?
        var alpha: Double?
        var brush: String?
        var brushOptions: Options?
        var taper: [Double]?
        var color: String?
        var pointer: PointerKind?
        var stabilizer: String?
    }

    struct Options: Equatable {
        var width, minWidth, maxWidth, sensitivity, smoothing: Double?
        var response: String?
    }


    /// The drawing in `data`; throws `InkFormatError` naming what is wrong and where.
    public static func drawing(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Drawing {
        let file = try decoded(data, limits: limits)
        var strokes: [StrokeRecord] = []
        strokes.reserveCapacity(file.strokes.count)
        for (index, stroke) in file.strokes.enumerated() {
            let samples = try RecordedPoint.samples(stroke.points, stroke: index, kind: stroke.pointer ?? .pen, limits: limits)
            strokes.append(try record(stroke, at: index, samples: samples))
        }
        let drawing = Drawing(strokes: strokes, recording: recordingInfo(of: file))
        try drawing.checkSettings()
        return drawing
    }

    /// Each stroke's samples in points, y down: exactly the samples of
    /// `drawing(from:limits:).inPoints`, with the same checks and errors, read without storing them
    /// in a drawing first (for tools that only smooth or outline the ink; a third less work).
    public static func strokesInPoints(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> [[Sample]] {
        try strokesInPoints(from: data, limits: limits, readAhead: nil)
    }

    /// Provisional samples of a long stroke handed out while the file is being read: the stroke's
    /// index, its next samples, whether they are its last, and an upper estimate of its length.
    typealias ReadAhead = (_ stroke: Int, _ samples: [Sample], _ isLast: Bool, _ estimate: Int) -> Void

    /// `strokesInPoints(from:limits:)`, handing `readAhead` the samples of each stroke of
    /// `InkJSONScanner.longStrokePoints` or more while the file is still being read, so that work on
    /// them can start at once. They are provisional: read as a pen's, in the file's own units and
    /// before any check of the file; only the samples returned count (a caller compares).
    static func strokesInPoints(from data: Data, limits: InkFileLimits, readAhead: ReadAhead?) throws(InkFormatError) -> [[Sample]] {
        try strokesAndLooksInPoints(from: data, limits: limits, readAhead: readAhead).strokes
    }

    /// `strokesInPoints(from:limits:readAhead:)` and each stroke's look: its record without samples.
    static func strokesAndLooksInPoints(
        from data: Data, limits: InkFileLimits, readAhead: ReadAhead?
    ) throws(InkFormatError) -> (strokes: [[Sample]], looks: [StrokeRecord]) {
        let pointRuns: InkJSONScanner.PointRuns? = readAhead.map { readAhead in
            { stroke, points, isLast, estimate in
                var samples: [Sample] = []
                samples.reserveCapacity(points.count)
                for point in points { samples.append(StoredSamples.asStored(point.sample(kind: .pen))) }
                readAhead(stroke, samples, isLast, estimate)
            }
        }
        var file = try decoded(data, limits: limits, pointRuns: pointRuns)
        var strokes: [[Sample]] = [], settings: [StrokeRecord] = []
        strokes.reserveCapacity(file.strokes.count)
        settings.reserveCapacity(file.strokes.count)
        for index in file.strokes.indices {
            let stroke = file.strokes[index]
            // The points let go of once they are samples (a long stroke's are hundreds of MB).
            file.strokes[index].points = []
            var samples = try RecordedPoint.samples(stroke.points, stroke: index, kind: stroke.pointer ?? .pen, limits: limits)
            settings.append(try record(stroke, at: index, samples: []))
            for sampleIndex in samples.indices { samples[sampleIndex] = StoredSamples.asStored(samples[sampleIndex]) }
            strokes.append(samples)
        }
        try Drawing(strokes: settings).checkSettings()
        let transform = recordingInfo(of: file).transformToPoints(locations: strokes.lazy.flatMap { $0.lazy.map { $0.location } })
        guard let transform else { return (strokes, settings) }
        return (strokes.map { $0.map { transform.apply($0) } }, settings)
    }

    /// The file in `data`, its size, version and counts checked.
    private static func decoded(_ data: Data, limits: InkFileLimits, pointRuns: InkJSONScanner.PointRuns? = nil) throws(InkFormatError) -> File {
        try limits.checkSize(of: data)
        // The fast scanner reads well-formed files of this layout; anything else (a syntax error, a
        // wrong type, an escaped string) goes through the decoder, whose errors name the path.
        let file: File
        if let scanned = InkJSONScanner.file(in: data, pointRuns: pointRuns) { file = scanned } else { file = try InkJSONPullDecoding.file(from: data, limits: limits) }
        if let version = file.version, version > Self.version {
            throw .invalidValue("version \(version) is newer than this reader, which knows version \(Self.version)")
        }
        try limits.checkCounts(strokes: file.strokes.count, samples: file.strokes.reduce(0) { $0 + $1.points.count })
        return file
    }

    private static func recordingInfo(of file: File) -> RecordingInfo {
        let rate = file.sample_rate_hz.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        return RecordingInfo(source: file.source, license: file.license, units: file.units, sampleRate: rate)
    }

    /// The stroke's record with `samples` (its points, already read).
    private static func record(_ stroke: Stroke, at index: Int, samples: [Sample]) throws(InkFormatError) -> StrokeRecord {
        let kind = stroke.pointer ?? .pen
        var color = RGBAColor.black
        if let text = stroke.color {
            guard let parsed = RGBAColor(parsing: text) else { throw .invalidValue("strokes[\(index)].color: '\(text)' is not a colour") }
            color = parsed
        }
        var preset: InkPreset?
        if let name = stroke.preset {
            do { preset = try InkPreset.named(name) } catch { throw .invalidValue("strokes[\(index)].preset: \(error)") }
        }
        var options = preset?.brushOptions ?? BrushOptions()
        if let given = stroke.brushOptions {
            options = BrushOptions(
                width: given.width, minimumWidth: given.minWidth, maximumWidth: given.maxWidth, sensitivity: given.sensitivity,
                smoothing: given.smoothing)
            if let response = given.response {
                do { options.response = try ResponseCurve(named: response) } catch {
                    throw .invalidValue("strokes[\(index)].brushOptions.response: \(error)")
                }
            }
        }
        let taper = stroke.taper ?? preset.map { [$0.taperStart, $0.taperEnd] } ?? []
        var stabilizer = preset?.stabilizer
        if let text = stroke.stabilizer {
            do { stabilizer = try Stabilizer(parsing: text) } catch { throw .invalidValue("strokes[\(index)].stabilizer: \(error)") }
        }
        return StrokeRecord(
            samples: samples, technique: stroke.technique ?? preset?.technique ?? TechniqueCatalog.defaultName, alpha: stroke.alpha,
            brush: stroke.brush ?? preset?.brush ?? BrushCatalog.defaultName, brushOptions: options, taperStart: taper.first ?? 0,
            taperEnd: taper.count > 1 ? taper[1] : 0, color: color, pointer: kind, stabilizer: stabilizer)
    }

    /// The JSON text of `drawing`, every number in its shortest form that reads back exactly.
    /// Throws `InkFormatError.invalidValue` naming the stroke and sample when a value is not
    /// finite (JSON has no infinity or NaN), a setting included.
    public static func data(for drawing: Drawing) throws(InkFormatError) -> Data {
        for (index, stroke) in drawing.strokes.enumerated() {
            if let name = stroke.nonFiniteSetting { throw .invalidValue("stroke \(index): \(name) is not a finite number") }
            for (sampleIndex, sample) in stroke.samples.enumerated() where !sample.location.isFinite {
                throw .invalidValue("stroke \(index) sample \(sampleIndex): the location is not finite")
            }
        }
        var json = JSONText(capacity: 64 * drawing.sampleCount + 256)
        json.append("{\"version\":")
        json.append(version)
        json.append(",")
        let info = drawing.recording
        if let source = info.source { field("source", quoted: source, into: &json) }
        if let license = info.license { field("license", quoted: license, into: &json) }
        if let units = info.units { field("units", quoted: units, into: &json) }
        if let rate = info.sampleRate, rate.isFinite {
            json.append("\"sample_rate_hz\":")
            json.append(rate)
            json.append(",")
        }
        json.append("\"strokes\":[")
        for (index, stroke) in drawing.strokes.enumerated() {
            if index > 0 { json.append(",") }
            json.append("{\"technique\":")
            json.appendQuoted(stroke.technique)
            if let alpha = stroke.alpha {
                json.append(",\"alpha\":")
                json.append(alpha)
            }
            json.append(",\"brush\":")
            json.appendQuoted(stroke.brush)
            let options = stroke.brushOptions
            var fields: [(StaticString, Double)] = []
            if let value = options.width { fields.append(("\"width\":", value)) }
            if let value = options.minimumWidth { fields.append(("\"minWidth\":", value)) }
            if let value = options.maximumWidth { fields.append(("\"maxWidth\":", value)) }
            if let value = options.sensitivity { fields.append(("\"sensitivity\":", value)) }
            if let value = options.smoothing { fields.append(("\"smoothing\":", value)) }
            if !fields.isEmpty || options.response != nil {
                json.append(",\"brushOptions\":{")
                for (position, (key, value)) in fields.enumerated() {
                    if position > 0 { json.append(",") }
                    json.append(key)
                    json.append(value)
                }
                if let response = options.response {
                    if !fields.isEmpty { json.append(",") }
                    json.append("\"response\":")
                    json.appendQuoted(response.name)
                }
                json.append("}")
            }
            if stroke.taperStart != 0 || stroke.taperEnd != 0 {
                json.append(",\"taper\":[")
                json.append(stroke.taperStart)
                json.append(",")
                json.append(stroke.taperEnd)
                json.append("]")
            }
            if let stabilizer = stroke.stabilizer {
                json.append(",\"stabilizer\":")
                json.appendQuoted(stabilizer.description)
            }
            json.append(",\"color\":")
            json.appendQuoted(stroke.color.hexText)
            json.append(",\"pointer\":")
            json.appendQuoted(stroke.pointer.rawValue)
            json.append(",\"points\":[")
            for (pointIndex, sample) in stroke.samples.enumerated() {
                json.append(pointIndex > 0 ? ",{\"x\":" : "{\"x\":")
                json.append(sample.location.x)
                json.append(",\"y\":")
                json.append(sample.location.y)
                if let value = sample.timestamp { json.append(",\"t\":"); json.append(value) }
                if let value = sample.force { json.append(",\"pressure\":"); json.append(value) }
                if let value = sample.altitude { json.append(",\"altitude\":"); json.append(value) }
                if let value = sample.azimuth { json.append(",\"azimuth\":"); json.append(value) }
                if let value = sample.majorRadius { json.append(",\"radius\":"); json.append(value) }
                json.append("}")
            }
            json.append("]}")
        }
        json.append("]}\n")
        return Data(json.bytes)
    }

    /// Appends `"key":"value",` (the value quoted) to `json`.
    private static func field(_ key: StaticString, quoted value: String, into json: inout JSONText) {
        json.append("\"")
        json.append(key)
        json.append("\":")
        json.appendQuoted(value)
        json.append(",")
    }
}

#if !hasFeature(Embedded)
// Decodable (not in Embedded Swift) for the tests, which check the readers against Foundation's
// decoder; the readers themselves decode with `JSONPullReader`.
extension InkJSON.File: Decodable {}
extension InkJSON.Stroke: Decodable {}
extension InkJSON.Options: Decodable {}
#endif
