/// Unit changes by a power of ten done on the decimal digits, so that a value read as a decimal
/// (2.862 s) becomes the decimal it names in the other unit (2862 ms) and comes back unchanged —
/// multiplying the binary value by 1000 would give 2862.0000000000005 ms.
enum DecimalShift {
    /// `value` × 10^`places` (places may be negative), computed on the shortest decimal text that
    /// reads back as `value`; non-finite values are multiplied as they are.
    static func shifted(_ value: Double, by places: Int) -> Double {
        guard value.isFinite, value != 0 else { return value * pow10(places) }
        var text = "\(value)"
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: marker)...]) ?? 0
            text = String(text[..<marker])
        }
        return Double("\(text)e\(exponent + places)") ?? value * pow10(places)
    }

    private static func pow10(_ places: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(places) { result *= 10 }
        return places < 0 ? 1 / result : result
    }
}
