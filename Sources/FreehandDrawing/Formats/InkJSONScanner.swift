import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// A single-pass reader of FreehandKit JSON straight into `InkJSON.File`, several times faster
/// than the generic decoder on big files: no intermediate tree, numbers converted in place.
///
/// It reads only what it is sure of — well-formed JSON of the ink layout, strings without escapes,
/// each known key once — and returns nil for anything else, so that the decoder reads that file
/// and reports its errors with their JSON paths: every accepted file gives the same `File` the
/// decoder would, and every refused one the decoder's error.
struct InkJSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// How many arrays and objects enclose the scanner now.
    var depth = 0
    /// The deepest nesting the scanner reads (ink files nest four deep); anything deeper is the
    /// decoder's to judge, so that hostile nesting cannot exhaust the stack here.
    static let maximumDepth = 32

    /// Signals "leave this file to the decoder".
    struct Unsure: Error {}

    /// Receives the points of the long strokes while the file is being read: the stroke's index,
    /// its next run of points, whether that run is its last, and how many points the stroke would
    /// have if the rest of the file were its points (an upper estimate, for reserving room).
    typealias PointRuns = (_ stroke: Int, _ points: ArraySlice<RecordedPoint>, _ isLast: Bool, _ estimate: Int) -> Void
    private var pointRuns: PointRuns?
    /// Strokes begun so far.
    private var strokesBegun = 0
    /// Points a stroke reaches before its runs are handed out; points a run holds after that.
    static let (longStrokePoints, runPoints) = (4_096, 1_024)
    /// The length from which a stroke's points grow by the file's estimate instead of doubling.
    static let estimatedGrowthPoints = 1 << 20

    /// The file in `data`, or nil when the decoder must read it. `pointRuns`, when given, receives
    /// the points of each stroke of `longStrokePoints` or more as they are read (runs of the file
    /// the scanner then gives up on included).
    static func file(in data: Data, pointRuns: PointRuns? = nil) -> InkJSON.File? {
        data.withUnsafeBytes { raw -> InkJSON.File? in
            var scanner = InkJSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            scanner.pointRuns = pointRuns
            do throws(Unsure) {
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
        let points = try array { (s: inout InkJSONScanner, points: inout [RecordedPoint]) throws(Unsure) in
            guard points.count >= Self.longStrokePoints else { return }
            // At most as many points as the rest of the file holds at the bytes a point took so far.
            func estimate() -> Int { points.count + (s.bytes.count - s.index) / Swift.max(1, (s.index - start) / points.count) }
            if points.count - handedOut >= Self.runPoints, let runs = s.pointRuns {
                runs(stroke, points[handedOut...], false, estimate())
                handedOut = points.count
            }
            // A full array of a million points or more grows to about the estimate (by a quarter at
            // least, twice at most): the last doubling of a long stroke would reserve up to twice
            // what it needs and hold both while it copies (4.8 million points: 705 MB, not 530).
            if points.count == points.capacity, points.count >= Self.estimatedGrowthPoints {
                let expected = estimate()
                points.reserveCapacity(Swift.min(2 * points.count, Swift.max(points.count + points.count / 4, expected + expected / 32)))
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

}
