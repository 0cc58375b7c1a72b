/// How `StoredSamples` holds a channel of 64-bit floating-point values without changing any of
/// them: in 2 or 4 bytes when every value allows it, else in 8.
///
/// Recorded locations and timestamps are usually decimals of a few places (tablet units, 1/100 mm,
/// milliseconds) or single-precision floats (what many touch systems report): both fit 4 bytes
/// exactly. Every value reads back bit for bit as it was given.
enum ExactEncoding: Hashable, Sendable {
    /// A 16-bit unsigned count of 1/`scale` units, 0…65,534 (pen readings of up to 4 decimals).
    case short(scale: Double)
    /// A 32-bit integer count of 1/`scale` units: each value is that count divided by `scale`
    /// (correctly rounded, so 10 / 1000 reads back as the Double nearest 0.01).
    case decimal(scale: Double)
    /// A 32-bit float.
    case single
    /// The 64-bit value itself.
    case double

    /// Bytes per value.
    var size: Int {
        switch self {
        case .short: return 2
        case .decimal, .single: return 4
        case .double: return 8
        }
    }

    /// The decimal count that stands for a missing value.
    static let missingCount = Int32.min
    /// The short count that stands for a missing value.
    static let missingShort = UInt16.max

    /// The first of `decimal(scale:)` for each of `scales`, then `single`, that holds every value
    /// of `values` and of `more` (a channel kept as two sequences, such as x and y) exactly;
    /// `double` when none does. Nil values are missing values (they take a marker, not a choice).
    static func narrowest<Values: Sequence<Double?>, More: Sequence<Double?>>(
        for values: Values, and more: More = EmptyCollection(), scales: [Double], trySingle: Bool
    ) -> ExactEncoding {
        narrowest(for: values, and: more, candidates: scales.map { ExactEncoding.decimal(scale: $0) } + (trySingle ? [.single] : []))
    }

    /// The first of `candidates` (narrowest first) that holds every value of `values` and of
    /// `more` exactly; `double` when none does.
    @inline(__always)
    static func narrowest<Values: Sequence<Double?>, More: Sequence<Double?>>(
        for values: Values, and more: More = EmptyCollection(), candidates: [ExactEncoding]
    ) -> ExactEncoding {
        // Each candidate in turn over all the values: one that does not fit fails within the first
        // few values, so the values are read about once, with no list of survivors to keep.
        for candidate in candidates
        where values.allSatisfy({ $0.map(candidate.holdsExactly) ?? true }) && more.allSatisfy({ $0.map(candidate.holdsExactly) ?? true }) {
            return candidate
        }
        return .double
    }

    /// True when `value` reads back bit for bit in this encoding.
    func holdsExactly(_ value: Double) -> Bool {
        switch self {
        case .short(let scale):
            // An unsigned count has no −0: a negative zero reading takes a wider encoding.
            let scaled = (value * scale).rounded()
            guard value.sign == .plus, scaled >= 0, scaled < Double(Self.missingShort) else { return false }
            return (scaled / scale).bitPattern == value.bitPattern
        case .decimal(let scale):
            guard let count = Self.count(value, scale: scale) else { return false }
            return (Double(count) / scale).bitPattern == value.bitPattern
        case .single:
            return Double(Float(value)).bitPattern == value.bitPattern
        case .double:
            return true
        }
    }

    /// The bits to store for `value` (nil: missing), in `size` bytes: call only for values this
    /// encoding holds exactly, or nil.
    func bits(for value: Double?) -> UInt64 {
        switch self {
        case .short(let scale):
            guard let value else { return UInt64(Self.missingShort) }
            return UInt64(Swift.min(Swift.max((value * scale).rounded(), 0), Double(Self.missingShort - 1)))
        case .decimal(let scale):
            let count = value.flatMap { Self.count($0, scale: scale) } ?? Self.missingCount
            return UInt64(UInt32(bitPattern: count))
        case .single:
            return UInt64(Float(value ?? .nan).bitPattern)
        case .double:
            return (value ?? .nan).bitPattern
        }
    }

    /// The value stored as `bits`; nil for the missing marker (and for a stored NaN).
    func value(of bits: UInt64) -> Double? {
        let value: Double
        switch self {
        case .short(let scale):
            let count = UInt16(truncatingIfNeeded: bits)
            guard count != Self.missingShort else { return nil }
            value = Double(count) / scale
        case .decimal(let scale):
            let count = Int32(bitPattern: UInt32(truncatingIfNeeded: bits))
            guard count != Self.missingCount else { return nil }
            value = Double(count) / scale
        case .single:
            value = Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
        case .double:
            value = Double(bitPattern: bits)
        }
        return value.isNaN ? nil : value
    }

    /// `value × scale` as a count in range (the missing marker excluded), or nil.
    private static func count(_ value: Double, scale: Double) -> Int32? {
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, scaled > Double(Int32.min), scaled <= Double(Int32.max) else { return nil }
        return Int32(scaled)
    }
}
