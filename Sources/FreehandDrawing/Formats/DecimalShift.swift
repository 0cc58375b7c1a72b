/// Unit changes by a power of ten done on the decimal digits, so that a value read as a decimal
/// (2.862 s) becomes the decimal it names in the other unit (2862 ms) and comes back unchanged —
/// multiplying the binary value by 1000 would give 2862.0000000000005 ms.
enum DecimalShift {
    /// `value` × 10^`places` (places may be negative), computed on the shortest decimal text that
    /// reads back as `value`; non-finite values are multiplied as they are.
    static func shifted(_ value: Double, by places: Int) -> Double {
        guard value.isFinite, value != 0 else { return value * pow10(places) }
        return Double(shiftedText("\(value)", by: places)) ?? value * pow10(places)
    }

    /// The decimal number `text` (JSON's or Swift's number syntax) × 10^`places`, as decimal text:
    /// the digits unchanged, the point moved (`"0.30000000000000004"` by 3 is
    /// `"300.00000000000004"`), so that the text reads back as the nearest Double to the exact
    /// product — and moving it back gives the text of the very value it came from. Plain
    /// notation while the point stays within 21 places of the digits, else an exponent.
    static func shiftedText(_ text: String, by places: Int) -> String {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        var digits: [UInt8] = []
        var point: Int?
        var exponent = 0
        var position = utf8.startIndex
        while position != utf8.endIndex {
            let byte = utf8[position]
            if byte == UInt8(ascii: ".") {
                point = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let value = Int(String(decoding: utf8[utf8.index(after: position)...], as: UTF8.self)) else { return text }
                exponent = value
                break
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits.append(byte)
            } else {
                return text
            }
            position = utf8.index(after: position)
        }
        // The value is 0.DIGITS × 10^decimal: trim zeros that carry nothing.
        var decimal = (point ?? digits.count) + exponent + places
        while digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            decimal -= 1
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard !digits.isEmpty else { return negative ? "-0" : "0" }
        var result = negative ? "-" : ""
        let zero = UInt8(ascii: "0")
        if decimal > 21 || decimal < -20 {
            result += String(decoding: [digits[0]], as: UTF8.self)
            if digits.count > 1 { result += "." + String(decoding: digits[1...], as: UTF8.self) }
            return result + "e\(decimal - 1)"
        }
        if decimal <= 0 {
            return result + "0." + String(decoding: [UInt8](repeating: zero, count: -decimal) + digits, as: UTF8.self)
        }
        if decimal >= digits.count {
            return result + String(decoding: digits + [UInt8](repeating: zero, count: decimal - digits.count), as: UTF8.self)
        }
        return result + String(decoding: digits[..<decimal], as: UTF8.self) + "." + String(decoding: digits[decimal...], as: UTF8.self)
    }

    private static func pow10(_ places: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(places) { result *= 10 }
        return places < 0 ? 1 / result : result
    }
}
