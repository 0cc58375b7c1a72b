/// JSON text read one event at a time, held strictly to the grammar of RFC 8259: the reader behind
/// `StrictJSON.check` and the readers that walk a file instead of decoding it whole
/// (`SignaturePadJSON`), so that a value a reader does not want is skipped, never stored, and each
/// number's text is at hand (to move its decimal point exactly).
///
/// A trailing comma, a repeated key in one object, a number too large for a Double (`1e999`), a
/// raw control character in a string, or anything after the value is an error naming its line
/// and column, as is nesting deeper than `maximumDepth`. A UTF-8 byte order mark at the start is
/// allowed. Nesting is followed with a stack of its own (no recursion), and each object's keys are
/// checked for repeats with a hash set.
struct JSONPullReader {
    /// The deepest nesting of arrays and objects read: 512, Foundation's own decoder's limit, so
    /// that every JSON reader refuses the same files.
    static let maximumDepth = 512

    /// One step through the text.
    enum Event: Equatable {
        case beginObject, endObject, beginArray, endArray
        /// An object member's key, escapes decoded (UTF-8); the member's value follows.
        case key([UInt8])
        /// A string value, escapes decoded (UTF-8).
        case string([UInt8])
        /// A number value: where its text is (`text(of:)`, `number(at:)`).
        case number(Range<Int>)
        case boolean(Bool)
        case null
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    /// An open array or object: for an object, the keys seen so far.
    private enum Container {
        case array
        case object(Set<[UInt8]>)
    }

    private var stack: [Container] = []
    private var started = false
    private var finished = false
    /// True right after an array or object opened: its first element needs no comma.
    private var first = false
    /// True right after a key: a value comes next.
    private var valueFollows = false

    /// How deep the reader is: 0 outside the top-level value, 1 inside it, and so on.
    var depth: Int { stack.count }

    /// A reader of the JSON text in `bytes` (which must stay valid while it reads).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next event, or nil once the top-level value has ended and nothing but white space
    /// follows it; throws `InkFormatError.malformed` naming the line and column of the first
    /// departure from the grammar.
    mutating func next() throws(InkFormatError) -> Event? {
        if !started {
            started = true
            skipSpace()
            return try value()
        }
        if valueFollows {
            valueFollows = false
            return try value()
        }
        guard !stack.isEmpty else {
            if !finished {
                skipSpace()
                guard index == bytes.count else { throw failure("more after the end of the value") }
                finished = true
            }
            return nil
        }
        skipSpace()
        guard let byte = peek() else { throw failure("the document ends inside an array or object") }
        let inArray = if case .array = stack[stack.count - 1] { true } else { false }
        let closing = inArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
        if byte == closing {
            index += 1
            stack.removeLast()
            first = false
            return inArray ? .endArray : .endObject
        }
        if first {
            first = false
        } else {
            guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or '\(Character(UnicodeScalar(closing)))'") }
            index += 1
            skipSpace()
            if peek() == closing { throw failure("a trailing comma") }
        }
        if inArray { return try value() }
        let name = try key()
        valueFollows = true
        return .key(name)
    }

    /// Skips the value that begins with `event` (just read): for an array or an object, every
    /// event up to its end.
    mutating func skip(_ event: Event) throws(InkFormatError) {
        guard event == .beginObject || event == .beginArray else { return }
        let level = depth - 1
        while depth > level {
            guard try next() != nil else { return }
        }
    }

    /// The text of the number at `range`.
    func text(of range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
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

    /// Reads a value, or opens an array or object on the stack.
    private mutating func value() throws(InkFormatError) -> Event {
        guard let byte = peek() else { throw failure("expected a value, found the end") }
        first = false
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["), stack.count >= Self.maximumDepth {
            throw failure("arrays and objects nested deeper than \(Self.maximumDepth)")
        }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            stack.append(.object([]))
            first = true
            return .beginObject
        case UInt8(ascii: "["):
            index += 1
            stack.append(.array)
            first = true
            return .beginArray
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return .number(try number())
        }
    }

    /// Reads `"key":` in the innermost object, refusing a key it already has.
    private mutating func key() throws(InkFormatError) -> [UInt8] {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
        let start = index
        let key = try string()
        guard case .object(var keys) = stack[stack.count - 1] else { return key }
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
        return key
    }

    /// Reads a string; returns its content with escapes decoded (UTF-8).
    private mutating func string() throws(InkFormatError) -> [UInt8] {
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
                    // `\u0041` is "A"; a surrogate pair (`\ud83d\ude00`) is one character.
                    var code = try hexCode()
                    if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                       bytes[index + 1] == UInt8(ascii: "u") {
                        let mark = index
                        index += 2
                        let low = try hexCode()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00) } else { index = mark }
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        index -= 6
                        throw failure("\\u escape of half a surrogate pair (not text)")
                    }
                    content.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw failure("an unknown escape '\\\(Character(UnicodeScalar(escaped)))'")
                }
            case 0..<0x20:
                index -= 1
                throw failure("a control character inside a string (write it escaped)")
            default: content.append(byte)
            }
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hexCode() throws(InkFormatError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = peek().flatMap({ Self.hexValue($0) }) else { throw failure("\\u needs four hex digits") }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    private mutating func literal(_ word: StaticString) throws(InkFormatError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, expected.indices.allSatisfy({ bytes[index + $0] == expected[$0] }) else {
            throw failure("expected a value")
        }
        index += expected.count
    }

    /// Reads a number by the grammar `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
    /// refusing one whose value is beyond a Double's range.
    private mutating func number() throws(InkFormatError) -> Range<Int> {
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
            if let value = Double(text(of: start..<index)), !value.isFinite {
                let shown = text(of: start..<Swift.min(index, start + 32))
                index = start
                throw failure("the number \(shown) is beyond a Double's range")
            }
        } else if index - start > 309, let value = Double(text(of: start..<index)), !value.isFinite {
            index = start
            throw failure("a number is beyond a Double's range")
        }
        return start..<index
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// The typed values of events, for the readers that walk a file (errors name the place given).
extension JSONPullReader {
    /// The value of the member whose key was just read (the grammar guarantees one).
    mutating func memberValue() throws(InkFormatError) -> Event {
        guard let event = try next() else { throw failure("expected a value") }
        return event
    }

    /// The number `event` holds, or nil for null; throws naming `place` for anything else.
    func number(_ event: Event, at place: String) throws(InkFormatError) -> Double? {
        event == .null ? nil : try requiredNumber(event, at: place)
    }

    /// The number `event` holds; throws naming `place` for anything else, null included.
    func requiredNumber(_ event: Event, at place: String) throws(InkFormatError) -> Double {
        guard case .number(let range) = event, let number = Double(text(of: range)) else {
            throw .malformed("\(place): expected a number\(event == .null ? ", found null" : "")")
        }
        return number
    }

    /// The string `event` holds, or nil for null; throws naming `place` for anything else.
    func string(_ event: Event, at place: String) throws(InkFormatError) -> String? {
        if event == .null { return nil }
        guard case .string(let bytes) = event else { throw .malformed("\(place): expected a string") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
