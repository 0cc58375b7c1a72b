extension Array where Element == UInt8 {
    /// Appends `value` in decimal, as `String(value)` spells it, without making a string: the
    /// vector pictures write millions of numbers.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude)
    }

    /// Appends `value`'s decimal digits.
    mutating func appendDecimal(_ value: UInt) {
        var divisor: UInt = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
