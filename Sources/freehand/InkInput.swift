import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

/// Reading the ink named on the command line: a file path, or `-` for standard input.
enum InkInput {
    /// The largest input accepted, in bytes: the readers' own default (`InkFileLimits.maximumBytes`).
    static let sizeLimit = InkFileLimits().maximumBytes

    static func strokes(at argument: String) throws -> [[Sample]] {
        let data: Data
        do {
            if argument == "-" {
                data = try AtomicFile.readStandardInput(limit: sizeLimit)
            } else {
                data = try AtomicFile.read(URL(fileURLWithPath: argument), limit: sizeLimit)
            }
            return try RecordingJSON.strokes(from: data)
        } catch {
            if case .io(let detail) = error { throw CommandLineFailure(detail) }
            throw CommandLineFailure("\(argument == "-" ? "standard input" : argument): \(error)")
        }
    }

    static func technique(named name: String, alpha: Double?) throws -> any InterpolationTechnique {
        do {
            return try TechniqueCatalog.technique(named: name, alpha: alpha)
        } catch {
            throw CommandLineFailure("--technique \(name): \(error)")
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

    static func write(_ text: String, to path: String?) throws {
        try write(Array(text.utf8), to: path)
    }

    static func write(_ bytes: [UInt8], to path: String?) throws {
        do {
            if let path, path != "-" {
                try AtomicFile.write(Data(bytes), to: URL(fileURLWithPath: path))
            } else {
                try AtomicFile.writeStandardOutput(Data(bytes))
            }
        } catch {
            if case .io(let detail) = error { throw CommandLineFailure(detail) }
            throw CommandLineFailure(error.description)
        }
    }
}
