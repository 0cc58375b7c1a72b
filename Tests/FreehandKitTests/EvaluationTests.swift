@testable import FreehandEvaluation
import FreehandKit
import Testing

struct EvaluationTests {
    @Test func segmentGridFindsTheSameDistanceAsABruteForceSearch() {
        var random = SeededGenerator(seed: 11)
        let polyline = random.stroke(count: 300).map(\.location)
        let grid = SegmentGrid(polyline, cellSize: 4)
        for _ in 0..<500 {
            let query = Point(Double.random(in: -100...700, using: &random), Double.random(in: -100...700, using: &random))
            #expect(abs(grid.distance(from: query) - Polyline.distance(from: query, to: polyline)) < 1e-9)
        }
    }

    @Test func heldBackSamplesOnAStraightLineAreAtZeroDistanceForLinear() {
        let stroke = (0..<20).map { Sample(x: Double($0), y: 2 * Double($0), timestamp: Double($0) / 240) }
        let distances = FidelityMeasurement.heldBackDistances(of: stroke, step: 4, technique: LinearTechnique())
        #expect(distances.count == 20 - 6)
        #expect(distances.allSatisfy { $0 < 1e-9 })
    }

    @Test func summaryGivesMeanAndNearestRankPercentile() {
        let summary = Summary((1...100).map(Double.init))
        #expect(summary.mean == 50.5)
        #expect(summary.p95 == 95)
        #expect(summary.maximum == 100)
        #expect(Summary([]).count == 0)
    }

    @Test func unitsAreReadFromTheRecordingsOwnDescription() {
        #expect(RecordingUnits.pointsPerUnit(describedBy: "x,y: CSS px, y down") == 0.75)
        #expect(abs(RecordingUnits.pointsPerUnit(describedBy: "x,y: millimetres on the page") - 72 / 25.4) < 1e-12)
        #expect(abs(RecordingUnits.pointsPerUnit(describedBy: "x,y: Wacom Intuos tablet units (y axis points UP)") - 0.72 / 25.4) < 1e-12)
        #expect(RecordingUnits.pointsPerUnit(describedBy: "x,y: UIKit points") == 1)
        #expect(RecordingUnits.pointsPerUnit(describedBy: nil) == 1)
    }

    @Test func theDefaultTechniqueHasTheBestFidelityOnTheBundledPenRecordings() throws {
        // A regression guard on the fixtures (the full ranking over ../shared/data is `freehand tune`).
        let recordings = ["inkable-events", "inkable-pencil-antigrain", "inkable-pencil-antigrain2", "inkable-unknown-polyline-index", "wacom-special-ink"].map {
            EvaluationRecording(name: $0, strokes: TestData.fixture($0).strokes)
        }
        let scores = TechniqueCatalog.all.map { ($0.name, DefaultTuning.fidelity(of: $0, on: recordings, rate: 60)) }
        let best = scores.min { $0.1.mean < $1.1.mean }!
        #expect(best.0 == "freehand", "\(scores.map { "\($0.0) \($0.1.mean)" })")
    }
}
