/// One channel of a stroke's samples (x, y, time, force, …) as version 2 of `BinaryInk` stores it:
/// every value exactly as given, missing values kept missing.
///
/// Layout: one header byte — bits 0–3 the decimal places (0…15), bits 4–6 the encoding (0…4: a
/// decimal whose counts are stored in units of 1, 2, 4, 5 or 25 — the coarsest that divides every
/// count; 5: single precision; 6: double precision), bit 7 set when some sample lacks a value; with
/// that bit, the gaps: the number of runs and the run lengths, alternately present and missing,
/// starting with present (varints). Then the present values: for decimal, zigzag-varint
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

    /// `value × 10^places` when it is a whole count that gives `value` back bit for bit.
    static func count(_ value: Double, places: Int) -> Int64? {
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
        let hasGaps = values.contains { $0 == nil }
        var header: UInt8 = hasGaps ? 0x80 : 0
        switch encoding {
        case .decimal(let places, let multiplier):
            header |= UInt8(places) | UInt8(Self.multipliers.firstIndex(of: multiplier) ?? 0) << 4
        case .single: header |= 5 << 4
        case .double: header |= 6 << 4
        }
        writer.byte(header)
        if hasGaps { writeGaps(to: &writer) }
        switch encoding {
        case .decimal(let places, let multiplier):
            var last: Int64 = 0, beforeLast: Int64 = 0, index = 0
            for value in values {
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

    private func writeGaps(to writer: inout ByteWriter) {
        var runs: [Int] = []
        var present = true, length = 0
        for value in values {
            if (value != nil) == present {
                length += 1
            } else {
                runs.append(length)
                present.toggle()
                length = 1
            }
        }
        runs.append(length)
        writer.varint(UInt64(runs.count))
        for run in runs { writer.varint(UInt64(run)) }
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
        let presence = header & 0x80 != 0 ? try readGaps(from: &reader, count: count) : [Bool](repeating: true, count: count)
        var values: [Double?] = []
        values.reserveCapacity(count)
        var last: Int64 = 0, beforeLast: Int64 = 0, index = 0
        for present in presence {
            guard present else {
                values.append(nil)
                continue
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

    /// Whether each of `count` samples has a value.
    private static func readGaps(from reader: inout ByteReader, count: Int) throws(InkFormatError) -> [Bool] {
        let runCount = try reader.varint()
        guard runCount > 0, runCount <= UInt64(count) else { throw .invalidValue("\(runCount) runs for \(count) samples") }
        var presence: [Bool] = []
        presence.reserveCapacity(count)
        var present = true
        for _ in 0..<runCount {
            let length = try reader.varint()
            guard length <= UInt64(count - presence.count) else { throw .invalidValue("runs longer than the \(count) samples") }
            presence += repeatElement(present, count: Int(length))
            present.toggle()
        }
        guard presence.count == count else { throw .invalidValue("runs covering \(presence.count) of \(count) samples") }
        return presence
    }
}
