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
/// altitude, azimuth, radius), sample count, one step multiplier per column (x, y, then each
/// channel present: values are stored in units of base step × multiplier, the coarsest that loses
/// nothing), then per sample one zigzag residual per column: the value less its prediction — the
/// continuation of the last two values for x, y and t (constant velocity, constant rate), the
/// previous value for the others. Base steps: `positionStep` for x, y and radius, `timeStep`,
/// `forceStep`, `angleStep`. An optional channel is present in every sample of a stroke or in none.
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
        // Every channel as integers of its base step (a missing value repeats the one before).
        var columns: [[Int64]] = [
            stroke.samples.map { quantize($0.location.x, positionStep) }, stroke.samples.map { quantize($0.location.y, positionStep) },
        ]
        for channel in channels {
            var last: Int64 = 0
            columns.append(stroke.samples.map { sample in
                if let value = channel.value(of: sample) { last = quantize(value, channel.step) }
                return last
            })
        }
        // Per column, the coarsest multiple of the base step that every value is a multiple of
        // (tablet counts are whole, Apple Pencil positions halves), then the values in those units.
        let multipliers = columns.map(Self.commonMultiplier)
        for multiplier in multipliers { writer.varint(UInt64(multiplier)) }
        let predicted = [true, true] + channels.map { $0 == .time }
        for index in stroke.samples.indices {
            for (column, values) in columns.enumerated() {
                writer.signed(Self.residual(values, at: index, multiplier: multipliers[column], linear: predicted[column]))
            }
        }
    }

    /// The largest of 100, 50, 25, 20, 10, 5, 4, 2, 1 that divides every value.
    static func commonMultiplier(_ values: [Int64]) -> Int64 {
        for candidate: Int64 in [100, 50, 25, 20, 10, 5, 4, 2] where values.allSatisfy({ $0 % candidate == 0 }) { return candidate }
        return 1
    }

    /// The value at `index` in units of `multiplier`, less its prediction: the previous value, or
    /// with `linear` the continuation of the last two (constant velocity).
    static func residual(_ values: [Int64], at index: Int, multiplier: Int64, linear: Bool) -> Int64 {
        let value = values[index] / multiplier
        guard index > 0 else { return value }
        let previous = values[index - 1] / multiplier
        guard linear, index > 1 else { return value &- previous }
        return value &- (previous &* 2 &- values[index - 2] / multiplier)
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

    private static func readStroke(_ reader: inout ByteReader, limits: InkFileLimits, total: inout Int) throws(InkFormatError) -> StrokeRecord {
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
        var multipliers: [Int64] = []
        for _ in 0..<(2 + channels.count) {
            let multiplier = try reader.varint()
            guard multiplier >= 1, multiplier <= 100 else { throw .invalidValue("step multiplier \(multiplier)") }
            multipliers.append(Int64(multiplier))
        }
        let predicted = [true, true] + channels.map { $0 == .time }
        var samples: [Sample] = []
        samples.reserveCapacity(Int(Swift.min(count, 1 << 20)))
        // The last two values of each column, in units of its multiplier.
        var last = [Int64](repeating: 0, count: 2 + channels.count), beforeLast = last
        for index in 0..<Int(count) {
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
            var sample = Sample(location: Point(x, y), kind: pointer)
            for (offset, channel) in channels.enumerated() {
                channel.set(Double(values[2 + offset] &* multipliers[2 + offset]) * channel.step, on: &sample)
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
