/// Formats coordinates for SVG: at most `decimals` digits after the point, no trailing zeros, no
/// exponent below 2^63 (past it, Swift's shortest form such as `1e+19`, which SVG reads too), so
/// output is compact, readable and identical on every platform, and no value traps.
enum SVGNumber {
    static func format(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Past 2^63 no Int64 holds the value: Swift's shortest form (`1e+19`) is an SVG number too.
        guard abs(scaled) < 9e15 else { return abs(value) < 9e18 ? String(Int64(value.rounded())) : "\(value.rounded())" }
        var integer = Int64(scaled)
        let negative = integer < 0
        integer = abs(integer)
        var fraction = integer % Int64(scale)
        let whole = integer / Int64(scale)
        var digits = decimals
        while digits > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var text = negative && (whole != 0 || fraction != 0) ? "-" : ""
        text += String(whole)
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }
}
