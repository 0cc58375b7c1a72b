import Foundation

/// The JSON grammar of RFC 8259, checked strictly and in one linear pass before Foundation's
/// decoder reads a file, so that every JSON reader has one behaviour whichever path it takes: a
/// trailing comma, a repeated key in one object, a number too large for a Double (`1e999`), a raw
/// control character in a string, or anything after the value is an error naming its line and
/// column. A UTF-8 byte order mark at the start is allowed. Nesting is followed with a stack of its
/// own (no recursion), and each object's keys are checked for repeats with a hash set.
enum StrictJSON {
    /// Throws `InkFormatError.malformed` naming the line and column of the first departure from
    /// the grammar in `data`.
    static func check(_ data: Data) throws(InkFormatError) {
        let outcome: InkFormatError? = data.withUnsafeBytes { raw in
            var checker = Checker(bytes: raw.bindMemory(to: UInt8.self))
            do throws(InkFormatError) {
                try checker.document()
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
    }

    private struct Checker {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// An open array or object: for an object, the keys seen so far.
        enum Container {
            case array
            case object(Set<[UInt8]>)
        }

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws(InkFormatError) {
            var stack: [Container] = []
            skipSpace()
            // True right after an array or object opened: its first element needs no comma.
            var first = try value(&stack)
            while !stack.isEmpty {
                skipSpace()
                guard let byte = peek() else { throw failure("the document ends inside an array or object") }
                let closing: UInt8 = if case .array = stack[stack.count - 1] { UInt8(ascii: "]") } else { UInt8(ascii: "}") }
                if byte == closing {
                    index += 1
                    stack.removeLast()
                    first = false
                    continue
                }
                if first {
                    first = false
                } else {
                    guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or '\(Character(UnicodeScalar(closing)))'") }
                    index += 1
                    skipSpace()
                    if peek() == closing { throw failure("a trailing comma") }
                }
                if case .object = stack[stack.count - 1] { try key(&stack) }
                first = try value(&stack)
            }
            skipSpace()
            guard index == bytes.count else { throw failure("more after the end of the value") }
        }

        /// Reads a value, or opens an array or object on `stack` (returning true) whose elements
        /// the loop of `document()` reads: no recursion, however deep the nesting.
        mutating func value(_ stack: inout [Container]) throws(InkFormatError) -> Bool {
            guard let byte = peek() else { throw failure("expected a value, found the end") }
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                stack.append(.object([]))
                return true
            case UInt8(ascii: "["):
                index += 1
                stack.append(.array)
                return true
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try number()
            }
            return false
        }

        /// Reads `"key":` in the innermost object, refusing a key it already has.
        mutating func key(_ stack: inout [Container]) throws(InkFormatError) {
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let start = index
            let key = try string()
            guard case .object(var keys) = stack[stack.count - 1] else { return }
            stack[stack.count - 1] = .array  // hands the set over without a copy
            guard keys.insert(key).inserted else {
                index = start
                throw failure("the key \"\(String(decoding: key, as: UTF8.self).prefix(64))\" is repeated in one object")
            }
            stack[stack.count - 1] = .object(keys)
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            index += 1
            skipSpace()
        }

        /// Reads a string; returns its content with escapes decoded (UTF-8), for key comparison.
        mutating func string() throws(InkFormatError) -> [UInt8] {
            index += 1
            var content: [UInt8] = []
            while true {
                guard let byte = peek() else { throw failure("a string is not closed") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return content
                case UInt8(ascii: "\\"):
                    guard let escaped = peek() else { throw failure("a string is not closed") }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): content.append(escaped)
                    case UInt8(ascii: "b"): content.append(8)
                    case UInt8(ascii: "f"): content.append(12)
                    case UInt8(ascii: "n"): content.append(10)
                    case UInt8(ascii: "r"): content.append(13)
                    case UInt8(ascii: "t"): content.append(9)
                    case UInt8(ascii: "u"):
                        var code: UInt32 = 0
                        for _ in 0..<4 {
                            guard let digit = peek().flatMap({ Self.hexValue($0) }) else { throw failure("\\u needs four hex digits") }
                            code = code << 4 | digit
                            index += 1
                        }
                        // A key is compared as text: `\u0041` is "A". A surrogate (half of a pair)
                        // is kept as its code unit, behind a byte no UTF-8 text holds.
                        if let scalar = Unicode.Scalar(code) {
                            content.append(contentsOf: Array(String(Character(scalar)).utf8))
                        } else {
                            content.append(contentsOf: [0xFF, UInt8(code >> 8), UInt8(code & 0xFF)])
                        }
                    default: throw failure("an unknown escape '\\\(Character(UnicodeScalar(escaped)))'")
                    }
                case 0..<0x20:
                    index -= 1
                    throw failure("a control character inside a string (write it escaped)")
                default: content.append(byte)
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(InkFormatError) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - index >= expected.count, expected.indices.allSatisfy({ bytes[index + $0] == expected[$0] }) else {
                throw failure("expected a value")
            }
            index += expected.count
        }

        /// Reads a number by the grammar `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
        /// refusing one whose value is beyond a Double's range.
        mutating func number() throws(InkFormatError) {
            let start = index
            if peek() == UInt8(ascii: "-") { index += 1 }
            guard let first = peek(), Self.isDigit(first) else { throw failure("expected a value") }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if peek() == UInt8(ascii: ".") {
                index += 1
                guard let digit = peek(), Self.isDigit(digit) else { throw failure("a digit must follow '.'") }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                guard let digit = peek(), Self.isDigit(digit) else { throw failure("a digit must follow the exponent") }
                skipDigits()
                // Only a number with an exponent can overflow a Double (a digit run of 128 MiB cannot).
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                if let value = Double(text), !value.isFinite {
                    index = start
                    throw failure("the number \(text.prefix(32)) is beyond a Double's range")
                }
            } else if index - start > 309, let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)), !value.isFinite {
                index = start
                throw failure("a number is beyond a Double's range")
            }
        }

        mutating func skipDigits() {
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }

        mutating func skipSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        /// An error at the current position: its line and column (1-based, columns in bytes).
        func failure(_ problem: String) -> InkFormatError {
            var line = 1, lineStart = 0
            for position in 0..<Swift.min(index, bytes.count) where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            return .malformed("not valid JSON: line \(line), column \(index - lineStart + 1): \(problem)")
        }
    }
}
