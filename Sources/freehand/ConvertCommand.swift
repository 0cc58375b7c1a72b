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

    @Argument(help: "The file to read.")
    var input: String

    @Argument(help: "The file to write (atomically).")
    var output: String

    @Option(help: "The input format: json, binary, inkml, signature-pad.")
    var from: String?

    @Option(help: "The output format: json, binary, inkml, signature-pad, svg, png, pdf.")
    var to: String?

    func run() throws {
        let inputURL = URL(fileURLWithPath: input), outputURL = URL(fileURLWithPath: output)
        let data: Data
        do {
            data = try AtomicFile.read(inputURL, limit: InkInput.sizeLimit)
        } catch {
            throw CommandLineFailure(error.description)
        }
        let source = try format(named: from, orExtensionOf: inputURL, data: data)
        let target = try format(named: to, orExtensionOf: outputURL, data: nil)
        guard source.isReadable else { throw CommandLineFailure("\(input): \(source.rawValue) can only be written") }
        do {
            let drawing = try source.read(data)
            if target == .pdf {
                try AtomicFile.write(Data(DrawingExport.pdf(drawing, creationDate: InkOutput.pdfCreationDate)), to: outputURL)
            } else {
                try target.save(drawing, to: outputURL)
            }
        } catch {
            throw CommandLineFailure("\(input): \(error)")
        }
    }

    private func format(named name: String?, orExtensionOf url: URL, data: Data?) throws -> InkFileFormat {
        if let name {
            guard let format = InkFileFormat(rawValue: name) else {
                throw CommandLineFailure("unknown format '\(name)'; known: \(InkFileFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return format
        }
        guard let format = InkFileFormat(pathExtension: url.pathExtension) else {
            throw CommandLineFailure("\(url.lastPathComponent): cannot tell the format from the extension; use --from / --to")
        }
        if format == .json, let data { return InkFileFormat.sniffJSON(data) }
        return format
    }
}
