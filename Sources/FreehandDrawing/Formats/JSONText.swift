import FreehandKit

/// JSON text built as bytes in one growing buffer, for the writers of `freehand`'s JSON outputs
/// (`InkJSON`, `OutlineJSON`, `CentrelineJSON`).
///
/// Numbers are written in Swift's shortest round-trip form — the text `Double.description` gives,
/// so reading them back yields exactly the same `Double`s — or rounded to a `NumberPrecision`,
/// straight into the buffer: most through integer arithmetic (`DecimalText`), the rest as a text
/// stream that hands its digits over as ASCII bytes, without a `String` per number.
struct JSONText: TextOutputStream {
    /// The parts of the text before `current`, in order.
    private var finished: [[UInt8]] = []
    /// The part of the text being appended to, UTF-8.
    private var current: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int = 0) {
        current.reserveCapacity(capacity)
    }

    /// The text, UTF-8, in one buffer.
    var bytes: [UInt8] {
        guard !finished.isEmpty else { return current }
        var joined: [UInt8] = []
        joined.reserveCapacity(finished.reduce(current.count) { $0 + $1.count })
        for part in finished { joined.append(contentsOf: part) }
        joined.append(contentsOf: current)
        return joined
    }

    /// The text, UTF-8, in parts to be written one after another (a long run of pairs formatted
    /// on two processor cores stays in the two buffers it was formatted in).
    var parts: [[UInt8]] { finished + [current] }

    /// Appends `string` as it is (for `TextOutputStream`).
    mutating func write(_ string: String) {
        current.append(contentsOf: string.utf8)
    }

    /// Appends ASCII text handed over by a value written to this stream (a number's digits).
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        current.append(contentsOf: buffer)
    }

    /// Appends literal JSON (punctuation, keys).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { current.append(contentsOf: $0) }
    }

    /// Appends `value` in its shortest round-trip form (callers check that it is finite: JSON has
    /// no infinity or NaN). Numbers with a few decimal places (most recorded values) take an
    /// integer path that writes the same text.
    mutating func append(_ value: Double) {
        append(value, precision: .exact)
    }

    /// Appends `value` with `precision` (callers check that it is finite).
    mutating func append(_ value: Double, precision: NumberPrecision) {
        let written: Bool = Self.withScratch { end in
            guard let start = Self.write(value, precision: precision, before: end) else { return false }
            current.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
            return true
        }
        if !written { value.write(to: &self) }
    }

    /// Pairs from which `appendPairs` formats on two processor cores.
    static let concurrentPairs = 65_536

    /// Appends `points` as the elements of a JSON array of `[x,y]` pairs (without its brackets),
    /// each number with `precision`. A pair is formatted backwards in scratch space and appended
    /// at once.
    mutating func appendPairs(_ points: ArraySlice<Point2D>, precision: NumberPrecision = .exact) {
        // Many pairs are formatted on two processor cores, a half each, and kept as parts of
        // their own.
        if points.count >= Self.concurrentPairs {
            let middle = points.startIndex + points.count / 2
            let halves = ConcurrentMap.results(count: 2) { half in
                var text = JSONText(capacity: 40 * (points.count / 2 + 1))
                if half == 1 { text.append(",") }
                text.appendPairsInOrder(half == 0 ? points[..<middle] : points[middle...], precision: precision)
                return text.current
            }
            finished.append(current)
            finished.append(contentsOf: halves)
            current = []
        } else {
            appendPairsInOrder(points, precision: precision)
        }
    }

    /// `appendPairs` on the calling thread.
    private mutating func appendPairsInOrder(_ points: ArraySlice<Point2D>, precision: NumberPrecision) {
        for (index, point) in zip(0..., points) {
            let written: Bool = Self.withScratch { end in
                var start = end - 1
                start[0] = UInt8(ascii: "]")
                guard let y = Self.write(point.y, precision: precision, before: start) else { return false }
                start = y - 1
                start[0] = UInt8(ascii: ",")
                guard let x = Self.write(point.x, precision: precision, before: start) else { return false }
                start = x - 1
                start[0] = UInt8(ascii: "[")
                if index > 0 {
                    start -= 1
                    start[0] = UInt8(ascii: ",")
                }
                current.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
                return true
            }
            guard !written else { continue }
            append(index > 0 ? ",[" : "[")
            append(point.x, precision: precision)
            append(",")
            append(point.y, precision: precision)
            append("]")
        }
    }

    /// `value` written with `precision` on an integer path so that it ends before `end`, or nil
    /// where only the general path can write it.
    @inline(__always)
    private static func write(_ value: Double, precision: NumberPrecision, before end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        switch precision {
        case .exact: DecimalText.writeShortest(value, before: end)
        case .decimals(let places): DecimalText.write(value, places: places, before: end)
        }
    }

    /// Runs `body` with the end of scratch room for a pair of numbers and their punctuation.
    @inline(__always)
    private static func withScratch<Result>(_ body: (UnsafeMutablePointer<UInt8>) -> Result) -> Result {
        let capacity = 2 * DecimalText.maximumLength + 8
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { body($0.baseAddress! + capacity) }
    }

    /// Appends `value` in decimal.
    mutating func append(_ value: Int) {
        current.append(contentsOf: String(value).utf8)
    }

    /// Appends `text` as a JSON string: quoted, with quotes, backslashes and control characters
    /// escaped.
    mutating func appendQuoted(_ text: String) {
        current.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case _ where scalar.value < 0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                current.append(hex[Int(scalar.value >> 4)])
                current.append(hex[Int(scalar.value & 0xF)])
            default: UTF8.encode(scalar) { current.append($0) }
            }
        }
        current.append(UInt8(ascii: "\""))
    }
}
