#if !hasFeature(Embedded)
import Foundation
#endif

/// Appends the primitive values of the binary format.
struct ByteWriter {
    private(set) var output: [UInt8] = []

    mutating func byte(_ value: UInt8) { output.append(value) }
    mutating func bytes(_ values: [UInt8]) { output += values }

    /// An unsigned LEB128 varint.
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            output.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }

    /// A signed integer, zigzag-encoded so small magnitudes of either sign stay short.
    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) {
        var bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { output += $0 }
    }

    mutating func string(_ text: String) {
        let utf8 = Array(text.utf8)
        varint(UInt64(utf8.count))
        output += utf8
    }
}

/// Reads the primitive values of the binary format, throwing on truncation or malformed values.
struct ByteReader {
    private let input: [UInt8]
    private var offset = 0

    init(_ input: [UInt8]) {
        self.input = input
    }

    var isAtEnd: Bool { offset == input.count }
    var remaining: Int { input.count - offset }

    mutating func byte() throws(InkFormatError) -> UInt8 {
        guard offset < input.count else { throw .malformed("truncated at byte \(offset)") }
        defer { offset += 1 }
        return input[offset]
    }

    mutating func bytes(_ count: Int) throws(InkFormatError) -> [UInt8] {
        guard count >= 0, count <= input.count - offset else { throw .malformed("truncated at byte \(offset)") }
        defer { offset += count }
        return Array(input[offset..<(offset + count)])
    }

    mutating func varint() throws(InkFormatError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let next = try byte()
            value |= UInt64(next & 0x7F) << UInt64(shift)
            if next & 0x80 == 0 { return value }
        }
        throw .malformed("varint longer than 64 bits at byte \(offset)")
    }

    mutating func signed() throws(InkFormatError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func double() throws(InkFormatError) -> Double {
        let raw = try bytes(8)
        var bits: UInt64 = 0
        for (index, value) in raw.enumerated() { bits |= UInt64(value) << UInt64(8 * index) }
        let value = Double(bitPattern: bits)
        guard value.isFinite else { throw .invalidValue("non-finite number at byte \(offset - 8)") }
        return value
    }

    mutating func string(limit: Int) throws(InkFormatError) -> String {
        let length = try varint()
        guard length <= UInt64(limit) else { throw .limitExceeded("a name of \(length) bytes, over the limit of \(limit) (maximumNameLength)") }
        let raw = try bytes(Int(length))
        // Decoding replaces each invalid sequence (so the text then differs from the bytes).
        let text = String(decoding: raw, as: UTF8.self)
        guard text.utf8.elementsEqual(raw) else { throw .malformed("a name that is not UTF-8") }
        return text
    }
}
