@testable import FreehandEvaluation
import FreehandDocument
import FreehandKit
import Foundation
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
        func scale(_ units: String?) -> (measured: Double, drawn: Double) {
            (RecordingInfo(units: units).pointsPerUnit, RecordingInfo(units: units).drawnPointsPerUnit)
        }
        #expect(scale("x,y: CSS px, y down") == (0.75, 1))
        #expect(scale("x,y: millimetres on the page") == (72 / 25.4, 72 / 25.4))
        #expect(scale("x,y: Wacom Intuos tablet units (y axis points UP)") == (0.72 / 25.4, 0.72 / 25.4))
        #expect(scale("x,y: UIKit points") == (1, 1))
        #expect(scale(nil) == (1, 1))
        #expect(RecordingInfo(units: "x,y: Wacom Intuos tablet units (y axis points UP)").yAxisPointsUp)
        #expect(!RecordingInfo(units: "x,y: CSS px, y down").yAxisPointsUp)
    }

    /// Recordings prepared for evaluation: in points, with their own rates.
    static func prepared(_ recordings: [TestData.Recording]) -> [EvaluationRecording] {
        recordings.map {
            EvaluationRecording(
                name: $0.name, strokes: $0.strokes, pointsPerUnit: RecordingInfo(units: $0.units).pointsPerUnit, nominalRate: $0.sampleRate)
        }
    }

    @Test(.enabled(if: TestData.hasSharedData, "needs ../shared/data"))
    func theDefaultRanksFirstOnFidelityIsNoRougherThanCentripetalCatmullRomAndCommitsWithinTwoSamplesAt30And60Hz() throws {
        // The fixed subset is the whole shared data set as it stands: the README's tables.
        let report = Evaluation(recordings: Self.prepared(TestData.shared), rates: [30, 60]).run()
        for rate in [30.0, 60.0] {
            let rows = Dictionary(uniqueKeysWithValues: report.rows.filter { $0.rate == rate }.map { ($0.technique, $0) })
            let freehand = try #require(rows["freehand"]), centripetal = try #require(rows["catmull-rom"])
            #expect(rows["timed-hermite"] != nil)
            #expect(freehand.fidelity.count > (rate == 60 ? 30000 : 50000))
            for (name, row) in rows where name != "freehand" {
                #expect(freehand.fidelity.mean < row.fidelity.mean, "\(rate) Hz mean fidelity: freehand \(freehand.fidelity.mean) vs \(name) \(row.fidelity.mean)")
                #expect(freehand.fidelity.p95 < row.fidelity.p95, "\(rate) Hz p95 fidelity: freehand \(freehand.fidelity.p95) vs \(name) \(row.fidelity.p95)")
            }
            #expect(freehand.smoothness <= centripetal.smoothness, "\(rate) Hz smoothness: freehand \(freehand.smoothness) vs catmull-rom \(centripetal.smoothness)")
            #expect(freehand.lagSamples <= 2, "\(rate) Hz committed lag: \(freehand.lagSamples) samples")
        }
    }

    @Test func techniquesMeasuredOnSeveralCoresGiveTheReportOfOne() throws {
        let recordings = Self.prepared(TestData.fixtures)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let one = try encoder.encode(Evaluation(recordings: recordings, rates: [30, 60], noise: 0.5).run(maximumThreads: 1))
        let several = try encoder.encode(Evaluation(recordings: recordings, rates: [30, 60], noise: 0.5).run(maximumThreads: 4))
        #expect(one == several)
        #expect(one.count > 1000)
    }

    @Test func thePredictorBeatsStandingStillAtEveryHorizon() throws {
        let report = Evaluation(recordings: Self.prepared(TestData.fixtures), rates: [60], techniques: []).run()
        #expect(report.predictions.count == 4)
        for row in report.predictions {
            #expect(row.withPrediction.mean < row.withoutPrediction.mean, "\(row.horizonMilliseconds) ms")
        }
    }

    @Test func smoothnessIsZeroForALineAndGrowsWithWobble() {
        let line = (0..<100).map { Point(Double($0), 0) }
        #expect(SmoothnessMeasurement.curvatureVariation(of: line).variation < 1e-9)
        let wobble = (0..<100).map { Point(Double($0), sin(Double($0)) * 0.5) }
        let gentle = (0..<100).map { Point(Double($0), sin(Double($0) / 10) * 0.5) }
        #expect(SmoothnessMeasurement.curvatureVariation(of: wobble).variation > SmoothnessMeasurement.curvatureVariation(of: gentle).variation)
        #expect(abs(SmoothnessMeasurement.curvatureVariation(of: line).length - 99) < 0.5 + 1e-9)
    }

    @Test func overshootIsTheFarthestStrayFromThePenPath() {
        let truth = [Point(0, 0), Point(10, 0)]
        #expect(OvershootMeasurement.overshoot(of: [Point(0, 0), Point(5, 2), Point(10, 0)], from: truth) == 2)
    }

    @Test func committedLagFollowsEachTechniquesLookahead() throws {
        let stroke = (0..<40).map { Sample(x: Double($0) * 5, y: sin(Double($0)), timestamp: Double($0) / 60) }
        let linear = try #require(LatencyMeasurement.committedLag(of: stroke, technique: LinearTechnique()))
        let spline = try #require(LatencyMeasurement.committedLag(of: stroke, technique: CatmullRomTechnique.centripetal))
        #expect(linear.samples == 0)
        #expect(abs(spline.samples - 1) < 0.05)
        #expect(abs(spline.milliseconds! - 1000.0 / 60) < 1)
    }

    @Test func predictedSamplesContinueTheMotionAndAreTimedAhead() throws {
        let samples = (0..<10).map { Sample(x: Double($0) * 2, y: 0, timestamp: Double($0) / 120) }
        let predicted = StrokePredictor.standard.predict(after: samples[...])
        #expect(predicted.count == 3)
        #expect(predicted.allSatisfy { $0.location.x > 18 })
        #expect(abs(predicted.last!.timestamp! - (9.0 / 120 + 0.024)) < 1e-9)
        #expect(StrokePredictor.standard.predict(after: [Sample(x: 0, y: 0)][...]).isEmpty)
    }
}
