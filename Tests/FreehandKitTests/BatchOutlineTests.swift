@testable import FreehandKit
import Foundation
import Testing

/// Outlines of many strokes computed on several cores at once.
struct BatchOutlineTests {
    /// Every fixture stroke, in every brush and a second technique, with an empty stroke and a tap.
    private var batch: [InkStroke.BatchStroke] {
        var strokes: [InkStroke.BatchStroke] = []
        for recording in TestData.fixtures {
            for (index, samples) in recording.strokes.enumerated() {
                let style = InkStrokeTests.styles[index % InkStrokeTests.styles.count].1
                let technique: any InterpolationTechnique = index % 3 == 0 ? CatmullRomTechnique.centripetal : FreehandTechnique.standard
                strokes.append(InkStroke.BatchStroke(samples: samples, technique: technique, style: style))
            }
        }
        strokes.insert(InkStroke.BatchStroke(samples: []), at: strokes.count / 2)
        strokes.append(InkStroke.BatchStroke(samples: [Sample(location: Point2D(3, 4))]))
        return strokes
    }

    @Test(arguments: [1, 2, 3, 8])
    func aBatchOnAnyNumberOfThreadsGivesEachStrokesOwnOutlineInOrder(threads: Int) {
        let strokes = batch
        #expect(strokes.reduce(0) { $0 + $1.samples.count } >= InkStroke.concurrentBatchSamples)
        let alone = strokes.map { InkStroke.outline(for: $0.samples, technique: $0.technique, style: $0.style) }
        #expect(InkStroke.outlines(for: strokes, maximumThreads: threads) == alone)
        #expect(alone.contains(nil) && alone.last??.polygon.isEmpty == false)
    }

    @Test(arguments: [1, 2])
    func aResolvingBatchGivesEachStrokesOwnResolvedOutline(threads: Int) {
        let strokes = batch
        let alone = strokes.map { InkStroke.outline(for: $0.samples, technique: $0.technique, style: $0.style)?.resolvingOverlaps() }
        #expect(InkStroke.outlines(for: strokes, maximumThreads: threads, resolvingOverlaps: true) == alone)
        #expect(alone.contains { $0?.holes.isEmpty == false }, "some fixture stroke loops around background")
        // The fixtures' hard cases (a browser recording on a 0.01 pt grid) leave a few as they are.
        #expect(alone.filter { $0?.isResolved == true }.count * 5 >= alone.count * 4, "most outlines resolve")
    }

    @Test func aLongStrokesOutlineTakenWithItsStorageLetGoIsTheStrokesOutline() throws {
        let samples = (0..<70_000).map { index in
            Sample(location: Point2D(Double(index) * 0.7, 100 + 60 * sin(Double(index) / 40)), timestamp: Double(index) / 240, force: 0.5)
        }
        var stroke = InkStroke(outputs: [])
        try stroke.append(samples)
        try stroke.end()
        #expect(stroke.vertices.count >= InkStroke.releasedVertices, "long enough to be let go of")
        let kept = stroke.outline
        #expect(kept != nil)
        #expect(stroke.takeFinishedOutline() == kept)
        #expect(stroke.vertices.count == 0, "the stroke's storage was let go of")
        #expect(InkStroke.outline(for: samples) == kept)
    }

    @Test func runsCoverEveryStrokeOnceInOrder() {
        let strokes = batch
        let total = strokes.reduce(0) { $0 + $1.samples.count }
        for count in [1, 2, 7, 64, 10_000] {
            let runs = InkStroke.runs(of: strokes, count: count, totalSamples: total)
            #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == strokes.count)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$1.isEmpty })
            #expect(runs.count <= count + 1)
        }
    }
}
