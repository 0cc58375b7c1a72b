/// A small, non-validating XML 1.0 reader for the InkML importer: elements, attributes, character
/// data, CDATA sections, comments, processing instructions and a skipped document type declaration.
///
/// It is ours rather than Foundation's `XMLParser` because that one traps on some malformed input
/// (a processing instruction without data, malformed UTF-8 — both found by fuzzing) and is not
/// available without FoundationXML. It checks what a well-formed document needs: one root
/// element, tags that nest and match, quoted attribute values, known entity references, no control
/// characters, nothing cut off — and it bounds nesting depth. Input must be UTF-8.
struct XMLScanner {
    /// What the scanner reads next.
    enum Event: Equatable {
        /// An element starts (`<name …>` or `<name …/>`, which is followed by its `end`).
        case start(name: String, attributes: [String: String])
        /// An element ends.
        case end(name: String)
        /// Character data (entities decoded; CDATA sections verbatim).
        case text(String)
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var offset = 0
    private var open: [String] = []
    private var sawRoot = false
    private var pendingEnd: String?

    /// A scanner over `bytes` (UTF-8, already checked) that refuses nesting deeper than `maximumDepth`.
    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The next event, or nil at the end of a well-formed document.
    mutating func next() throws(InkFormatError) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            open.removeLast()
            return .end(name: name)
        }
        while offset < bytes.count {
            if bytes[offset] != UInt8(ascii: "<") {
                let text = try characterData()
                if open.isEmpty {
                    guard text.allSatisfy({ $0.isWhitespace }) else { throw error("text outside the root element") }
                    continue
                }
                return .text(text)
            }
            if starts(with: "<!--") {
                try skip(past: "-->", from: offset + 4, what: "comment")
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw error("CDATA outside the root element") }
                let start = offset + 9
                try skip(past: "]]>", from: start, what: "CDATA section")
                return .text(String(decoding: bytes[start..<(offset - 3)], as: UTF8.self))
            } else if starts(with: "<?") {
                try skip(past: "?>", from: offset + 2, what: "processing instruction")
            } else if starts(with: "<!DOCTYPE") {
                guard !sawRoot else { throw error("a document type declaration after the root element") }
                try skipDocumentType()
            } else if starts(with: "</") {
                return try endTag()
            } else {
                return try startTag()
            }
        }
        guard sawRoot else { throw error("no root element") }
        guard open.isEmpty else { throw error("the document ends inside <\(open.last!)>") }
        return nil
    }

    // MARK: Tags

    private mutating func startTag() throws(InkFormatError) -> Event {
        guard !(sawRoot && open.isEmpty) else { throw error("a second root element") }
        offset += 1
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside <\(name)>") }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                try push(name)
                return .start(name: name, attributes: attributes)
            }
            if starts(with: "/>") {
                offset += 2
                try push(name)
                pendingEnd = name
                return .start(name: name, attributes: attributes)
            }
            guard hadSpace else { throw error("expected white space, '>' or '/>' in <\(name)>") }
            let attribute = try self.name()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else { throw error("attribute '\(attribute)' has no value") }
            offset += 1
            skipWhitespace()
            guard attributes[attribute] == nil else { throw error("attribute '\(attribute)' given twice") }
            attributes[attribute] = try attributeValue()
        }
    }

    private mutating func endTag() throws(InkFormatError) -> Event {
        offset += 2
        let name = try self.name()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else { throw error("expected '>' after </\(name)") }
        offset += 1
        guard let expected = open.last else { throw error("</\(name)> closes nothing") }
        guard expected == name else { throw error("</\(name)> closes <\(expected)>") }
        open.removeLast()
        return .end(name: name)
    }

    private mutating func push(_ name: String) throws(InkFormatError) {
        guard open.count < maximumDepth else { throw .limitExceeded("elements nested deeper than \(maximumDepth) (maximumDepth)") }
        open.append(name)
        sawRoot = true
    }

    private mutating func name() throws(InkFormatError) -> String {
        let start = offset
        while offset < bytes.count, Self.isNameByte(bytes[offset], first: offset == start) { offset += 1 }
        guard offset > start else { throw error("expected a name") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...: true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    private mutating func attributeValue() throws(InkFormatError) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw error("an attribute value must be quoted")
        }
        let quote = bytes[offset]
        offset += 1
        var value: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error("the document ends inside an attribute value") }
            let byte = bytes[offset]
            if byte == quote { offset += 1; break }
            guard byte != UInt8(ascii: "<") else { throw error("'<' inside an attribute value") }
            try checkCharacter(byte)
            if byte == UInt8(ascii: "&") {
                value += try entity()
            } else {
                value.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
                offset += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    // MARK: Character data

    private mutating func characterData() throws(InkFormatError) -> String {
        var text: [UInt8] = []
        var runStart = offset
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "<") {
            let byte = bytes[offset]
            try checkCharacter(byte)
            if byte == UInt8(ascii: "&") {
                text += bytes[runStart..<offset]
                text += try entity()
                runStart = offset
            } else {
                offset += 1
            }
        }
        text += bytes[runStart..<offset]
        return String(decoding: text, as: UTF8.self)
    }

    /// The UTF-8 bytes of the entity reference at `offset` (`&lt;`, `&#65;`, `&#x41;` …).
    private mutating func entity() throws(InkFormatError) -> [UInt8] {
        let start = offset + 1
        var end = start
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw error("an unterminated entity reference") }
        let body = String(decoding: bytes[start..<end], as: UTF8.self)
        offset = end + 1
        switch body {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            let code: UInt32?
            if body.hasPrefix("#x") {
                code = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                code = UInt32(body.dropFirst(), radix: 10)
            } else {
                throw error("unknown entity '&\(body);'")
            }
            guard let code, let scalar = Unicode.Scalar(code), scalar.value >= 0x20 || [0x09, 0x0A, 0x0D].contains(scalar.value) else {
                throw error("'&\(body);' is not a character XML allows")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// XML allows no control characters but tab, line feed and carriage return.
    private func checkCharacter(_ byte: UInt8) throws(InkFormatError) {
        guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
            throw error("control character 0x\(String(byte, radix: 16)) is not allowed in XML")
        }
    }

    // MARK: Skipping

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { prefix in
            (0..<count).allSatisfy { bytes[offset + $0] == prefix[$0] }
        }
    }

    private mutating func skip(past terminator: StaticString, from start: Int, what: String) throws(InkFormatError) {
        offset = start
        while offset < bytes.count {
            if starts(with: terminator) {
                offset += terminator.utf8CodeUnitCount
                return
            }
            try checkCharacter(bytes[offset])
            offset += 1
        }
        throw error("the document ends inside a \(what)")
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset in brackets (its declarations are not used).
    private mutating func skipDocumentType() throws(InkFormatError) {
        offset += 9
        var brackets = 0
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"): brackets -= 1
            case UInt8(ascii: ">") where brackets <= 0: return
            default: try checkCharacter(byte)
            }
        }
        throw error("the document ends inside the document type declaration")
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = offset
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
        return offset > start
    }

    /// Space, tab, line feed or carriage return: XML's white space (and JSON's).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func error(_ detail: String) -> InkFormatError {
        let line = 1 + bytes[..<min(offset, bytes.count)].lazy.filter { $0 == 0x0A }.count
        return .malformed("not well-formed XML at line \(line): \(detail)")
    }
}
