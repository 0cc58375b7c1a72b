import FreehandKit
import FreehandRender
import Foundation

/// A compact binary format for storage and sync (`.fhb`): each sample channel is quantized and
/// stored as zigzag-varint deltas from the sample before, so slow, smooth handwriting costs a few
/// bytes per sample.
///
/// Layout (all integers unsigned LEB128 varints unless said otherwise):
/// `"FHB"`, version byte (1); stroke count; per stroke: technique, brush (length-prefixed UTF-8),
/// alpha and brush options and taper (a presence bitmask, then IEEE-754 doubles, little-endian),
/// colour (4 bytes RGBA), pointer (1 byte: 0 pen, 1 finger, 2 mouse), channel bitmask (t, pressure,
/// altitude, azimuth, radius), sample count, then per sample the zigzag deltas of x, y (units of
/// `positionStep`), t (`timeStep`), pressure (`forceStep`), altitude and azimuth (`angleStep`) and
/// radius (`positionStep`) — each optional channel present in every sample of the stroke or
/// left out of the whole stroke.
///
/// Precision (what round-trips exactly): positions to 1/100 point, time to 0.1 ms, pressure to
/// 1/4096, angles to 1/4096 radian, radius to 1/100 point; a sample missing a channel the rest of
/// its stroke has reads back as the channel's quantized previous value. Saving what was loaded
/// gives the same bytes.
public enum BinaryInk {
    /// The version this code writes and the newest it reads.
    public static let version: UInt8 = 1
    static let magic: [UInt8] = Array("FHB".utf8)
    static let positionStep = 0.01, timeStep = 0.0001, forceStep = 1.0 / 4096, angleStep = 1.0 / 4096

    /// Limits for hostile input.
    public struct Limits: Hashable, Sendable {
        /// The most strokes. Default 1,000,000.
        public var maximumStrokes = 1_000_000
        /// The most samples over all strokes. Default 50,000,000.
        public var maximumSamples = 50_000_000
        /// The longest name (technique, brush) in bytes. Default 256.
        public var maximumNameLength = 256

        /// The default limits.
        public init() {}
    }

    /// The bytes of `drawing`. Coordinates beyond ±10¹⁴ points cannot be quantized and are clamped.
    public static func data(for drawing: Drawing) -> Data {
        var writer = ByteWriter()
        writer.bytes(magic)
        writer.byte(version)
        writer.varint(UInt64(drawing.strokes.count))
        for stroke in drawing.strokes { write(stroke, to: &writer) }
        return Data(writer.output)
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
        writer.varint(mask)
        for value in optional.compactMap({ $0 }) { writer.double(value) }
        if let response = options.response { writer.string(response.name) }
        let color = stroke.color
        writer.bytes([color.red, color.green, color.blue, color.alpha].map { UInt8(($0 * 255).rounded()) })
        writer.byte(pointerCode(stroke.pointer))
        let channels = Channel.allCases.filter { channel in stroke.samples.contains { channel.value(of: $0) != nil } }
        writer.varint(channels.reduce(0) { $0 | $1.bit })
        writer.varint(UInt64(stroke.samples.count))
        var previous = [Int64](repeating: 0, count: 2 + Channel.allCases.count)
        for sample in stroke.samples {
            var values = [quantize(sample.location.x, positionStep), quantize(sample.location.y, positionStep)]
            for channel in Channel.allCases {
                let slot = 2 + channel.index
                values.append(channels.contains(channel) ? channel.value(of: sample).map { quantize($0, channel.step) } ?? previous[slot] : 0)
            }
            for slot in values.indices where slot < 2 || channels.contains(Channel.allCases[slot - 2]) {
                writer.signed(values[slot] &- previous[slot])
            }
            previous = values
        }
    }

    /// The drawing in `data`; throws `InkFormatError` naming what is wrong.
    public static func drawing(from data: Data, limits: Limits = Limits()) throws(InkFormatError) -> Drawing {
        var reader = ByteReader(Array(data))
        guard try reader.bytes(3) == magic else { throw .malformed("not a FreehandKit binary file (no FHB signature)") }
        let fileVersion = try reader.byte()
        guard fileVersion <= version, fileVersion >= 1 else {
            throw .invalidValue("version \(fileVersion) is newer than this reader, which knows version \(version)")
        }
        let strokeCount = try reader.varint()
        guard strokeCount <= UInt64(limits.maximumStrokes) else {
            throw .limitExceeded("\(strokeCount) strokes, over the limit of \(limits.maximumStrokes) (maximumStrokes)")
        }
        var strokes: [StrokeRecord] = []
        var total = 0
        for _ in 0..<Int(strokeCount) {
            strokes.append(try readStroke(&reader, limits: limits, total: &total))
        }
        guard reader.isAtEnd else { throw .malformed("\(reader.remaining) bytes after the last stroke") }
        return Drawing(strokes: strokes)
    }

    private static func readStroke(_ reader: inout ByteReader, limits: Limits, total: inout Int) throws(InkFormatError) -> StrokeRecord {
        let technique = try reader.string(limit: limits.maximumNameLength)
        let brush = try reader.string(limit: limits.maximumNameLength)
        let mask = try reader.varint()
        var optional: [Double?] = []
        for bit in 0..<8 { optional.append(mask & (1 << UInt64(bit)) != 0 ? try reader.double() : nil) }
        var options = BrushOptions(
            width: optional[1], minimumWidth: optional[2], maximumWidth: optional[3], sensitivity: optional[4], smoothing: optional[5])
        if mask & (1 << 8) != 0 {
            let name = try reader.string(limit: limits.maximumNameLength)
            do { options.response = try ResponseCurve(named: name) } catch { throw .invalidValue("response curve: \(error)") }
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
        var samples: [Sample] = []
        samples.reserveCapacity(Int(Swift.min(count, 1 << 20)))
        var previous = [Int64](repeating: 0, count: 2 + Channel.allCases.count)
        for _ in 0..<Int(count) {
            previous[0] = previous[0] &+ (try reader.signed())
            previous[1] = previous[1] &+ (try reader.signed())
            var sample = Sample(location: Point(Double(previous[0]) * positionStep, Double(previous[1]) * positionStep), kind: pointer)
            for channel in channels {
                previous[2 + channel.index] = previous[2 + channel.index] &+ (try reader.signed())
                channel.set(Double(previous[2 + channel.index]) * channel.step, on: &sample)
            }
            samples.append(sample)
        }
        return StrokeRecord(
            samples: samples, technique: technique, alpha: optional[0], brush: brush, brushOptions: options,
            taperStart: optional[6] ?? 0, taperEnd: optional[7] ?? 0, color: color, pointer: pointer)
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

    static func quantize(_ value: Double, _ step: Double) -> Int64 {
        let scaled = (value / step).rounded()
        guard scaled.isFinite else { return 0 }
        return Int64(Swift.max(-1e16, Swift.min(1e16, scaled)))
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
