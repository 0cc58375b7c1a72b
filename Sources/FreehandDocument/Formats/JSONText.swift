import FreehandKit

/// JSON text built as bytes in one growing buffer, for the writers of `freehand`'s JSON outputs
/// (`InkJSON`, `OutlineJSON`, `CentrelineJSON`).
///
/// Numbers are written in Swift's shortest round-trip form — the text `Double.description` gives,
/// so reading them back yields exactly the same `Double`s — straight into the buffer: as a text
/// stream, a number hands its digits over as ASCII bytes, without a `String` per number.
struct JSONText: TextOutputStream {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `string` as it is (for `TextOutputStream`).
    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends ASCII text handed over by a value written to this stream (a number's digits).
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    /// Appends literal JSON (punctuation, keys).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` in its shortest round-trip form (callers check that it is finite: JSON has
    /// no infinity or NaN).
    mutating func append(_ value: Double) {
        value.write(to: &self)
    }

    /// Appends `points` as the elements of a JSON array of `[x,y]` pairs (without its brackets).
    mutating func appendPairs(_ points: [Point]) {
        for (index, point) in points.enumerated() {
            append(index > 0 ? ",[" : "[")
            append(point.x)
            append(",")
            append(point.y)
            append("]")
        }
    }

    /// Appends `value` in decimal.
    mutating func append(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `text` as a JSON string: quoted, with quotes, backslashes and control characters
    /// escaped.
    mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case _ where scalar.value < 0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(scalar.value >> 4)])
                bytes.append(hex[Int(scalar.value & 0xF)])
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
