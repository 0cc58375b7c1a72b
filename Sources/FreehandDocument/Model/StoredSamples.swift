import FreehandKit

/// The samples of a stored stroke, packed into one buffer: at most 32 bytes per sample.
///
/// Location and timestamp — the geometry and timing every technique and brush reads — are kept
/// exactly, bit for bit: in 4 bytes each when every value of the stroke allows it (decimals of up
/// to 4 places for locations and up to 6 for timestamps within 32-bit range, or single-precision
/// floats: what devices and recordings give), else as 64-bit floating point (`ExactEncoding`).
/// The device readings are kept as 16-bit decimal fixed point,
/// finer than pens report them and exact for readings given to 4 decimals (as the shared
/// recordings are), so that 0.6 reads back as 0.6:
/// - force in steps of 0.0001 over 0…6.5534 (larger values are clamped);
/// - altitude in steps of 0.0001 radian over 0…1.5707 (π/2 rounded down);
/// - azimuth in steps of 0.0001 radian, normalised into 0…2π (the same direction);
/// - major radius in steps of 0.01 point over 0…655.34 points (larger values are clamped).
///
/// Only the channels some sample of the stroke has take space: a mouse stroke (x, y) takes 8 or
/// 16 bytes per sample, a pen with time and force 14 (at most 26), with tilt too 18 (at most 30),
/// everything at most 32. A missing
/// value stays missing (`nil`) — a non-finite timestamp or reading reads back as `nil` too.
/// Samples read back with the stroke's pointer kind (the first sample's), not coalesced and
/// with no pending estimation: stored samples are final. Storing is idempotent: the samples read
/// back store to the same bytes, so saving and loading a drawing gives it back exactly.
public struct StoredSamples: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The optional channels a stroke's samples carry.
    public struct Channels: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        /// Creates a set from its raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Timestamps (8 bytes per sample).
        public static let time = Channels(rawValue: 1 << 0)
        /// Force (2 bytes per sample).
        public static let force = Channels(rawValue: 1 << 1)
        /// Altitude (2 bytes per sample).
        public static let altitude = Channels(rawValue: 1 << 2)
        /// Azimuth (2 bytes per sample).
        public static let azimuth = Channels(rawValue: 1 << 3)
        /// Major radius (2 bytes per sample).
        public static let radius = Channels(rawValue: 1 << 4)
    }

    /// Steps per unit of force, altitude and azimuth (radians): 10,000.
    public static let readingScale = 10_000.0
    /// Steps per point of major radius: 100.
    public static let radiusScale = 100.0

    private static let missing: UInt16 = 0xFFFF
    private static let largest: Double = 0xFFFE

    /// The optional channels present in at least one sample.
    public let channels: Channels
    /// The pointer kind every sample reads back with.
    public let kind: PointerKind
    /// Bytes per sample: 8 or 16 for the location, plus 4 or 8 for time, plus 2 per other channel
    /// present; at most 32.
    public let stride: Int
    private let location: ExactEncoding
    private let time: ExactEncoding
    private let bytes: [UInt8]

    /// Decimal places tried for locations (1 … 1/10,000 point or unit).
    private static let locationScales: [Double] = [1, 10, 100, 1000, 10_000]
    /// Decimal places tried for timestamps (1 ms … 1 µs).
    private static let timeScales: [Double] = [1000, 10_000, 100_000, 1_000_000]

    /// Packs `samples`.
    public init(_ samples: [Sample]) {
        var channels: Channels = []
        for sample in samples {
            if sample.timestamp?.isFinite == true { channels.insert(.time) }
            if sample.force?.isFinite == true { channels.insert(.force) }
            if sample.altitude?.isFinite == true { channels.insert(.altitude) }
            if sample.azimuth?.isFinite == true { channels.insert(.azimuth) }
            if sample.majorRadius?.isFinite == true { channels.insert(.radius) }
        }
        self.channels = channels
        kind = samples.first?.kind ?? .pen
        let location = ExactEncoding.narrowest(
            for: samples.lazy.map { Optional($0.location.x) } + samples.lazy.map { Optional($0.location.y) },
            scales: Self.locationScales, trySingle: true)
        let time = channels.contains(.time)
            ? ExactEncoding.narrowest(for: samples.lazy.map(\.finiteTimestamp), scales: Self.timeScales, trySingle: true) : .double
        self.location = location
        self.time = time
        stride = Self.stride(for: channels, location: location, time: time)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count * stride)
        for sample in samples {
            Self.append(location.bits(for: sample.location.x), size: location.size, to: &bytes)
            Self.append(location.bits(for: sample.location.y), size: location.size, to: &bytes)
            if channels.contains(.time) { Self.append(time.bits(for: sample.finiteTimestamp), size: time.size, to: &bytes) }
            if channels.contains(.force) { Self.append(Self.fixed(sample.force, scale: Self.readingScale), to: &bytes) }
            if channels.contains(.altitude) {
                // At most 1.5707 (π/2 rounded down), so that it reads back within 0…π/2.
                Self.append(Self.fixed(sample.altitude.flatMap { $0.isFinite ? Swift.min($0, 1.5707) : nil }, scale: Self.readingScale), to: &bytes)
            }
            if channels.contains(.azimuth) { Self.append(Self.fixedAzimuth(sample.azimuth), to: &bytes) }
            if channels.contains(.radius) { Self.append(Self.fixed(sample.majorRadius, scale: Self.radiusScale), to: &bytes) }
        }
        self.bytes = bytes
    }

    /// Packs the samples of an array literal.
    public init(arrayLiteral samples: Sample...) {
        self.init(samples)
    }

    /// The number of samples.
    public var count: Int { bytes.count / stride }
    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// One past the last index, `count`.
    public var endIndex: Int { count }

    /// The sample at `index`, as stored.
    public subscript(index: Int) -> Sample {
        precondition(index >= 0 && index < count, "StoredSamples index \(index) out of range 0..<\(count)")
        return bytes.withUnsafeBytes { raw in
            var offset = index * stride
            func bits(_ size: Int) -> UInt64 {
                defer { offset += size }
                return size == 8
                    ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    : UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
            func coordinate() -> Double { location.value(of: bits(location.size)) ?? .nan }
            func reading(_ scale: Double) -> Double? {
                defer { offset += 2 }
                let value = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
                // A correctly rounded division: 6000 / 10000 is the Double nearest 0.6.
                return value == Self.missing ? nil : Double(value) / scale
            }
            let x = coordinate(), y = coordinate()
            var sample = Sample(location: Point(x, y), kind: kind)
            if channels.contains(.time) { sample.timestamp = time.value(of: bits(time.size)) }
            if channels.contains(.force) { sample.force = reading(Self.readingScale) }
            if channels.contains(.altitude) { sample.altitude = reading(Self.readingScale) }
            if channels.contains(.azimuth) { sample.azimuth = reading(Self.readingScale) }
            if channels.contains(.radius) { sample.majorRadius = reading(Self.radiusScale) }
            return sample
        }
    }

    /// The bytes this value occupies in memory: the value itself and its buffer (capacity and the
    /// 32-byte header of Swift's array storage).
    public var memoryFootprint: Int { MemoryLayout<Self>.size + (bytes.capacity > 0 ? bytes.capacity + 32 : 0) }

    // MARK: Packing

    private static func stride(for channels: Channels, location: ExactEncoding, time: ExactEncoding) -> Int {
        var stride = 2 * location.size
        if channels.contains(.time) { stride += time.size }
        for channel in [Channels.force, .altitude, .azimuth, .radius] where channels.contains(channel) { stride += 2 }
        return stride
    }

    private static func fixed(_ value: Double?, scale: Double) -> UInt16 {
        guard let value, value.isFinite else { return missing }
        return UInt16(Swift.min(Swift.max((value * scale).rounded(), 0), largest))
    }

    private static func fixedAzimuth(_ value: Double?) -> UInt16 {
        guard let value, value.isFinite else { return missing }
        var angle = value.truncatingRemainder(dividingBy: 2 * .pi)
        if angle < 0 { angle += 2 * .pi }
        let steps = (angle * readingScale).rounded()
        // 62832 steps (2π rounded up) is a whole turn: the same direction as 0.
        return steps >= (2 * .pi * readingScale).rounded() ? 0 : UInt16(steps)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The low `size` bytes (4 or 8) of `bits`, little-endian.
    private static func append(_ bits: UInt64, size: Int, to bytes: inout [UInt8]) {
        if size == 8 { append(bits, to: &bytes) } else { append(UInt32(truncatingIfNeeded: bits), to: &bytes) }
    }
}

extension Sample {
    /// The timestamp when it is finite, else nil (what storage keeps).
    fileprivate var finiteTimestamp: Double? { timestamp.flatMap { $0.isFinite ? $0 : nil } }
}
