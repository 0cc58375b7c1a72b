import FreehandKit
import Foundation

/// A single-pass reader of FreehandKit JSON straight into `InkJSON.File`, several times faster
/// than the generic decoder on big files: no intermediate tree, numbers converted in place.
///
/// It reads only what it is sure of — well-formed JSON of the ink layout, strings without escapes,
/// each known key once — and returns nil for anything else, so that the decoder reads that file
/// and reports its errors with their JSON paths: every accepted file gives the same `File` the
/// decoder would, and every refused one the decoder's error.
struct InkJSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// How many arrays and objects enclose the scanner now.
    private var depth = 0
    /// The deepest nesting the scanner reads (ink files nest four deep); anything deeper is the
    /// decoder's to judge, so that hostile nesting cannot exhaust the stack here.
    static let maximumDepth = 32

    /// Signals "leave this file to the decoder".
    private struct Unsure: Error {}

    /// Receives the points of the long strokes while the file is being read: the stroke's index,
    /// its next run of points, whether that run is its last, and how many points the stroke would
    /// have if the rest of the file were its points (an upper estimate, for reserving room).
    typealias PointRuns = (_ stroke: Int, _ points: ArraySlice<RecordedPoint>, _ isLast: Bool, _ estimate: Int) -> Void
    private var pointRuns: PointRuns?
    /// Strokes begun so far.
    private var strokesBegun = 0
    /// Points a stroke reaches before its runs are handed out; points a run holds after that.
    static let (longStrokePoints, runPoints) = (4_096, 1_024)

    /// The file in `data`, or nil when the decoder must read it. `pointRuns`, when given, receives
    /// the points of each stroke of `longStrokePoints` or more as they are read (runs of the file
    /// the scanner then gives up on included).
    static func file(in data: Data, pointRuns: PointRuns? = nil) -> InkJSON.File? {
        data.withUnsafeBytes { raw -> InkJSON.File? in
            var scanner = InkJSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            scanner.pointRuns = pointRuns
            do {
                let file = try scanner.file()
                scanner.skipSpace()
                return scanner.index == scanner.bytes.count ? file : nil
            } catch {
                return nil
            }
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte-order mark is the decoder's to judge.
    }

    // MARK: - The layout

    private mutating func file() throws(Unsure) -> InkJSON.File {
        var version: Int?, source: String?, license: String?, units: String?, rate: Double?, strokes: [InkJSON.Stroke]?
        try object { (key: String, scanner: inout InkJSONScanner) throws(Unsure) in
            switch key {
            case "version": version = try scanner.optional { (s: inout InkJSONScanner) throws(Unsure) in try s.integer() }
            case "source": source = try scanner.optionalString()
            case "license": license = try scanner.optionalString()
            case "units": units = try scanner.optionalString()
            case "sample_rate_hz": rate = try scanner.optionalNumber()
            case "strokes": strokes = try scanner.array { (s: inout InkJSONScanner) throws(Unsure) in try s.stroke() }
            default: try scanner.skipValue()
            }
        }
        guard let strokes else { throw Unsure() }
        return InkJSON.File(version: version, source: source, license: license, units: units, sample_rate_hz: rate, strokes: strokes)
    }

    private mutating func stroke() throws(Unsure) -> InkJSON.Stroke {
        var points: [RecordedPoint]?, preset: String?, technique: String?, alpha: Double?, brush: String?
        var options: InkJSON.Options?, taper: [Double]?, color: String?, pointer: PointerKind?, stabilizer: String?
        let strokeIndex = strokesBegun
        strokesBegun += 1
        try object { (key: String, scanner: inout InkJSONScanner) throws(Unsure) in
            switch key {
            case "points" where scanner.pointRuns != nil: points = try scanner.points(ofStroke: strokeIndex)
            case "points": points = try scanner.array { (s: inout InkJSONScanner) throws(Unsure) in try s.point() }
            case "preset": preset = try scanner.optionalString()
            case "technique": technique = try scanner.optionalString()
            case "alpha": alpha = try scanner.optionalNumber()
            case "brush": brush = try scanner.optionalString()
            case "brushOptions": options = try scanner.optional { (s: inout InkJSONScanner) throws(Unsure) in try s.brushOptions() }
            case "taper":
                taper = try scanner.optional { (s: inout InkJSONScanner) throws(Unsure) in
                    try s.array { (inner: inout InkJSONScanner) throws(Unsure) in try inner.number() }
                }
            case "color": color = try scanner.optionalString()
            case "stabilizer": stabilizer = try scanner.optionalString()
            case "pointer":
                pointer = try scanner.optionalString().map { (name: String) throws(Unsure) -> PointerKind in
                    guard let kind = PointerKind(rawValue: name) else { throw Unsure() }
                    return kind
                }
            default: try scanner.skipValue()
            }
        }
        guard let points else { throw Unsure() }
        return InkJSON.Stroke(
            points: points, preset: preset, technique: technique, alpha: alpha, brush: brush, brushOptions: options, taper: taper,
            color: color, pointer: pointer, stabilizer: stabilizer)
    }

    private mutating func brushOptions() throws(Unsure) -> InkJSON.Options {
        var options = InkJSON.Options()
        try object { (key: String, scanner: inout InkJSONScanner) throws(Unsure) in
            switch key {
            case "width": options.width = try scanner.optionalNumber()
            case "minWidth": options.minWidth = try scanner.optionalNumber()
            case "maxWidth": options.maxWidth = try scanner.optionalNumber()
            case "sensitivity": options.sensitivity = try scanner.optionalNumber()
            case "smoothing": options.smoothing = try scanner.optionalNumber()
            case "response": options.response = try scanner.optionalString()
            default: try scanner.skipValue()
            }
        }
        return options
    }

    /// The array of a stroke's points, handing out runs of them once there are `longStrokePoints`.
    private mutating func points(ofStroke stroke: Int) throws(Unsure) -> [RecordedPoint] {
        var handedOut = 0
        let start = index
        let points = try array { (s: inout InkJSONScanner, points: [RecordedPoint]) throws(Unsure) in
            if points.count >= Self.longStrokePoints, points.count - handedOut >= Self.runPoints, let runs = s.pointRuns {
                let bytesPerPoint = Swift.max(1, (s.index - start) / points.count)
                runs(stroke, points[handedOut...], false, points.count + (s.bytes.count - s.index) / bytesPerPoint)
                handedOut = points.count
            }
        } element: { (s: inout InkJSONScanner) throws(Unsure) in try s.point() }
        if handedOut > 0 || points.count >= Self.longStrokePoints, let pointRuns { pointRuns(stroke, points[handedOut...], true, points.count) }
        return points
    }

    /// A point: the hot loop of a big file, so read without a closure or a `String` per key (known
    /// keys are matched as bytes, repeats caught by a bit each).
    private mutating func point() throws(Unsure) -> RecordedPoint {
        try expect(UInt8(ascii: "{"))
        var x: Double?, y: Double?, t: Double?, pressure: Double?, altitude: Double?, azimuth: Double?, radius: Double?
        var seen: UInt8 = 0
        // A hash set: a point with 200,000 unknown keys is checked in linear time.
        var unknownKeys: Set<String> = []
        skipSpace()
        guard peek() != UInt8(ascii: "}") else { throw Unsure() }
        while true {
            skipSpace()
            let key = try keyBytes()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            /// Marks key `bit` as read; a repeat is the decoder's to judge.
            func first(_ bit: UInt8) throws(Unsure) {
                guard seen & bit == 0 else { throw Unsure() }
                seen |= bit
            }
            if isKey(key, "x") {
                try first(1)
                x = try number()
            } else if isKey(key, "y") {
                try first(2)
                y = try number()
            } else if isKey(key, "t") {
                try first(4)
                t = try optionalNumber()
            } else if isKey(key, "pressure") {
                try first(8)
                pressure = try optionalNumber()
            } else if isKey(key, "altitude") {
                try first(16)
                altitude = try optionalNumber()
            } else if isKey(key, "azimuth") {
                try first(32)
                azimuth = try optionalNumber()
            } else if isKey(key, "radius") {
                try first(64)
                radius = try optionalNumber()
            } else {
                let name = try validatedText(key)
                guard unknownKeys.insert(name).inserted else { throw Unsure() }
                try skipValue()
            }
            skipSpace()
            guard let next = take() else { throw Unsure() }
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw Unsure() }
        }
        guard let x, let y else { throw Unsure() }
        return RecordedPoint(x: x, y: y, t: t, pressure: pressure, altitude: altitude, azimuth: azimuth, radius: radius)
    }

    // MARK: - JSON

    /// Reads an object, calling `member` with each key and the scanner at its value. A key seen
    /// twice is the decoder's to judge.
    private mutating func object(_ member: (String, inout InkJSONScanner) throws(Unsure) -> Void) throws(Unsure) {
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
    private mutating func array<Element>(_ element: (inout InkJSONScanner) throws(Unsure) -> Element) throws(Unsure) -> [Element] {
        try array(nil, element: element)
    }

    /// Reads an array of `element`s, calling `before` (if any) with the elements so far before each.
    private mutating func array<Element>(
        _ before: ((inout InkJSONScanner, [Element]) throws(Unsure) -> Void)?, element: (inout InkJSONScanner) throws(Unsure) -> Element
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
            if let before { try before(&self, result) }
            skipSpace()
            result.append(try element(&self))
            skipSpace()
            guard let next = take() else { throw Unsure() }
            if next == UInt8(ascii: "]") { return result }
            guard next == UInt8(ascii: ",") else { throw Unsure() }
        }
    }

    /// `value`, or nil for a JSON null.
    private mutating func optional<Value>(_ value: (inout InkJSONScanner) throws(Unsure) -> Value) throws(Unsure) -> Value? {
        if matches("null") { return nil }
        return try value(&self)
    }

    private mutating func optionalString() throws(Unsure) -> String? {
        try optional { (s: inout InkJSONScanner) throws(Unsure) in try s.string() }
    }

    private mutating func optionalNumber() throws(Unsure) -> Double? {
        try optional { (s: inout InkJSONScanner) throws(Unsure) in try s.number() }
    }

    /// A string without escapes (an escape is the decoder's to read).
    private mutating func string() throws(Unsure) -> String {
        try validatedText(keyBytes())
    }

    /// The bytes between the quotes of a string without escapes or control characters (either is
    /// the decoder's to read), not yet checked to be UTF-8.
    private mutating func keyBytes() throws(Unsure) -> Range<Int> {
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
    private func validatedText(_ range: Range<Int>) throws(Unsure) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard text.utf8.count == range.count else { throw Unsure() }
        return text
    }

    /// True when the bytes of `range` spell `word` (ASCII).
    private func isKey(_ range: Range<Int>, _ word: StaticString) -> Bool {
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
    private mutating func number() throws(Unsure) -> Double {
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
        // strtod needs a terminated string: the number copied into a small buffer.
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer -> Double in
            for offset in 0..<length { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
        // A number beyond a Double (`1e999`) is left to the strict path, which refuses it: never
        // read as infinity and then dropped as an invalid reading.
        guard value.isFinite else { throw Unsure() }
        return value
    }

    /// 10⁰ … 10²², every one exactly a Double.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// A JSON integer that fits an Int.
    private mutating func integer() throws(Unsure) -> Int {
        let start = index
        let value = try number()
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard !text.contains(UInt8(ascii: ".")), !text.contains(UInt8(ascii: "e")), !text.contains(UInt8(ascii: "E")),
            abs(value) < 1e15
        else { throw Unsure() }
        return Int(value)
    }

    /// Skips any JSON value (for keys the layout does not know).
    private mutating func skipValue() throws(Unsure) {
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

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func take() -> UInt8? {
        guard index < bytes.count else { return nil }
        index += 1
        return bytes[index - 1]
    }

    private mutating func expect(_ byte: UInt8) throws(Unsure) {
        guard take() == byte else { throw Unsure() }
    }

    /// Consumes `word` when it is next.
    private mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
