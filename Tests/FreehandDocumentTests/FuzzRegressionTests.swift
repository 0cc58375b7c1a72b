import FreehandDocument
import FreehandRender
import Foundation
import Testing

/// Every input a fuzzer (tools/fuzz.sh) found crashing a parser, kept as a test: each must now be
/// answered with a typed error or a drawing. The file name says which parser it broke.
struct FuzzRegressionTests {
    static let cases: [String] = {
        guard let folder = Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted()
    }()

    @Test(arguments: cases)
    func aFormerCrashIsNowATypedErrorOrADrawing(name: String) throws {
        let folder = try #require(Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil))
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        switch name.split(separator: "-").first {
        case "inkml": #expect(throws: InkFormatError.self) { try InkML.drawing(from: data) }
        case "json": _ = try? InkJSON.drawing(from: data)
        case "binary": _ = try? BinaryInk.drawing(from: data)
        case "signaturepad": _ = try? SignaturePadJSON.drawing(from: data)
        case "png": _ = try? PNGDecoder.decode(Array(data))
        default: Issue.record("\(name): no parser named by its prefix")
        }
    }
}
