import ArgumentParser
import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

/// Reading the ink named on the command line: a file path, or `-` for standard input.
enum InkInput {
    /// The largest input accepted, in bytes: the readers' own default (`InkFileLimits.maximumBytes`).
    static let sizeLimit = InkFileLimits().maximumBytes

    /// The samples of each stroke in the ink file `argument` names (`-`: standard input), in any
    /// readable format: named by `format`, else by the file's extension, else sniffed from its first
    /// bytes (FreehandKit or recording JSON, binary, InkML, signature_pad) — in points, y down
    /// (`Drawing.inPoints`), as the commands that smooth and draw ink take them.
    static func strokes(at argument: String, format: String? = nil) throws -> [[Sample]] {
        try read(argument, format: format) { data, format throws(InkFormatError) in try format.strokesInPoints(data) }
    }

    /// `strokes(at:format:)` and each stroke's look: its record without samples.
    static func strokesAndLooks(at argument: String, format: String?) throws -> (strokes: [[Sample]], looks: [StrokeRecord]) {
        try read(argument, format: format) { data, format throws(InkFormatError) in try format.strokesAndLooksInPoints(data) }
    }

    /// The final outline of each stroke in the ink file `argument` names, each drawn in its saved
    /// look as `technique` and `brush` override it, fitted to output at `pixelsPerPoint`.
    static func outlines(
        at argument: String, format name: String?, technique: TechniqueArguments, brush: BrushArguments, pixelsPerPoint: Double = 1
    ) throws -> [OutlinePiece?] {
        try read(argument, format: name) { data, format throws(InkFormatError) in
            try format.outlines(data) { look throws(InkFormatError) in
                do {
                    return (try technique.make(for: look), technique.style(try brush.make(for: look), for: look).fitted(toPixelsPerPoint: pixelsPerPoint))
                } catch {
                    throw .invalidValue("\(error)")
                }
            }
        }
    }

    /// The drawing in the ink file `argument` names, as `strokes(at:format:)` reads it.
    static func drawing(at argument: String, format: String? = nil) throws -> Drawing {
        try read(argument, format: format) { data, format throws(InkFormatError) in try format.read(data) }
    }

    /// `body` applied to the bytes of the ink file `argument` names and their format; its error
    /// becomes a one-line failure naming the file.
    private static func read<Result>(
        _ argument: String, format name: String?, _ body: (Data, InkFileFormat) throws(InkFormatError) -> Result
    ) throws -> Result {
        let (data, format, place) = try contents(at: argument, format: name)
        do {
            return try body(data, format)
        } catch {
            throw CommandLineFailure("\(place): \(error)")
        }
    }

    /// The bytes of the ink file `argument` names, their format, and how errors name the file.
    private static func contents(at argument: String, format name: String?) throws -> (Data, InkFileFormat, String) {
        let place = argument == "-" ? "standard input" : argument
        let data: Data
        do {
            data = argument == "-"
                ? try AtomicFile.readStandardInput(limit: sizeLimit) : try AtomicFile.read(URL(fileURLWithPath: argument), limit: sizeLimit)
        } catch {
            if case .io(let detail) = error { throw CommandLineFailure(detail) }
            throw CommandLineFailure("\(place): \(error)")
        }
        let format: InkFileFormat
        if let name {
            guard let named = InkFileFormat(rawValue: name), named.isReadable else { throw CommandLineFailure(unreadable(name)) }
            format = named
        } else if argument != "-", let byName = InkFileFormat(pathExtension: (argument as NSString).pathExtension) {
            guard byName.isReadable else { throw CommandLineFailure("\(place): \(byName.rawValue) can only be written") }
            format = byName == .json ? InkFileFormat.sniffJSON(data) : byName
        } else if let sniffed = InkFileFormat.sniff(data) {
            format = sniffed
        } else {
            throw CommandLineFailure("\(place): not an ink file this tool reads (JSON, binary .fhb, InkML, signature_pad)")
        }
        return (data, format, place)
    }

    /// Throws a usage error when `--from` names no format this tool reads.
    static func checkReadable(formatNamed name: String) throws {
        guard let named = InkFileFormat(rawValue: name), named.isReadable else { throw ValidationError(unreadable(name)) }
    }

    private static func unreadable(_ name: String) -> String {
        "--from \(name): not a readable format; known: \(InkFileFormat.allCases.filter(\.isReadable).map(\.rawValue).joined(separator: ", "))"
    }

    static func technique(named name: String, alpha: Double?) throws -> any InterpolationTechnique {
        do {
            return try TechniqueCatalog.technique(named: name, alpha: alpha)
        } catch {
            throw CommandLineFailure("--technique \(name): \(error)")
        }
    }

    /// The preset `--preset` names.
    static func preset(named name: String) throws -> InkPreset {
        do {
            return try InkPreset.named(name)
        } catch {
            throw CommandLineFailure("--preset \(name): \(error)")
        }
    }
}

/// Writing a command's result: atomically to a file, or to standard output.
enum InkOutput {
    /// The creation date PDF output records: `SOURCE_DATE_EPOCH` (seconds since 1970) when it is
    /// set, for reproducible files, else now.
    static var pdfCreationDate: String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }
        return PDFDocument.dateText(secondsSince1970: epoch ?? Int(Date().timeIntervalSince1970.rounded(.down)))
    }

    /// Refuses an `output` path that names the same existing file as one of `inputs` (also
    /// through a link or another path), or an existing file inside a folder among `inputs` (a
    /// command that reads a folder reads its files): a command's result never replaces the ink it
    /// read. `-` (standard input or output) names no file.
    static func refuseOverwriting(_ inputs: [String], with output: String?, option: String = "-o") throws {
        guard let output, output != "-" else { return }
        let target = URL(fileURLWithPath: output)
        for input in inputs where input != "-" {
            if sameFile(URL(fileURLWithPath: input), target) {
                throw CommandLineFailure("\(option) \(output) is the input file \(input); write the result elsewhere")
            }
            if contains(folder: URL(fileURLWithPath: input), existingFile: target) {
                throw CommandLineFailure("\(option) \(output) is a file in the folder \(input), which this command reads; write the result elsewhere")
            }
        }
    }

    /// True when `folder` is a folder and `file` an existing file somewhere inside it (through links too).
    private static func contains(folder: URL, existingFile file: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
              FileManager.default.fileExists(atPath: file.path) else { return false }
        let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
        let inside = file.resolvingSymlinksInPath().standardizedFileURL.path
        return inside.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// True when both name the same existing file (through links, or by another path).
    static func sameFile(_ a: URL, _ b: URL) -> Bool {
        guard let first = try? FileManager.default.attributesOfItem(atPath: a.resolvingSymlinksInPath().path),
              let second = try? FileManager.default.attributesOfItem(atPath: b.resolvingSymlinksInPath().path) else { return false }
        return (first[.systemFileNumber] as? NSNumber) == (second[.systemFileNumber] as? NSNumber)
            && (first[.systemNumber] as? NSNumber) == (second[.systemNumber] as? NSNumber)
    }

    /// Says on standard error when a PDF page of `size` points is past the largest a PDF holds
    /// (`PDFDocument.largestSide`) and so is drawn clamped, the ink beyond it cut.
    static func noteIfClampedForPDF(_ size: Point2D, output: String) {
        guard size.x > PDFDocument.largestSide || size.y > PDFDocument.largestSide else { return }
        FileHandle.standardError.write(Data(
            "note: \(output): the page would be \(size.x.formatted())×\(size.y.formatted()) pt, past the \(PDFDocument.largestSide.formatted()) pt a PDF page holds: it is clamped and the ink beyond is cut (fit it with --fit or --page)\n".utf8))
    }

    static func write(_ text: String, to path: String?) throws {
        try write(Array(text.utf8), to: path)
    }

    static func write(_ bytes: [UInt8], to path: String?) throws {
        try write(parts: [bytes], to: path)
    }

    /// Writes `parts` one after another as one output (the file's content, or standard output).
    static func write(parts: [[UInt8]], to path: String?) throws {
        do {
            if let path, path != "-" {
                try AtomicFile.write(parts: parts, to: URL(fileURLWithPath: path))
            } else {
                try AtomicFile.writeStandardOutput(parts: parts)
            }
        } catch {
            if case .io(let detail) = error { throw CommandLineFailure(detail) }
            throw CommandLineFailure(error.description)
        }
    }
}

/// `--from`: the input's format when neither its extension nor its first bytes tell (standard input).
struct InputFormatArguments: ParsableArguments {
    @Option(help: "The input format: json, binary, inkml, signature-pad (default: from the extension or the content).")
    var from: String?

    func validate() throws {
        if let from { try InkInput.checkReadable(formatNamed: from) }
    }
}

/// `--precision` of the commands that write computed geometry as JSON (`outline`, `smooth`).
struct PrecisionArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Decimal places of every number written, 0–9, or exact (the shortest text that reads back as the same double).",
        valueName: "places"))
    var precision = "3"

    func validate() throws {
        do { _ = try make() } catch { throw ValidationError("\(error)") }
    }

    /// The precision asked for.
    func make() throws -> NumberPrecision {
        guard let precision = NumberPrecision(precision) else {
            throw CommandLineFailure("--precision must be a whole number of decimal places from 0 to \(NumberPrecision.maximumDecimals), or exact (got \(precision))")
        }
        return precision
    }
}
