/// One channel of a stroke's samples (x, y, time, force, …) as version 2 of `BinaryInk` stores it:
/// every value exactly as given, missing values kept missing.
///
/// Layout: one header byte — bits 0–3 the decimal places (0…15), bits 4–6 the encoding (0…4: a
/// decimal whose counts are stored in units of 1, 2, 4, 5 or 25 — the coarsest that divides every
/// count; 5: single precision; 6: double precision), bit 7 set when some sample lacks a value or
/// (in a decimal column) holds −0; with that bit, the runs: their number, then each run as
/// length × 4 + state (0 a value, 1 missing, 2 a decimal −0), varints. Then the values of the
/// samples in state 0: for decimal, zigzag-varint
/// residuals of the counts of 10^-places × multiplier units, each against its prediction (the
/// continuation of the last two for x, y and time, the previous value for the rest); for single
/// and double precision, the IEEE-754 bits, little-endian.
///
/// A decimal is chosen when every value `v` of the column is `count / 10^places` exactly, bit for
/// bit, with |count| ≤ 2⁵³ (recorded ink is decimals of a few places: tablet units, 1/100 mm,
/// milliseconds, pressures given to 3–6 places); else single precision when every value is a
/// float; else double precision.
struct BinaryInkColumn: Equatable {
    enum Encoding: Equatable {
        case decimal(places: Int, multiplier: Int64)
        case single
        case double
    }

    /// The most decimal places tried.
    static let maximumPlaces = 15
    /// The units a decimal's counts may be stored in, by header code. With the fewest places
    /// that hold every value, no unit of 10 or its multiples can divide every count.
    static let multipliers: [Int64] = [1, 2, 4, 5, 25]
    /// The largest count a decimal stores (2⁵³: every count up to it is an exact Double).
    static let largestCount = 9_007_199_254_740_992.0

    var encoding: Encoding
    /// The value of each sample, nil where it is missing.
    var values: [Double?]

    /// A sample's state in the runs: a value stored in the column, no value, or a negative zero
    /// (which a decimal count cannot carry).
    enum State: UInt64 {
        case value = 0, missing = 1, negativeZero = 2
    }
    /// Whether a value is predicted from the last two (constant rate) rather than the last one.
    var linear: Bool

    /// The column holding `values`, in the narrowest encoding that keeps each exactly.
    init(values: [Double?], linear: Bool) {
        self.values = values
        self.linear = linear
        let present = values.compactMap { $0 }
        if let places = (0...Self.maximumPlaces).first(where: { places in present.allSatisfy { Self.count($0, places: places) != nil } }) {
            let counts = present.compactMap { Self.count($0, places: places) }
            let multiplier: Int64 = [25, 5, 4, 2].first { unit in counts.allSatisfy { $0 % unit == 0 } } ?? 1
            encoding = .decimal(places: places, multiplier: multiplier)
        } else if present.allSatisfy({ Double(Float($0)).bitPattern == $0.bitPattern }) {
            encoding = .single
        } else {
            encoding = .double
        }
    }

    /// Each sample's state (negative zeros are kept apart only in a decimal column).
    var states: [State] {
        let decimal = if case .decimal = encoding { true } else { false }
        return values.map { value in
            guard let value else { return .missing }
            return decimal && value == 0 && value.sign == .minus ? .negativeZero : .value
        }
    }

    /// `value × 10^places` when it is a whole count that gives `value` back bit for bit (−0 counts
    /// as 0: the runs restore its sign).
    static func count(_ value: Double, places: Int) -> Int64? {
        if value == 0 { return 0 }
        let scale = power(places)
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) <= largestCount, (scaled / scale).bitPattern == value.bitPattern else { return nil }
        return Int64(scaled)
    }

    /// 10^places, exact for 0…22 places.
    static func power(_ places: Int) -> Double {
        var result = 1.0
        for _ in 0..<places { result *= 10 }
        return result
    }

    func write(to writer: inout ByteWriter) {
        let states = self.states
        let hasRuns = states.contains { $0 != .value }
        var header: UInt8 = hasRuns ? 0x80 : 0
        switch encoding {
        case .decimal(let places, let multiplier):
            header |= UInt8(places) | UInt8(Self.multipliers.firstIndex(of: multiplier) ?? 0) << 4
        case .single: header |= 5 << 4
        case .double: header |= 6 << 4
        }
        writer.byte(header)
        if hasRuns { Self.writeRuns(states, to: &writer) }
        switch encoding {
        case .decimal(let places, let multiplier):
            var last: Int64 = 0, beforeLast: Int64 = 0, index = 0
            for (value, state) in zip(values, states) where state == .value {
                guard let value, let count = Self.count(value, places: places) else { continue }
                let units = count / multiplier
                let prediction = index == 0 ? 0 : (linear && index > 1 ? last &* 2 &- beforeLast : last)
                writer.signed(units &- prediction)
                (beforeLast, last) = (last, units)
                index += 1
            }
        case .single:
            for value in values.compactMap({ $0 }) { writer.bytes(withUnsafeBytes(of: Float(value).bitPattern.littleEndian, Array.init)) }
        case .double:
            for value in values.compactMap({ $0 }) { writer.double(value) }
        }
    }

    private static func writeRuns(_ states: [State], to writer: inout ByteWriter) {
        var runs: [(length: Int, state: State)] = []
        for state in states {
            if let last = runs.last, last.state == state { runs[runs.count - 1].length += 1 } else { runs.append((1, state)) }
        }
        writer.varint(UInt64(runs.count))
        for run in runs { writer.varint(UInt64(run.length) << 2 | run.state.rawValue) }
    }

    /// Reads a column of `count` samples.
    static func read(from reader: inout ByteReader, count: Int, linear: Bool) throws(InkFormatError) -> [Double?] {
        let header = try reader.byte()
        let encoding: Encoding
        switch Int(header >> 4 & 7) {
        case let code where code < multipliers.count: encoding = .decimal(places: Int(header & 15), multiplier: multipliers[code])
        case 5: encoding = .single
        case 6: encoding = .double
        case let code: throw .invalidValue("column encoding \(code)")
        }
        // Without runs every sample holds a value of at least one byte.
        guard header & 0x80 != 0 || count <= reader.remaining else {
            throw .malformed("\(count) samples in \(reader.remaining) bytes (truncated)")
        }
        let states = header & 0x80 != 0 ? try readRuns(from: &reader, count: count) : [State](repeating: .value, count: count)
        var values: [Double?] = []
        values.reserveCapacity(count)
        var last: Int64 = 0, beforeLast: Int64 = 0, index = 0
        for state in states {
            switch state {
            case .missing:
                values.append(nil)
                continue
            case .negativeZero:
                values.append(-0.0)
                continue
            case .value:
                break
            }
            switch encoding {
            case .decimal(let places, let multiplier):
                let residual = try reader.signed()
                let prediction = index == 0 ? 0 : (linear && index > 1 ? last &* 2 &- beforeLast : last)
                let units = prediction &+ residual
                (beforeLast, last) = (last, units)
                let (count, overflow) = units.multipliedReportingOverflow(by: multiplier)
                guard !overflow, abs(Double(count)) <= largestCount else { throw .invalidValue("a count beyond 2^53") }
                values.append(Double(count) / power(places))
            case .single:
                let bytes = try reader.bytes(4)
                let bits = bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
                values.append(Double(Float(bitPattern: bits)))
            case .double:
                values.append(try reader.double())
            }
            index += 1
        }
        return values
    }

    /// The state of each of `count` samples.
    private static func readRuns(from reader: inout ByteReader, count: Int) throws(InkFormatError) -> [State] {
        let runCount = try reader.varint()
        guard runCount > 0, runCount <= UInt64(count) else { throw .invalidValue("\(runCount) runs for \(count) samples") }
        var states: [State] = []
        states.reserveCapacity(count)
        for _ in 0..<runCount {
            let run = try reader.varint()
            guard let state = State(rawValue: run & 3) else { throw .invalidValue("run state \(run & 3)") }
            let length = run >> 2
            guard length <= UInt64(count - states.count) else { throw .invalidValue("runs longer than the \(count) samples") }
            states += repeatElement(state, count: Int(length))
        }
        guard states.count == count else { throw .invalidValue("runs covering \(states.count) of \(count) samples") }
        return states
    }
}
