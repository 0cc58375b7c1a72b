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
        let report = exercisePipeline(Array(try Data(contentsOf: url)))
        // Every stage ran to its end: the samples were fed, the canvas and the image exist, the SVG
        // was written, and every outline point handed out is finite.
        #expect(report.samples > 0)
        #expect(report.canvasPixels == 64 * 48 && report.renderedPixels == 64 * 48)
        #expect(report.svgBytes > 0)
        #expect(report.nonFinitePoints == 0)
    }

    @Test func hostileValuesPassThroughThePipeline() {
        // Inputs written in the harness's own encoding (`FuzzInput`): a header of zero bytes (no
        // alpha, default brush options, a taper of 0, 0) after the technique and brush choices,
        // then one chunk of four samples of raw finite extremes.
        func raw(_ value: Double) -> [UInt8] { [1] + withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) } }
        func input(technique: UInt8, brush: UInt8, samples: [[UInt8]]) -> [UInt8] {
            // Each sample then 1 (no late estimate for it); after the chunk 0 predicted samples and 1
            // (no late update).
            [technique, 0, 0, 0, 0, 0, 0, brush, 0, 0, 0, 0, 0, 0, 0, UInt8(samples.count - 1)] + samples.flatMap { $0 + [1] } + [0, 1]
        }
        func sample(_ flags: UInt8, _ values: [Double]) -> [UInt8] { [flags] + values.flatMap(raw) }
        let huge = Double.greatestFiniteMagnitude
        // ±1.8e308 coordinates, each technique's worst case for spans and knots.
        let farApart = [[huge, -huge], [-huge, huge], [huge, huge], [0, 0]].map { sample(0, $0) }
        // A 1e300 contact radius on timed finger samples (flags: time, radius, finger).
        let hugeRadius = (0..<4).map { sample(1 | 16 | 32, [Double($0) * 10, 10, Double($0) / 60, 1e300]) }
        // Coordinates at the edge of the accepted range, forces far past 1 (flags: force).
        let farOut = (0..<4).map { sample(2, [$0 % 2 == 0 ? 1e15 : -1e15, 1e15, 1e300]) }
        let inputs: [[UInt8]] = [
            input(technique: 7, brush: 1, samples: farApart), input(technique: 3, brush: 4, samples: hugeRadius),
            input(technique: 5, brush: 2, samples: farOut),
        ]
        for bytes in inputs {
            let report = exercisePipeline(bytes)
            #expect(report.samples == 4, "\(report)")
            #expect(report.renderedPixels == 64 * 48 && report.canvasPixels == 64 * 48 && report.svgBytes > 0)
            #expect(report.nonFinitePoints == 0)
        }
    }
}
