import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// A compact binary format for storage and sync (`.fhb`) that keeps every reading exactly: each
/// sample channel is stored as a column of exact decimal counts, zigzag-varint residuals against
/// a prediction from the samples before, so slow, smooth handwriting costs a few bytes per sample.
///
/// Layout (all integers unsigned LEB128 varints unless said otherwise):
/// `"FHB"`, version byte (4); what the recording says about itself (a presence bitmask — source,
/// licence, units, sample rate — then each present string length-prefixed UTF-8 and the rate an
/// IEEE-754 double); stroke count; per stroke: technique, brush (length-prefixed UTF-8),
/// alpha and brush options and taper (a presence bitmask, then IEEE-754 doubles, little-endian),
/// then the response curve's name and the stabilizer (`string:0.5`) when the mask has them,
/// colour (4 bytes RGBA), pointer (1 byte: 0 pen, 1 finger, 2 mouse), channel bitmask (t, pressure,
/// altitude, azimuth, radius), sample count, then one column per channel — x, y, then each channel
/// some sample has — as `BinaryInkColumn` describes: its encoding, which samples lack a value,
/// and the values.
///
/// Every value reads back bit for bit as it was written, and a value missing from a sample stays
/// missing (nothing is filled in), and so does the recording's description: a signature in
/// tablet units with y up comes back in its units, the right way up. Saving what was loaded gives
/// the same bytes. Version 3 files (no stabilizer), version 2 files (no recording block) and
/// version 1 files (values quantized:
/// positions to 1/100 point, time to 0.1 ms, pressure and angles to 1/4096) still read.
public enum BinaryInk {
    /// The version this code writes and the newest it reads.
    public static let version: UInt8 = 4
    /// The longest source, licence or units text, bytes.
    static let maximumInfoLength = 65_536
    static let magic: [UInt8] = Array("FHB".utf8)
    static let positionStep = 0.01, timeStep = 0.0001, forceStep = 1.0 / 4096, angleStep = 1.0 / 4096

    /// The bytes of `drawing`.
    public static func data(for drawing: Drawing) -> Data {
        var writer = ByteWriter()
        writer.bytes(magic)
        writer.byte(version)
        write(drawing.recording, to: &writer)
        writer.varint(UInt64(drawing.strokes.count))
        for stroke in drawing.strokes { write(stroke, to: &writer) }
        return Data(writer.output)
    }

    private static func write(_ info: RecordingInfo, to writer: inout ByteWriter) {
        let texts = [info.source, info.license, info.units]
        // A rate is a positive number, as every reader takes it.
        let rate = info.sampleRate.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var mask: UInt64 = 0
        for (bit, text) in texts.enumerated() where text != nil { mask |= 1 << UInt64(bit) }
        if rate != nil { mask |= 1 << 3 }
        writer.varint(mask)
        for text in texts.compactMap({ $0 }) { writer.string(text) }
        if let rate { writer.double(rate) }
    }

    private static func readRecording(_ reader: inout ByteReader) throws(InkFormatError) -> RecordingInfo {
        let mask = try reader.varint()
        guard mask < 1 << 4 else { throw .malformed("unknown recording fields (mask \(mask))") }
        var texts: [String?] = []
        for bit in 0..<3 { texts.append(mask & (1 << UInt64(bit)) != 0 ? try reader.string(limit: maximumInfoLength) : nil) }
        let rate = mask & (1 << 3) != 0 ? try reader.double() : nil
        if let rate, !(rate.isFinite && rate > 0) { throw .invalidValue("sample rate \(rate)") }
        return RecordingInfo(source: texts[0], license: texts[1], units: texts[2], sampleRate: rate)
    }

    private static func write(_ stroke: StrokeRecord, to writer: inout ByteWriter) {
        writer.string(stroke.technique)
        writer.string(stroke.brush)
        let options = stroke.brushOptions
        let optional: [Double?] = [
            stroke.alpha, options.width, options.minimumWidth, options.maximumWidth, options.sensitivity, options.smoothing,
            stroke.taperStart == 0 ? nil : stroke.taperStart, stroke.taperEnd == 0 ? nil : stroke.taperEnd,
        ]
        var mask: UInt64 = 0
        for (bit, value) in optional.enumerated() where value != nil { mask |= 1 << UInt64(bit) }
        if options.response != nil { mask |= 1 << 8 }
        if stroke.stabilizer != nil { mask |= 1 << 9 }
        writer.varint(mask)
        for value in optional.compactMap({ $0 }) { writer.double(value) }
        if let response = options.response { writer.string(response.name) }
        if let stabilizer = stroke.stabilizer { writer.string(stabilizer.description) }
        let color = stroke.color
        writer.bytes([color.red, color.green, color.blue, color.alpha].map { UInt8(($0 * 255).rounded()) })
        writer.byte(pointerCode(stroke.pointer))
        let channels = Channel.allCases.filter { channel in stroke.samples.contains { channel.value(of: $0) != nil } }
        writer.varint(channels.reduce(0) { $0 | $1.bit })
        writer.varint(UInt64(stroke.samples.count))
        let samples = stroke.samples.unpacked
        BinaryInkColumn(values: samples.map { $0.location.x }, linear: true).write(to: &writer)
        BinaryInkColumn(values: samples.map { $0.location.y }, linear: true).write(to: &writer)
        for channel in channels {
            BinaryInkColumn(values: samples.map { channel.value(of: $0) }, linear: channel == .time).write(to: &writer)
        }
    }

    /// The drawing in `data`; throws `InkFormatError` naming what is wrong.
    public static func drawing(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Drawing {
        try limits.checkSize(of: data)
        var reader = ByteReader(Array(data))
        guard try reader.bytes(3) == magic else { throw .malformed("not a FreehandKit binary file (no FHB signature)") }
        let fileVersion = try reader.byte()
        guard fileVersion <= version, fileVersion >= 1 else {
            throw .invalidValue("version \(fileVersion) is newer than this reader, which knows version \(version)")
        }
        let recording = fileVersion >= 3 ? try readRecording(&reader) : RecordingInfo()
        let strokeCount = try reader.varint()
        guard strokeCount <= UInt64(limits.maximumStrokes) else {
            throw .limitExceeded("\(strokeCount) strokes, over the limit of \(limits.maximumStrokes) (maximumStrokes)")
        }
        var strokes: [StrokeRecord] = []
        var total = 0
        for _ in 0..<Int(strokeCount) {
            strokes.append(try readStroke(&reader, version: fileVersion, limits: limits, total: &total))
        }
        guard reader.isAtEnd else { throw .malformed("\(reader.remaining) bytes after the last stroke") }
        let drawing = Drawing(strokes: strokes, recording: recording)
        try drawing.checkSettings()
        return drawing
    }

    private static func readStroke(
        _ reader: inout ByteReader, version: UInt8, limits: InkFileLimits, total: inout Int
    ) throws(InkFormatError) -> StrokeRecord {
        let technique = try reader.string(limit: limits.maximumNameLength)
        let brush = try reader.string(limit: limits.maximumNameLength)
        let mask = try reader.varint()
        var optional: [Double?] = []
        for bit in 0..<8 { optional.append(mask & (1 << UInt64(bit)) != 0 ? try reader.double() : nil) }
        var options = BrushOptions(
            width: optional[1], minimumWidth: optional[2], maximumWidth: optional[3], sensitivity: optional[4], smoothing: optional[5])
        guard mask < 1 << (version >= 4 ? 10 : 9) else { throw .malformed("unknown stroke fields (mask \(mask))") }
        if mask & (1 << 8) != 0 {
            let name = try reader.string(limit: limits.maximumNameLength)
            do { options.response = try ResponseCurve(named: name) } catch { throw .invalidValue("response curve: \(error)") }
        }
        var stabilizer: Stabilizer?
        if mask & (1 << 9) != 0 {
            let text = try reader.string(limit: limits.maximumNameLength)
            do { stabilizer = try Stabilizer(parsing: text) } catch { throw .invalidValue("stabilizer: \(error)") }
        }
        let rgba = try reader.bytes(4)
        let color = RGBAColor(red: Double(rgba[0]) / 255, green: Double(rgba[1]) / 255, blue: Double(rgba[2]) / 255, alpha: Double(rgba[3]) / 255)
        let pointer = try pointerKind(reader.byte())
        let channelMask = try reader.varint()
        let channels = Channel.allCases.filter { channelMask & $0.bit != 0 }
        let count = try reader.varint()
        guard count <= UInt64(limits.maximumSamples - total) else {
            throw .limitExceeded("more than \(limits.maximumSamples) samples (maximumSamples)")
        }
        total += Int(count)
        let samples = version == 1
            ? try readQuantizedSamples(&reader, count: Int(count), channels: channels, pointer: pointer, limits: limits)
            : try readExactSamples(&reader, count: Int(count), channels: channels, pointer: pointer, limits: limits)
        return StrokeRecord(
            samples: samples, technique: technique, alpha: optional[0], brush: brush, brushOptions: options,
            taperStart: optional[6] ?? 0, taperEnd: optional[7] ?? 0, color: color, pointer: pointer, stabilizer: stabilizer)
    }

    /// The samples of a version 2 stroke: one exact column per channel.
    private static func readExactSamples(
        _ reader: inout ByteReader, count: Int, channels: [Channel], pointer: PointerKind, limits: InkFileLimits
    ) throws(InkFormatError) -> [Sample] {
        // No bound from the bytes left: a column of runs (missing values, −0) holds any number of
        // samples in a few bytes. `count` is within `limits.maximumSamples`, and each column checks
        // its own length as it reads.
        let xs = try BinaryInkColumn.read(from: &reader, count: count, linear: true)
        let ys = try BinaryInkColumn.read(from: &reader, count: count, linear: true)
        var samples: [Sample] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            guard let x = xs[index], let y = ys[index] else { throw .invalidValue("sample \(index) has no location") }
            try limits.checkCoordinate(x: x, y: y, at: "sample \(index)")
            samples.append(Sample(location: Point2D(x, y), kind: pointer))
        }
        for channel in channels {
            let values = try BinaryInkColumn.read(from: &reader, count: count, linear: channel == .time)
            for index in 0..<count {
                if let value = values[index] { channel.set(value, on: &samples[index]) }
            }
        }
        return samples
    }

    /// The samples of a version 1 stroke: quantized columns, every sample with every channel.
    private static func readQuantizedSamples(
        _ reader: inout ByteReader, count: Int, channels: [Channel], pointer: PointerKind, limits: InkFileLimits
    ) throws(InkFormatError) -> [Sample] {
        var multipliers: [Int64] = []
        for _ in 0..<(2 + channels.count) {
            let multiplier = try reader.varint()
            guard multiplier >= 1, multiplier <= 100 else { throw .invalidValue("step multiplier \(multiplier)") }
            multipliers.append(Int64(multiplier))
        }
        let predicted = [true, true] + channels.map { $0 == .time }
        var samples: [Sample] = []
        samples.reserveCapacity(Swift.min(count, 1 << 20))
        // The last two values of each column, in units of its multiplier.
        var last = [Int64](repeating: 0, count: 2 + channels.count), beforeLast = last
        for index in 0..<count {
            var values: [Int64] = []
            for column in 0..<(2 + channels.count) {
                let residual = try reader.signed()
                let prediction: Int64 = index == 0 ? 0 : (predicted[column] && index > 1 ? last[column] &* 2 &- beforeLast[column] : last[column])
                values.append(prediction &+ residual)
            }
            beforeLast = last
            last = values
            let x = Double(values[0] &* multipliers[0]) * positionStep, y = Double(values[1] &* multipliers[1]) * positionStep
            try limits.checkCoordinate(x: x, y: y, at: "sample \(index)")
            var sample = Sample(location: Point2D(x, y), kind: pointer)
            for (offset, channel) in channels.enumerated() {
                channel.set(Double(values[2 + offset] &* multipliers[2 + offset]) * channel.step, on: &sample)
            }
            samples.append(sample)
        }
        return samples
    }

    /// The optional per-sample channels, in file order.
    enum Channel: Int, CaseIterable {
        case time, force, altitude, azimuth, radius

        var index: Int { rawValue }
        var bit: UInt64 { 1 << UInt64(rawValue) }
        var step: Double {
            switch self {
            case .time: return BinaryInk.timeStep
            case .force: return BinaryInk.forceStep
            case .altitude, .azimuth: return BinaryInk.angleStep
            case .radius: return BinaryInk.positionStep
            }
        }

        func value(of sample: Sample) -> Double? {
            switch self {
            case .time: return sample.timestamp
            case .force: return sample.force
            case .altitude: return sample.altitude
            case .azimuth: return sample.azimuth
            case .radius: return sample.majorRadius
            }
        }

        func set(_ value: Double, on sample: inout Sample) {
            switch self {
            case .time: sample.timestamp = value
            case .force: sample.force = value
            case .altitude: sample.altitude = value
            case .azimuth: sample.azimuth = value
            case .radius: sample.majorRadius = value
            }
        }
    }

    private static func pointerCode(_ kind: PointerKind) -> UInt8 {
        switch kind {
        case .pen: return 0
        case .finger: return 1
        case .mouse: return 2
        }
    }

    private static func pointerKind(_ code: UInt8) throws(InkFormatError) -> PointerKind {
        switch code {
        case 0: return .pen
        case 1: return .finger
        case 2: return .mouse
        default: throw .invalidValue("pointer code \(code)")
        }
    }
}
