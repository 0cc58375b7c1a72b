import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// The file formats a drawing can be read from and written to, by stable name.
public enum InkFileFormat: String, CaseIterable, Sendable {
    /// FreehandKit JSON (`.json`), which also reads the shared recordings' layout.
    case json
    /// The compact binary format (`.fhb`).
    case binary
    /// signature_pad JSON (`.json`, told apart by its top-level array).
    case signaturePad = "signature-pad"
    /// W3C InkML (`.inkml`; also InkML inside another XML wrapper: `.xml`, `.paper`).
    case inkml
    /// SVG of the rendered outlines (output only).
    case svg
    /// PNG through the renderer (output only).
    case png
    /// PDF of the rendered outlines, one vector page (output only).
    case pdf

    /// True for the formats that can be read.
    public var isReadable: Bool { self != .svg && self != .png && self != .pdf }

    /// The format for a file name's extension (`.json`, `.fhb`, `.svg`, `.png`), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "fhb": self = .binary
        case "inkml", "xml", "paper": self = .inkml
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// The readable format `data` is in, from its first bytes: binary (`FHB`), InkML (`<`), or
    /// JSON (`{`: FreehandKit or recording JSON; `[`: signature_pad); nil when none fits.
    public static func sniff(_ data: Data) -> InkFileFormat? {
        if data.starts(with: BinaryInk.magic) { return .binary }
        switch firstSignificantByte(of: data) {
        case UInt8(ascii: "<"): return .inkml
        case UInt8(ascii: "{"): return .json
        case UInt8(ascii: "["): return .signaturePad
        default: return nil
        }
    }

    /// The format of `data` when its name says `.json`: signature_pad when the top level is an array.
    public static func sniffJSON(_ data: Data) -> InkFileFormat {
        firstSignificantByte(of: data) == UInt8(ascii: "[") ? .signaturePad : .json
    }

    /// The first byte of `data` after a UTF-8 byte order mark (EF BB BF, which editors on Windows
    /// write) and white space: what tells the formats apart, whether the data came from a file or
    /// from standard input.
    static func firstSignificantByte(of data: Data) -> UInt8? {
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return body.first { !XMLScanner.isWhitespace($0) }
    }

    /// Reads a drawing in this format within `limits`; throws `InkFormatError` (also for an
    /// output-only format).
    public func read(_ data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Drawing {
        switch self {
        case .json: return try InkJSON.drawing(from: data, limits: limits)
        case .binary: return try BinaryInk.drawing(from: data, limits: limits)
        case .signaturePad: return try SignaturePadJSON.drawing(from: data, limits: limits)
        case .inkml: return try InkML.drawing(from: data, limits: limits)
        case .svg, .png, .pdf: throw .invalidValue("\(rawValue) is an output format only")
        }
    }

    /// Each stroke's samples in points, y down: exactly `read(_:limits:).inPoints`'s, with the same
    /// errors (FreehandKit JSON is read straight into samples, without building the drawing).
    public func strokesInPoints(_ data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> [[Sample]] {
        if self == .json { return try InkJSON.strokesInPoints(from: data, limits: limits) }
        return try read(data, limits: limits).inPoints.strokes.map { $0.samples.unpacked }
    }

    /// `strokesInPoints(_:limits:)` and each stroke's look: its record (technique, brush, settings,
    /// taper, colour, pointer) without samples, parallel to the strokes.
    public func strokesAndLooksInPoints(
        _ data: Data, limits: InkFileLimits = InkFileLimits()
    ) throws(InkFormatError) -> (strokes: [[Sample]], looks: [StrokeRecord]) {
        if self == .json { return try InkJSON.strokesAndLooksInPoints(from: data, limits: limits, readAhead: nil) }
        let strokes = try read(data, limits: limits).inPoints.strokes
        return (strokes.map { $0.samples.unpacked }, strokes.map { $0.with(samples: []) })
    }

    /// The final outline of each stroke of `strokesInPoints(_:limits:)`, each drawn with the
    /// technique and style `look` gives for the stroke's saved look (its record without samples,
    /// colour black and pointer pen, so that strokes of one look are drawn alike): exactly
    /// `InkStroke.outlines(for:)` of those samples and looks. Long strokes of FreehandKit JSON are
    /// outlined while the file is read (see `outlines(_:technique:style:limits:)`) when their look
    /// is the default record's.
    public func outlines(
        _ data: Data, limits: InkFileLimits = InkFileLimits(),
        look: (StrokeRecord) throws(InkFormatError) -> (technique: AnyInterpolationTechnique, style: InkStyle)
    ) throws(InkFormatError) -> [OutlinePiece?] {
        let plain = Self.lookOnly(StrokeRecord(samples: []))
        // Options that do not fit the default look are an error only for a stroke that has it.
        let standard = try? look(plain)
        let strokes: [[Sample]], looks: [StrokeRecord], early: [Int: OutlinePiece?]
        #if hasFeature(Embedded)
        (strokes, looks) = try strokesAndLooksInPoints(data, limits: limits)
        early = [:]
        #else
        if self == .json, ProcessorCores.active > 1, let standard {
            (strokes, looks, early) = try Self.readingAhead(
                data, technique: standard.technique, style: standard.style, limits: limits, drawsAhead: { Self.lookOnly($0) == plain })
        } else {
            (strokes, looks) = try strokesAndLooksInPoints(data, limits: limits)
            early = [:]
        }
        #endif
        var pieces = [OutlinePiece?](repeating: nil, count: strokes.count)
        var rest: [Int] = [], batch: [InkStroke.BatchStroke] = []
        // Each look's technique and style made once.
        var made: [StrokeRecord: (technique: AnyInterpolationTechnique, style: InkStyle)] = [:]
        made[plain] = standard
        for index in strokes.indices {
            let own = Self.lookOnly(looks[index])
            if own == plain, let outline = early[index] {
                pieces[index] = outline
                continue
            }
            let chosen: (technique: AnyInterpolationTechnique, style: InkStyle)
            if let known = made[own] {
                chosen = known
            } else {
                chosen = try look(own)
                made[own] = chosen
            }
            rest.append(index)
            batch.append(InkStroke.BatchStroke(samples: strokes[index], technique: chosen.technique, style: chosen.style))
        }
        for (index, outline) in zip(rest, InkStroke.outlines(for: batch)) { pieces[index] = outline }
        return pieces
    }

    /// `record`'s look alone: no samples, black, a pen's.
    private static func lookOnly(_ record: StrokeRecord) -> StrokeRecord {
        var look = record.with(samples: [])
        look.color = .black
        look.pointer = .pen
        return look
    }

    /// The final outline of each stroke of `strokesInPoints(_:limits:)`, drawn with `technique` and
    /// `style` (nil for a stroke with no valid sample): exactly `InkStroke.outlines(for:)` of those
    /// samples. The long strokes of FreehandKit JSON (`InkJSONScanner.longStrokePoints`, 4,096
    /// points, or more) are outlined on a second thread while the file is still being read, where
    /// there are two processor cores; such an outline is kept only where the samples finally read
    /// are exactly the ones it was made from.
    public func outlines(
        _ data: Data, technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, style: InkStyle = .default,
        limits: InkFileLimits = InkFileLimits()
    ) throws(InkFormatError) -> [OutlinePiece?] {
        #if !hasFeature(Embedded)
        if self == .json, ProcessorCores.active > 1 {
            return try Self.outlinesReadingAhead(data, technique: technique, style: style, limits: limits).outlines
        }
        #endif
        return InkStroke.outlines(for: try strokesInPoints(data, limits: limits), technique: technique, style: style)
    }

    #if !hasFeature(Embedded)
    /// `outlines(_:technique:style:limits:)` of FreehandKit JSON with the long strokes outlined while
    /// the file is read, and how many of the outlines came from that.
    static func outlinesReadingAhead(
        _ data: Data, technique: AnyInterpolationTechnique, style: InkStyle, limits: InkFileLimits
    ) throws(InkFormatError) -> (outlines: [OutlinePiece?], readAhead: Int) {
        let (strokes, _, early) = try readingAhead(data, technique: technique, style: style, limits: limits, drawsAhead: { _ in true })
        var pieces = [OutlinePiece?](repeating: nil, count: strokes.count)
        var rest: [Int] = []
        for index in strokes.indices {
            if let outline = early[index] { pieces[index] = outline } else { rest.append(index) }
        }
        for (index, outline) in zip(rest, InkStroke.outlines(for: rest.map { strokes[$0] }, technique: technique, style: style)) {
            pieces[index] = outline
        }
        return (pieces, strokes.count - rest.count)
    }

    /// FreehandKit JSON's strokes and looks, read while a second thread outlines the long strokes
    /// with `technique` and `style`: the outlines kept are those of strokes read exactly as they
    /// were handed over and whose look `drawsAhead` accepts. A kept outline's stroke comes back
    /// without samples (let go before waiting for the worker, which holds its own copy meanwhile).
    private static func readingAhead(
        _ data: Data, technique: AnyInterpolationTechnique, style: InkStyle, limits: InkFileLimits,
        drawsAhead: (StrokeRecord) -> Bool
    ) throws(InkFormatError) -> (strokes: [[Sample]], looks: [StrokeRecord], early: [Int: OutlinePiece?]) {
        let readAhead = ReadAheadOutlines(technique: technique, style: style)
        var strokes: [[Sample]], looks: [StrokeRecord]
        do {
            (strokes, looks) = try InkJSON.strokesAndLooksInPoints(from: data, limits: limits, readAhead: readAhead.receive)
        } catch {
            _ = readAhead.finish()
            throw error
        }
        // Which strokes were read as they were handed over: checked while the worker still works.
        let matching = Set(readAhead.runsSent.compactMap { index, runs in
            index < strokes.count && drawsAhead(looks[index]) && SampleRunDigest.samples(strokes[index], areThe: runs) ? index : nil
        })
        // A matching stroke's last run was handed over (the reader hands the rest of every stroke
        // it began handing, marked last), so the worker outlines it: its samples are not needed.
        for index in matching { strokes[index] = [] }
        let early = readAhead.finish().filter { matching.contains($0.key) }
        return (strokes, looks, early)
    }

    #endif

    /// The bytes of `drawing` in this ink format; throws `InkFormatError` when the format cannot hold
    /// a value of the drawing (see each format's writer), and for SVG, PNG and PDF, which this module
    /// does not draw (`bytes(for:)` in FreehandDocument draws them too).
    public func data(for drawing: Drawing) throws(InkFormatError) -> Data {
        switch self {
        case .json: return try InkJSON.data(for: drawing)
        case .binary: return BinaryInk.data(for: drawing)
        case .signaturePad: return try SignaturePadJSON.data(for: drawing)
        case .inkml: return try InkML.data(for: drawing)
        case .svg, .png, .pdf: throw .invalidValue("\(rawValue) is a picture, drawn by FreehandDocument (DrawingExport), not an ink file")
        }
    }
}
