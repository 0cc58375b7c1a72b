/// Decimal numbers written as ASCII straight into a byte buffer through integer arithmetic: the
/// fast paths of `JSONText` (no `String`, no general float-to-text conversion per number).
enum DecimalText {
    /// The scratch room a number needs on these paths (sign, 16 digits, point, fraction): the
    /// buffer handed to a `write` must hold this many bytes.
    static let maximumLength = 32

    /// 10^places for 0…9, exact in a `Double`.
    @inline(__always)
    private static func power(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        default: 1e9
        }
    }

    /// Writes `value` rounded to `places` decimal places (taken as 0…9), to nearest, ties to
    /// even, with the fraction's trailing zeros dropped and no sign on a zero, so that it ends just
    /// before `end` (at most `maximumLength` bytes); returns where it starts, or nil when the
    /// scaled value is not below 10¹⁵ in magnitude (or not finite).
    @inline(__always)
    static func write(_ value: Double, places requested: Int, before end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        let places = Swift.min(Swift.max(requested, 0), NumberPrecision.maximumDecimals)
        let scaled = (value * power(places)).rounded(.toNearestOrEven)
        guard scaled.magnitude < 1e15 else { return nil }
        // Exact: an integer below 2⁵³.
        return write(scaled: Int64(scaled), places: places, keepPoint: false, before: end)
    }

    /// Writes `value` as Swift's `description` would — the shortest text that reads back as
    /// exactly `value` — when that text has at most eight places and no exponent (zero, or
    /// 10⁻³ ≤ |value| < 10¹⁵), ending just before `end`; returns where it starts, or nil otherwise
    /// (the caller uses `description`'s own path).
    @inline(__always)
    static func writeShortest(_ value: Double, before end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        let magnitude = value.magnitude
        if magnitude == 0 {
            var start = end - 3
            start[0] = UInt8(ascii: "0"); start[1] = UInt8(ascii: "."); start[2] = UInt8(ascii: "0")
            if value.sign == .minus { start -= 1; start[0] = UInt8(ascii: "-") }
            return start
        }
        guard magnitude >= 1e-3, magnitude < 1e15 else { return nil }
        // The fewest places whose rounded decimal reads back as `value`: s / 10^k is the correctly
        // rounded quotient of two exact doubles, which is what reading the text "s·10⁻ᵏ" gives.
        // Requiring ulp × 10^k < 0.01 keeps the candidate integer unique, so it is the closest.
        let ulp = value.ulp
        for places in 0...8 {
            let factor = power(places)
            guard ulp * factor < 0.01 else { return nil }
            let scaled = (value * factor).rounded(.toNearestOrEven)
            guard scaled.magnitude < 1e15 else { return nil }
            if scaled / factor == value {
                return write(scaled: Int64(scaled), places: places, keepPoint: true, before: end)
            }
        }
        return nil
    }

    /// "00" "01" … "99": two digits at a time.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes `scaled` / 10^places in decimal (|scaled| < 10¹⁶), backwards from `end`: the
    /// fraction's trailing zeros dropped, and with `keepPoint` a whole number as "n.0". Returns
    /// where the text starts.
    @inline(__always)
    private static func write(scaled: Int64, places: Int, keepPoint: Bool, before end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var digits = scaled.magnitude
        var fraction = places
        while fraction > 0, digits % 10 == 0 {
            digits /= 10
            fraction -= 1
        }
        var position = end
        if fraction == 0, keepPoint {
            position -= 2
            position[0] = UInt8(ascii: ".")
            position[1] = UInt8(ascii: "0")
        }
        let pairs = digitPairs.utf8Start
        if fraction > 0 {
            // The fraction's digits, then the point; a value below 1 gets its leading "0".
            for _ in 0..<fraction {
                position -= 1
                position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
                digits /= 10
            }
            position -= 1
            position[0] = UInt8(ascii: ".")
        }
        while digits >= 100 {
            let pair = Int(truncatingIfNeeded: digits % 100) &* 2
            digits /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair + 1]
        }
        if digits >= 10 {
            let pair = Int(truncatingIfNeeded: digits) &* 2
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair + 1]
        } else {
            position -= 1
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits)
        }
        if scaled < 0 {
            position -= 1
            position[0] = UInt8(ascii: "-")
        }
        return position
    }
}
