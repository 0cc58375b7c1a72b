import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// The JSON values and bytes `InkJSONScanner` reads.
extension InkJSONScanner {
    // MARK: - JSON

    /// Reads an object, calling `member` with each key and the scanner at its value. A key seen
    /// twice is the decoder's to judge.
    mutating func object(_ member: (String, inout InkJSONScanner) throws(Unsure) -> Void) throws(Unsure) {
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Unsure() }
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        var seen: Set<String> = []
        while true {
            skipSpace()
            let key = try string()
            guard seen.insert(key).inserted else { throw Unsure() }
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try member(key, &self)
            skipSpace()
            guard let next = take() else { throw Unsure() }
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw Unsure() }
        }
    }

    /// Reads an array of `element`s.
    mutating func array<Element>(_ element: (inout InkJSONScanner) throws(Unsure) -> Element) throws(Unsure) -> [Element] {
        try array(nil, element: element)
    }

    /// Reads an array of `element`s, calling `before` (if any) with the elements so far before each
    /// (which it may hand out or make room in).
    mutating func array<Element>(
        _ before: ((inout InkJSONScanner, inout [Element]) throws(Unsure) -> Void)?, element: (inout InkJSONScanner) throws(Unsure) -> Element
    ) throws(Unsure) -> [Element] {
        try expect(UInt8(ascii: "["))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Unsure() }
        skipSpace()
        var result: [Element] = []
        if peek() == UInt8(ascii: "]") {
            index += 1
            return result
        }
        while true {
            if let before { try before(&self, &result) }
            skipSpace()
            result.append(try element(&self))
            skipSpace()
            guard let next = take() else { throw Unsure() }
            if next == UInt8(ascii: "]") { return result }
            guard next == UInt8(ascii: ",") else { throw Unsure() }
        }
    }

    /// `value`, or nil for a JSON null.
    mutating func optional<Value>(_ value: (inout InkJSONScanner) throws(Unsure) -> Value) throws(Unsure) -> Value? {
        if matches("null") { return nil }
        return try value(&self)
    }

    mutating func optionalString() throws(Unsure) -> String? {
        try optional { (s: inout InkJSONScanner) throws(Unsure) in try s.string() }
    }

    mutating func optionalNumber() throws(Unsure) -> Double? {
        try optional { (s: inout InkJSONScanner) throws(Unsure) in try s.number() }
    }

    /// A string without escapes (an escape is the decoder's to read).
    mutating func string() throws(Unsure) -> String {
        try validatedText(keyBytes())
    }

    /// The bytes between the quotes of a string without escapes or control characters (either is
    /// the decoder's to read), not yet checked to be UTF-8.
    mutating func keyBytes() throws(Unsure) -> Range<Int> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw Unsure() }
            index += 1
        }
        throw Unsure()
    }

    /// The text of `range`; invalid UTF-8 is the decoder's to judge.
    func validatedText(_ range: Range<Int>) throws(Unsure) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard text.utf8.count == range.count else { throw Unsure() }
        return text
    }

    /// True when the bytes of `range` spell `word` (ASCII).
    func isKey(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// A JSON number (strict grammar), converted correctly rounded.
    ///
    /// Most numbers in ink files have at most 15 significant digits and a small exponent: their
    /// digits make an integer below 2^53 and the power of ten is exact, so one division or
    /// multiplication — itself correctly rounded — gives the correctly rounded value (Clinger's fast
    /// path). Any other number goes to `strtod`.
    mutating func number() throws(Unsure) -> Double {
        let start = index, count = bytes.count
        guard let base = bytes.baseAddress else { throw Unsure() }
        var i = index
        let negative = i < count && base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < count, base[i] &- UInt8(ascii: "0") < 10 else { throw Unsure() }
        let first = base[i] &- UInt8(ascii: "0")
        i += 1
        var mantissa = UInt64(first), significant = first == 0 ? 0 : 1
        var exponent = 0, exact = true
        // Digits read straight from the buffer (a digit is a byte whose distance from "0" is below
        // 10); past the 19th significant digit only strtod rounds right.
        if first != 0 {
            while i < count, case let digit = base[i] &- UInt8(ascii: "0"), digit < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                } else {
                    exact = false
                }
                i += 1
            }
        }
        if i < count, base[i] == UInt8(ascii: ".") {
            i += 1
            guard i < count, base[i] &- UInt8(ascii: "0") < 10 else { throw Unsure() }
            while i < count, case let digit = base[i] &- UInt8(ascii: "0"), digit < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                } else {
                    exact = false
                }
                i += 1
            }
        }
        if i < count, base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
            i += 1
            var sign = 1
            if i < count, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") {
                sign = base[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
            }
            guard i < count, base[i] &- UInt8(ascii: "0") < 10 else { throw Unsure() }
            var power = 0
            while i < count, case let digit = base[i] &- UInt8(ascii: "0"), digit < 10 {
                power = Swift.min(power * 10 + Int(digit), 100_000)
                i += 1
            }
            exponent += sign * power
        }
        index = i
        let length = index - start
        guard length < 64 else { throw Unsure() }
        if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let magnitude = Double(mantissa), scale = Self.exactPowersOfTen[abs(exponent)]
            let value = exponent < 0 ? magnitude / scale : magnitude * scale
            return negative ? -value : value
        }
        #if hasFeature(Embedded)
        // The standard library's reader (the C library's strtod underneath, as below).
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else { throw Unsure() }
        #else
        // strtod needs a terminated string: the number copied into a small buffer.
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer -> Double in
            for offset in 0..<length { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
        #endif
        // A number beyond a Double (`1e999`) is left to the strict path, which refuses it: never
        // read as infinity and then dropped as an invalid reading.
        guard value.isFinite else { throw Unsure() }
        return value
    }

    /// 10⁰ … 10²², every one exactly a Double.
    static let exactPowersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// A JSON integer that fits an Int.
    mutating func integer() throws(Unsure) -> Int {
        let start = index
        let value = try number()
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard !text.contains(UInt8(ascii: ".")), !text.contains(UInt8(ascii: "e")), !text.contains(UInt8(ascii: "E")),
            abs(value) < 1e15
        else { throw Unsure() }
        return Int(value)
    }

    /// Skips any JSON value (for keys the layout does not know).
    mutating func skipValue() throws(Unsure) {
        guard let byte = peek() else { throw Unsure() }
        switch byte {
        case UInt8(ascii: "{"): try object { (_: String, scanner: inout InkJSONScanner) throws(Unsure) in try scanner.skipValue() }
        case UInt8(ascii: "["): _ = try array { (s: inout InkJSONScanner) throws(Unsure) in try s.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): guard matches("true") else { throw Unsure() }
        case UInt8(ascii: "f"): guard matches("false") else { throw Unsure() }
        case UInt8(ascii: "n"): guard matches("null") else { throw Unsure() }
        default: _ = try number()
        }
    }

    // MARK: - Bytes

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take() -> UInt8? {
        guard index < bytes.count else { return nil }
        index += 1
        return bytes[index - 1]
    }

    mutating func expect(_ byte: UInt8) throws(Unsure) {
        guard take() == byte else { throw Unsure() }
    }

    /// Consumes `word` when it is next.
    mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
