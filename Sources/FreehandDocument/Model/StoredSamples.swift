import FreehandKit

/// The samples of a stored stroke, packed into one buffer: at most 56 bytes per sample.
///
/// Every value is kept exactly, bit for bit, as it was given (`ExactEncoding`): each channel of a
/// stroke takes the narrowest width that holds all its values unchanged —
/// - location and timestamp: 4 bytes when every value is a decimal of up to 4 places (locations)
///   or 6 (timestamps) within 32-bit range, or a single-precision float, else 8;
/// - force, altitude, azimuth: 2 bytes when every value is a multiple of 0.0001 in 0…6.5534 (pens
///   report coarser than that), else 4 for decimals of up to 6 places or single-precision floats,
///   else 8; major radius the same with 0.01 point steps in 0…655.34 for 2 bytes.
///
/// Only the channels some sample of the stroke has take space: a mouse stroke (x, y) takes 8 or
/// 16 bytes per sample, a pen with time and force 14, with tilt too 18, everything at most 56.
/// A missing value stays missing (`nil`) — a non-finite timestamp or reading reads back as `nil`
/// too. Samples read back with the stroke's pointer kind (the first sample's), not coalesced and
/// with no pending estimation: stored samples are final. Storing is idempotent: the samples read
/// back store to the same bytes, so saving and loading a drawing gives it back exactly.
public struct StoredSamples: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The optional channels a stroke's samples carry.
    public struct Channels: OptionSet, Hashable, Sendable {
        /// The set's bits.
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

    /// Steps per unit of force, altitude and azimuth (radians) in the 2-byte form: 10,000.
    public static let readingScale = 10_000.0
    /// Steps per point of major radius in the 2-byte form: 100.
    public static let radiusScale = 100.0

    /// The optional channels present in at least one sample.
    public let channels: Channels
    /// The pointer kind every sample reads back with.
    public let kind: PointerKind
    /// Bytes per sample: 8 or 16 for the location, plus 4 or 8 for time, plus 2, 4 or 8 per other
    /// channel present; at most 56.
    public let stride: Int
    private let location: ExactEncoding
    private let time: ExactEncoding
    /// Force, altitude, azimuth and radius, in that order (`.double` for an absent channel).
    private let readings: [ExactEncoding]
    private let bytes: [UInt8]

    /// The optional readings in storage order, with how to read each from a sample.
    private static let readingChannels: [(channel: Channels, value: @Sendable (Sample) -> Double?)] = [
        (.force, \.force), (.altitude, \.altitude), (.azimuth, \.azimuth), (.radius, \.majorRadius),
    ]

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
        let readings = Self.readingChannels.map { reading in
            guard channels.contains(reading.channel) else { return ExactEncoding.double }
            let short = reading.channel == .radius ? Self.radiusScale : Self.readingScale
            return ExactEncoding.narrowest(
                for: samples.lazy.map { reading.value($0).flatMap { $0.isFinite ? $0 : nil } },
                candidates: [.short(scale: short), .decimal(scale: 10_000), .decimal(scale: 1_000_000), .single])
        }
        self.readings = readings
        stride = Self.stride(for: channels, location: location, time: time, readings: readings)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count * stride)
        for sample in samples {
            Self.append(location.bits(for: sample.location.x), size: location.size, to: &bytes)
            Self.append(location.bits(for: sample.location.y), size: location.size, to: &bytes)
            if channels.contains(.time) { Self.append(time.bits(for: sample.finiteTimestamp), size: time.size, to: &bytes) }
            for (reading, encoding) in zip(Self.readingChannels, readings) where channels.contains(reading.channel) {
                Self.append(encoding.bits(for: reading.value(sample).flatMap { $0.isFinite ? $0 : nil }), size: encoding.size, to: &bytes)
            }
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
                switch size {
                case 8: return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                case 4: return UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                default: return UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
                }
            }
            func value(_ encoding: ExactEncoding, _ channel: Channels) -> Double? {
                channels.contains(channel) ? encoding.value(of: bits(encoding.size)) : nil
            }
            let x = location.value(of: bits(location.size)) ?? .nan, y = location.value(of: bits(location.size)) ?? .nan
            var sample = Sample(location: Point(x, y), kind: kind)
            sample.timestamp = value(time, .time)
            sample.force = value(readings[0], .force)
            sample.altitude = value(readings[1], .altitude)
            sample.azimuth = value(readings[2], .azimuth)
            sample.majorRadius = value(readings[3], .radius)
            return sample
        }
    }

    /// The bytes this value occupies in memory: the value itself and its buffer (capacity and the
    /// 32-byte header of Swift's array storage).
    public var memoryFootprint: Int { MemoryLayout<Self>.size + (bytes.capacity > 0 ? bytes.capacity + 32 : 0) }

    // MARK: Packing

    private static func stride(for channels: Channels, location: ExactEncoding, time: ExactEncoding, readings: [ExactEncoding]) -> Int {
        var stride = 2 * location.size
        if channels.contains(.time) { stride += time.size }
        for (reading, encoding) in zip(readingChannels, readings) where channels.contains(reading.channel) { stride += encoding.size }
        return stride
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The low `size` bytes (2, 4 or 8) of `bits`, little-endian.
    private static func append(_ bits: UInt64, size: Int, to bytes: inout [UInt8]) {
        switch size {
        case 8: append(bits, to: &bytes)
        case 4: append(UInt32(truncatingIfNeeded: bits), to: &bytes)
        default: append(UInt16(truncatingIfNeeded: bits), to: &bytes)
        }
    }
}

extension Sample {
    /// The timestamp when it is finite, else nil (what storage keeps).
    fileprivate var finiteTimestamp: Double? { timestamp.flatMap { $0.isFinite ? $0 : nil } }
}
