import Foundation
import Testing

/// Inputs the whole-pipeline fuzz target (Fuzz/Sources/FuzzPipeline) once crashed on, replayed
/// through the same harness (`exercisePipeline`, linked from the fuzz target): each must now pass
/// through samples → technique → brush → outline → raster, SVG and canvas without a trap, a
/// memory error or a non-finite outline point.
struct PipelineRegressionTests {
    static let inputs: [URL] = {
        guard let folder = Bundle.module.url(forResource: "PipelineRegressions", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func theRegressionInputsAreBundled() {
        #expect(Self.inputs.count >= 6)
    }

    @Test(arguments: inputs.map(\.lastPathComponent))
    func passesThroughThePipeline(name: String) throws {
        let url = try #require(Self.inputs.first { $0.lastPathComponent == name })
        exercisePipeline(Array(try Data(contentsOf: url)))
    }

    @Test func hostileValuesPassThroughThePipeline() {
        // Each a technique/brush choice followed by samples of raw finite extremes: ±1.8e308, a
        // 1e300 contact radius, coordinates at the edge of the accepted range.
        let extremes: [[UInt8]] = [
            [0, 1, 0, 0, 0, 4, 0, 0x11, 1, 0x7F, 0xEF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0xFF, 0xEF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            [3, 0, 2, 2, 2, 4, 2, 0x10, 2, 9, 0, 2, 9, 1, 2, 60, 0, 0x10, 3, 9, 3, 9, 2, 60, 0],
            [6, 0, 0, 0, 0, 1, 0, 0, 0, 0x1F, 1, 0x41, 0xCD, 0xCD, 0x65, 0, 0, 0, 0, 1, 0xC1, 0xCD, 0xCD, 0x65, 0, 0, 0, 0, 3, 7, 3, 8],
        ]
        for bytes in extremes { exercisePipeline(bytes) }
    }
}
