import CZlib
import FreehandKit

/// A one-page vector PDF (version 1.4; 1.6 for a page over 14,400 points) of filled outlines: each `fillPolygon` is a closed path
/// filled with the non-zero rule in its own colour, with a transparency state (`/ca`) where its
/// opacity is below 1.
///
/// The page is `width` × `height` points; coordinates are given y down, as everywhere in
/// FreehandKit (the content stream flips them). Each outline is written as lines and, where they
/// are shorter, cubic Béziers within 0.1 point of it (`OutlineCurves`), in whole counts of 1/10
/// point (0.035 mm) from the corner of its own bounds, and the content stream is Flate-compressed.
/// The file has a cross-reference table, document information (producer and creation date) and a
/// file identifier derived from the content, so the same drawing and date give the same bytes.
/// Colours are explicit: black ink is `0 0 0 rg` in any viewer.
public struct PDFDocument: Sendable {
    /// The page width in points.
    public var width: Double
    /// The page height in points.
    public var height: Double
    /// The page colour, or nil for none (a transparent page).
    public var background: RGBAColor?
    /// The producer named in the document information.
    public var producer = "FreehandKit"
    /// The creation date as PDF date text (`D:YYYYMMDDHHmmSSZ`), or nil to leave it out.
    public var creationDate: String?

    /// Grid steps per point.
    static let resolution = 10.0
    /// The largest side of a page in default units (points): 14,400, PDF's own limit.
    static let largestDefaultSide = 14_400.0
    /// The largest side of a page, points: 14,400 points in units of at most 75,000 points each
    /// (`/UserUnit`'s limit), about 1.08 × 10⁹.
    public static let largestSide = largestDefaultSide * 75_000
    /// True when the size asked for was beyond `largestSide` (or not finite) and was clamped.
    public let isClamped: Bool

    /// Points per page unit: 1 while both sides fit 14,400 units, else the smallest whole number
    /// that makes them fit.
    var userUnit: Double { Swift.max(1, (Swift.max(width, height) / Self.largestDefaultSide).rounded(.up)) }
    /// How far the written path may stray from the outline (points): cubics replace runs of
    /// segments where they are shorter (`OutlineCurves`).
    static let curveTolerance = 0.1
    private var content: [UInt8] = []
    /// The graphics states the fills use (`/GS0`, `/GS1`…): an opacity and a blend each.
    private var states: [GraphicsState] = []
    private var currentColor: RGBAColor?
    private var currentState = GraphicsState(alpha: 1, layering: .over)

    /// A fill's opacity and blend, written as one `ExtGState`.
    private struct GraphicsState: Hashable {
        var alpha: Double
        var layering: InkLayering
    }

    /// An empty page of the given size in points, each side at least 1 and at most `largestSide`
    /// (a larger side is clamped to it: `isClamped`). A side over 14,400 points, the most a PDF
    /// page holds in its default units, is written in larger units (`/UserUnit`, PDF 1.6).
    public init(width: Double, height: Double, background: RGBAColor? = nil) {
        func side(_ value: Double) -> Double { value.isFinite ? Swift.min(Self.largestSide, Swift.max(1, value)) : 1 }
        isClamped = !(width.isFinite && height.isFinite) || width > Self.largestSide || height > Self.largestSide
        self.width = side(width)
        self.height = side(height)
        self.background = background.flatMap { $0.alpha > 0 ? $0 : nil }
    }

    /// The date text PDF expects for `secondsSince1970` (UTC): `D:YYYYMMDDHHmmSSZ`; times beyond
    /// ±10¹² s (about ±31,700 years) are clamped to it.
    public static func dateText(secondsSince1970 seconds: Int) -> String {
        let seconds = Swift.min(1_000_000_000_000, Swift.max(-1_000_000_000_000, seconds))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "D:\(year)\(two(month))\(two(day))\(two(second / 3600))\(two(second / 60 % 60))\(two(second % 60))Z"
    }

    /// Fills the closed polygon `points` less its `holes` (closed rings inside it, turning the other
    /// way; y down, points) in `color` at `opacity` (0…1, times the colour's alpha), non-zero rule,
    /// blended by `layering` (`/BM /Multiply` for a marker); nothing for fewer than three points or
    /// any non-finite one (a hole like that is left out).
    public mutating func fillPolygon(_ points: [Point2D], holes: [[Point2D]] = [], color: RGBAColor, opacity: Double = 1, layering: InkLayering = .over) {
        fill(points, path: Self.fittedRings(points, holes: holes).flatMap(Self.pathBytes), color: color, opacity: opacity, layering: layering)
    }

    /// `fillPolygon` of `points` with its rings fitted and written already (`pathBytes`; nil: no path).
    private mutating func fill(_ points: [Point2D], path: [UInt8]?, color: RGBAColor, opacity: Double, layering: InkLayering) {
        guard points.count >= 3, points.allSatisfy({ $0.isFinite }) else { return }
        let alpha = Swift.min(1, Swift.max(0, (opacity.isFinite ? opacity : 1) * color.alpha))
        guard alpha > 0 else { return }
        let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
        if currentColor != opaque {
            append("\(Self.channel(opaque.red)) \(Self.channel(opaque.green)) \(Self.channel(opaque.blue)) rg\n")
            currentColor = opaque
        }
        let state = GraphicsState(alpha: alpha, layering: layering)
        if currentState != state {
            let index = states.firstIndex(of: state) ?? {
                states.append(state)
                return states.count - 1
            }()
            append("/GS\(index) gs\n")
            currentState = state
        }
        if let path { content += path }
    }

    /// A ring as lines and cubics from its start, or, past `OutlineCurves.maximumFittedPoints`, as
    /// the polygon's own lines (fitting curves to millions of points would take more memory than
    /// the budget; the page draws the same).
    enum FittedRing {
        case curves(start: Point2D, segments: [OutlineCurves.Segment])
        case lines([Point2D])

        var start: Point2D {
            switch self {
            case .curves(let start, _): start
            case .lines(let points): points[0]
            }
        }

        /// Each segment after the start, in order.
        func forEachSegment(_ body: (OutlineCurves.Segment) -> Void) {
            switch self {
            case .curves(_, let segments): segments.forEach(body)
            case .lines(let points): for point in points.dropFirst() { body(.line(to: point)) }
            }
        }
    }

    /// The rings `fillPolygon` writes: the polygon, then each hole that has three finite points, as
    /// lines and cubics within `curveTolerance` (nil when the polygon cannot be fitted).
    static func fittedRings(_ points: [Point2D], holes: [[Point2D]]) -> [FittedRing]? {
        guard points.count >= 3, points.allSatisfy({ $0.isFinite }) else { return nil }
        func ring(_ ring: [Point2D]) -> FittedRing? {
            guard ring.count <= OutlineCurves.maximumFittedPoints else { return .lines(ring) }
            return OutlineCurves.path(fitting: ring, tolerance: Self.curveTolerance).map { .curves(start: $0.start, segments: $0.segments) }
        }
        guard let path = ring(points) else { return nil }
        return [path] + holes.compactMap { hole in hole.count >= 3 && hole.allSatisfy { $0.isFinite } ? ring(hole) : nil }
    }

    /// `rings` as one filled path (`q … f Q`), for the current colour and state; nil for no ring.
    static func pathBytes(_ rings: [FittedRing]) -> [UInt8]? {
        guard let path = rings.first else { return nil }
        // Each path is written from the corner of its own bounds (a translation inside q … Q):
        // small numbers compress a quarter better than page coordinates, on the same grid points.
        var origin = (x: Self.steps(path.start.x), y: Self.steps(path.start.y))
        func include(_ point: Point2D) { origin = (Swift.min(origin.x, Self.steps(point.x)), Swift.min(origin.y, Self.steps(point.y))) }
        for ring in rings {
            include(ring.start)
            ring.forEachSegment { segment in
                switch segment {
                case .line(let to): include(to)
                case .cubic(let control1, let control2, let to): include(control1); include(control2); include(to)
                }
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rings.reduce(32) { total, ring in
            switch ring {
            case .curves(_, let segments): total + 16 + segments.count * 24
            case .lines(let points): total + 16 + points.count * 12
            }
        })
        func append(_ point: Point2D) {
            bytes.appendDecimal(Self.steps(point.x) - origin.x)
            bytes.append(UInt8(ascii: " "))
            bytes.appendDecimal(Self.steps(point.y) - origin.y)
        }
        bytes += "q 1 0 0 1 ".utf8
        bytes.appendDecimal(origin.x)
        bytes.append(UInt8(ascii: " "))
        bytes.appendDecimal(origin.y)
        bytes += " cm\n".utf8
        for ring in rings {
            append(ring.start)
            bytes += " m\n".utf8
            ring.forEachSegment { segment in
                switch segment {
                case .line(let to):
                    append(to)
                    bytes += " l\n".utf8
                case .cubic(let control1, let control2, let to):
                    append(control1)
                    bytes.append(UInt8(ascii: " "))
                    append(control2)
                    bytes.append(UInt8(ascii: " "))
                    append(to)
                    bytes += " c\n".utf8
                }
            }
            bytes += "h ".utf8
        }
        bytes += "f Q\n".utf8
        return bytes
    }

    /// Fills a stroke's outline resolved to the boundary of its ink
    /// (`OutlinePiece.resolvingOverlaps()`: no inner edges, a hole where it loops) in `color` at
    /// `opacity`.
    public mutating func fillOutline(_ piece: OutlinePiece, color: RGBAColor, opacity: Double = 1) {
        fillOutlines([(piece, color, opacity)], maximumThreads: 1)
    }

    /// `fillOutline` of each of `outlines` in order, the resolving and curve fitting done on up to
    /// `maximumThreads` processor cores at once: the same page as one at a time.
    public mutating func fillOutlines(_ outlines: [(piece: OutlinePiece, color: RGBAColor, opacity: Double)], maximumThreads: Int = 8) {
        let written: @Sendable (Int) -> (clean: OutlinePiece, path: [UInt8]?) = { index in
            let clean = outlines[index].piece.resolvingOverlaps()
            return (clean, Self.fittedRings(clean.polygon, holes: clean.holes).flatMap(Self.pathBytes))
        }
        let results = ConcurrentMap.results(count: outlines.count, maximumThreads: maximumThreads, written)
        for ((piece, color, opacity), (clean, path)) in zip(outlines, results) {
            fill(clean.polygon, path: path, color: color, opacity: opacity, layering: piece.layering)
        }
    }

    /// The PDF file.
    public var bytes: [UInt8] {
        var stream: [UInt8] = []
        // Points y down, in 1/10 point steps: scale and flip once for the whole page.
        let unit = userUnit
        stream += Array("\(Self.number(1 / Self.resolution / unit)) 0 0 \(Self.number(-1 / Self.resolution / unit)) 0 \(Self.number(height / unit)) cm\n".utf8)
        if let background {
            let w = Self.steps(width), h = Self.steps(height)
            stream += Array("\(Self.channel(background.red)) \(Self.channel(background.green)) \(Self.channel(background.blue)) rg\n".utf8)
            if background.alpha < 1 { stream += Array("/GSB gs\n".utf8) }
            stream += Array("0 0 \(w) \(h) re f\n".utf8)
            if background.alpha < 1 { stream += Array("/GSOpaque gs\n".utf8) }
        }
        stream += content
        let compressed = Self.deflate(stream)
        let payload = compressed ?? stream

        var states = self.states.enumerated().map { index, state in
            "/GS\(index) << /Type /ExtGState /ca \(Self.number(state.alpha))\(state.layering == .multiply ? " /BM /Multiply" : "") >>"
        }
        if let background, background.alpha < 1 {
            states.append("/GSB << /Type /ExtGState /ca \(Self.number(background.alpha)) >>")
            states.append("/GSOpaque << /Type /ExtGState /ca 1 >>")
        }
        let resources = states.isEmpty ? "<< >>" : "<< /ExtGState << \(states.joined(separator: " ")) >> >>"
        var info = "<< /Producer \(Self.literal(producer))"
        if let creationDate { info += " /CreationDate \(Self.literal(creationDate))" }
        info += " >>"
        let objects: [[UInt8]] = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(width / unit)) \(Self.number(height / unit))]"
                + (unit > 1 ? " /UserUnit \(Self.number(unit))" : "") + " /Resources \(resources) /Contents 4 0 R >>").utf8),
            Array("<< /Length \(payload.count)\(compressed == nil ? "" : " /Filter /FlateDecode") >>\nstream\n".utf8) + payload + Array("\nendstream".utf8),
            Array(info.utf8),
        ]
        var file: [UInt8] = Array("%PDF-\(unit > 1 ? "1.6" : "1.4")\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.count)
            file += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let table = file.count
        file += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            file += Array((String(repeating: "0", count: Swift.max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
        }
        let identifier = Self.identifier(of: payload)
        file += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 5 0 R /ID [<\(identifier)> <\(identifier)>] >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return file
    }

    private mutating func append(_ text: String) { content += Array(text.utf8) }

    /// A coordinate in grid steps, bounded (±10⁹ steps) so the conversion cannot trap.
    static func steps(_ value: Double) -> Int {
        let scaled = (value * resolution).rounded()
        guard scaled.isFinite else { return 0 }
        return Int(Swift.min(1e9, Swift.max(-1e9, scaled)))
    }

    /// A colour channel (0…1) in at most three decimals.
    static func channel(_ value: Double) -> String { number((value * 1000).rounded() / 1000) }

    /// `value` as a PDF number: no exponent, at most six decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (abs(value) * 1_000_000).rounded()
        guard scaled < 1e15 else { return value < 0 ? "-999999999" : "999999999" }
        let whole = Int(scaled) / 1_000_000, fraction = Int(scaled) % 1_000_000
        var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// `text` as a PDF literal string: parentheses and backslashes escaped, non-ASCII dropped.
    static func literal(_ text: String) -> String {
        var result = "("
        for scalar in text.unicodeScalars where scalar.isASCII && scalar.value >= 0x20 {
            if scalar == "(" || scalar == ")" || scalar == "\\" { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result + ")"
    }

    /// zlib-compressed `bytes` (the Flate filter), or nil when zlib cannot (out of memory): the
    /// stream is then written uncompressed. At zlib's best compression (level 9) up to `bestCompressionBytes`,
    /// level 5 beyond: on a large stream level 9 takes seven times as long for no gain (a 65 MB
    /// page of a random scribble: 17 s at level 9, 5.3 s at 6, 2.4 s at 5, which was the smallest).
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let level: Int32 = bytes.count <= bestCompressionBytes ? 9 : 5
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), level) }
        }
        return status == Z_OK ? Array(output.prefix(Int(length))) : nil
    }

    /// The largest content stream compressed at zlib's best level (9), bytes: a mebibyte.
    static let bestCompressionBytes = 1 << 20

    /// 32 hex digits from the content (two CRC-32s of its halves and two of the whole, chained):
    /// the file identifier PDF asks for, the same for the same content.
    static func identifier(of bytes: [UInt8]) -> String {
        func crc(_ slice: ArraySlice<UInt8>, _ seed: uLong) -> UInt32 {
            slice.withUnsafeBufferPointer { UInt32(crc32(seed, $0.baseAddress, uInt($0.count))) }
        }
        let half = bytes.count / 2
        let parts = [crc(bytes[..<half], 0), crc(bytes[half...], 0), crc(bytes[...], 1), crc(bytes[...], 2)]
        return parts.map { value in
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }
}
