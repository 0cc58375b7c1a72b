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
        (.force, { $0.force }), (.altitude, { $0.altitude }), (.azimuth, { $0.azimuth }), (.radius, { $0.majorRadius }),
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
            for: samples.lazy.map { Optional($0.location.x) }, and: samples.lazy.map { Optional($0.location.y) },
            scales: Self.locationScales, trySingle: true)
        let time = channels.contains(.time)
            ? ExactEncoding.narrowest(for: samples.lazy.map { $0.finiteTimestamp }, scales: Self.timeScales, trySingle: true) : .double
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
        let stride = Self.stride(for: channels, location: location, time: time, readings: readings)
        self.stride = stride
        // Written in place into a buffer of the exact size: no growth check per value.
        bytes = [UInt8](unsafeUninitializedCapacity: samples.count * stride) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeMutableRawPointer(base)
            var offset = 0
            func store(_ bits: UInt64, _ size: Int) {
                switch size {
                case 8: raw.storeBytes(of: bits.littleEndian, toByteOffset: offset, as: UInt64.self)
                case 4: raw.storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, toByteOffset: offset, as: UInt32.self)
                default: raw.storeBytes(of: UInt16(truncatingIfNeeded: bits).littleEndian, toByteOffset: offset, as: UInt16.self)
                }
                offset += size
            }
            let hasTime = channels.contains(.time)
            for sample in samples {
                store(location.bits(for: sample.location.x), location.size)
                store(location.bits(for: sample.location.y), location.size)
                if hasTime { store(time.bits(for: sample.finiteTimestamp), time.size) }
                if channels.contains(.force) { store(readings[0].bits(for: sample.force.finite), readings[0].size) }
                if channels.contains(.altitude) { store(readings[1].bits(for: sample.altitude.finite), readings[1].size) }
                if channels.contains(.azimuth) { store(readings[2].bits(for: sample.azimuth.finite), readings[2].size) }
                if channels.contains(.radius) { store(readings[3].bits(for: sample.majorRadius.finite), readings[3].size) }
            }
            initialized = offset
        }
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
        return bytes.withUnsafeBytes { raw in sample(at: index * stride, in: raw) }
    }

    /// The location of the sample at `index` (0..<count), decoding nothing else: for hit-testing.
    public func location(at index: Int) -> Point2D {
        precondition(index >= 0 && index < count, "StoredSamples index \(index) out of range 0..<\(count)")
        return bytes.withUnsafeBytes { raw in
            let start = index * stride, size = location.size
            func read(_ offset: Int) -> Double {
                switch size {
                case 8: return location.value(of: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) ?? .nan
                case 4: return location.value(of: UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))) ?? .nan
                default: return location.value(of: UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))) ?? .nan
                }
            }
            return Point2D(read(start), read(start + size))
        }
    }

    /// Every sample in order, unpacked into an array in one pass (what `Array(stored)` gives).
    public var unpacked: [Sample] {
        let count = self.count
        return bytes.withUnsafeBytes { raw in
            [Sample](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                for index in 0..<count { (base + index).initialize(to: sample(at: index * stride, in: raw)) }
                initialized = count
            }
        }
    }

    /// `sample` as a stroke of samples of its kind stores it and reads it back: a non-finite
    /// timestamp or reading missing, not coalesced, no pending estimation.
    static func asStored(_ sample: Sample) -> Sample {
        func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
        var stored = Sample(location: sample.location, kind: sample.kind)
        stored.timestamp = finite(sample.timestamp)
        stored.force = finite(sample.force)
        stored.altitude = finite(sample.altitude)
        stored.azimuth = finite(sample.azimuth)
        stored.majorRadius = finite(sample.majorRadius)
        return stored
    }

    /// Decodes the sample whose bytes start at `start` in `raw` (this value's buffer).
    @inline(__always)
    private func sample(at start: Int, in raw: UnsafeRawBufferPointer) -> Sample {
        var offset = start
        @inline(__always)
        func next(_ encoding: ExactEncoding) -> Double? {
            let size = encoding.size
            defer { offset += size }
            switch size {
            case 8: return encoding.value(of: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            case 4: return encoding.value(of: UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
            default: return encoding.value(of: UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))))
            }
        }
        let x = next(location) ?? .nan, y = next(location) ?? .nan
        var sample = Sample(location: Point2D(x, y), kind: kind)
        if channels.isEmpty { return sample }
        if channels.contains(.time) { sample.timestamp = next(time) }
        if channels.contains(.force) { sample.force = next(readings[0]) }
        if channels.contains(.altitude) { sample.altitude = next(readings[1]) }
        if channels.contains(.azimuth) { sample.azimuth = next(readings[2]) }
        if channels.contains(.radius) { sample.majorRadius = next(readings[3]) }
        return sample
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
}

extension Sample {
    /// The timestamp when it is finite, else nil (what storage keeps).
    fileprivate var finiteTimestamp: Double? { timestamp.finite }
}

extension Optional<Double> {
    /// The value when it is finite, else nil.
    fileprivate var finite: Double? { flatMap { $0.isFinite ? $0 : nil } }
}
