import ArgumentParser
import FreehandDocument
import Foundation

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert ink between formats: json, binary (.fhb), inkml, signature-pad; svg, png and pdf (output only).",
        discussion: """
            Formats come from the file extensions unless --from / --to name them; a .json input whose top level is an array \
            is read as signature-pad. Pictures (svg, png, pdf) are the ink's bounds plus a margin. A PDF's creation date is \
            now, or SOURCE_DATE_EPOCH (seconds since 1970) when set, for reproducible files.
            """
    )

    @Argument(help: "The file to read, or - for standard input.")
    var input: String

    @Argument(help: "The file to write (atomically), or - for standard output.")
    var output: String

    @Option(help: "The input format: json, binary, inkml, signature-pad.")
    var from: String?

    @Option(help: "The output format: json, binary, inkml, signature-pad, svg, png, pdf.")
    var to: String?

    @Flag(help: "Allow the output to be the input file (a conversion may drop what the output format cannot hold).")
    var force = false

    func validate() throws {
        if let from { try InkInput.checkReadable(formatNamed: from) }
        if let to, InkFileFormat(rawValue: to) == nil { throw ValidationError(Self.unknown(to)) }
    }

    private static func unknown(_ name: String) -> String {
        "--to \(name): unknown format; known: \(InkFileFormat.allCases.map(\.rawValue).joined(separator: ", "))"
    }

    func run() throws {
        BatchMemory.keepFreedMemory()
        let inputURL = URL(fileURLWithPath: input), outputURL = URL(fileURLWithPath: output)
        if input != "-", output != "-", !force, InkOutput.sameFile(inputURL, outputURL) {
            throw CommandLineFailure("\(output) is the input file; converting in place may lose what the output format cannot hold (use --force)")
        }
        let target = try format(named: to ?? (output == "-" ? "json" : nil), orExtensionOf: outputURL)
        // The one input layer every command reads through: --from, else the extension, else the content.
        let drawing = try InkInput.drawing(at: input, format: from)
        do {
            let bytes: Data
            if target == .pdf {
                // The ink placed once, as `DrawingExport.pdf(_:)` places it, so that its page size can be said.
                let ink = PlacedInk(drawing, size: nil, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint(for: drawing))
                InkOutput.noteIfClampedForPDF(ink.size, output: output)
                bytes = Data(DrawingExport.pdf(ink, creationDate: InkOutput.pdfCreationDate))
            } else {
                bytes = try target.bytes(for: drawing)
            }
            // A file this tool could not read back is not written.
            guard !target.isReadable || bytes.count <= InkInput.sizeLimit else {
                throw CommandLineFailure("the \(target.rawValue) output would be \(bytes.count) bytes, over the \(InkInput.sizeLimit)-byte limit this tool reads")
            }
            try InkOutput.write(Array(bytes), to: output)
        } catch let error as InkFormatError {
            throw CommandLineFailure("\(input == "-" ? "standard input" : input): \(error)")
        }
    }

    /// The output format: named, else from the output's extension.
    private func format(named name: String?, orExtensionOf url: URL) throws -> InkFileFormat {
        if let name {
            guard let format = InkFileFormat(rawValue: name) else { throw CommandLineFailure(Self.unknown(name)) }
            return format
        }
        guard let format = InkFileFormat(pathExtension: url.pathExtension) else {
            throw CommandLineFailure("\(url.lastPathComponent): cannot tell the format; use --to")
        }
        return format
    }
}
