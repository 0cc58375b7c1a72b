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
            let query = Point2D(Double.random(in: -100...700, using: &random), Double.random(in: -100...700, using: &random))
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
    func theDefaultRanksFirstOnFidelityOvershootsAndIsNoRougherThanCentripetalCatmullRomAndItsDenoiserAddsUnder25MillisecondsAt30And60Hz() throws {
        // The fixed subset is the whole shared data set as it stands: the README's tables.
        let report = Evaluation(recordings: Self.prepared(TestData.shared), rates: [30, 60]).run()
        let splineOnly = Evaluation(recordings: Self.prepared(TestData.shared), rates: [30, 60], techniques: [try FreehandTechnique(denoising: nil)]).run()
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
            #expect(freehand.overshoot.mean <= centripetal.overshoot.mean, "\(rate) Hz mean overshoot: freehand \(freehand.overshoot.mean) vs catmull-rom \(centripetal.overshoot.mean)")
            #expect(freehand.overshoot.p95 <= centripetal.overshoot.p95, "\(rate) Hz p95 overshoot: freehand \(freehand.overshoot.p95) vs catmull-rom \(centripetal.overshoot.p95)")
            // The spline commits within two samples; the denoiser adds less than 25 ms to that.
            let spline = try #require(splineOnly.rows.first { $0.rate == rate })
            #expect(spline.lagSamples <= 2, "\(rate) Hz committed lag of the spline: \(spline.lagSamples) samples")
            let added = try #require(freehand.lagMilliseconds) - (try #require(spline.lagMilliseconds))
            #expect(added < 25, "\(rate) Hz: the denoiser adds \(added) ms")
        }
    }

    @Test func theReferenceCentrelineIsPerfectFreehandsOwn() throws {
        // The PyPI package's getStrokePoints of these samples, from tools/perfect_freehand_points.py.
        let expected: [Point2D] = [Point2D(8.49, 272.75), Point2D(16.902250000000002, 262.791), Point2D(26.97495625, 252.060925), Point2D(38.33985640625, 241.59539312500002), Point2D(50.63343897265625, 229.684042078125), Point2D(66.3174615633789, 215.54821788320314), Point2D(83.00542116443603, 199.51824260036133), Point2D(100.12005399488531, 183.39625310515356), Point2D(118.13477294782625, 167.24090756969028), Point2D(129.03402850282615, 156.19463571711836), Point2D(141.50346211370112, 143.0072201797753), Point2D(148.85572139832297, 135.6948185764045), Point2D(156.72993159428728, 127.3027978949719), Point2D(162.90547092757208, 120.90718910536306), Point2D(167.23782514421814, 116.13630536977931), Point2D(170.32107568629272, 112.55042978215621), Point2D(172.2869571666744, 110.5894326574164), Point2D(173.3122067958366, 109.38225887940196), Point2D(173.90318788823055, 108.70821002374583), Point2D(174.315354852498, 108.26073926009198), Point2D(174.49052581231166, 108.2028141855391), Point2D(174.05897347023247, 109.17869602885412), Point2D(172.7773137248488, 110.691695812263), Point2D(169.62210833306074, 115.25047072021178), Point2D(164.3078960415508, 121.64995005609), Point2D(156.4546058176591, 130.52222877383826), Point2D(141.8584574725051, 148.76569722888127), Point2D(131.18159442581467, 163.22942132227453), Point2D(109.62967763097123, 193.39425406196668), Point2D(95.49061299316278, 214.91980797633585), Point2D(78.12526052209418, 242.41641838994275), Point2D(67.04773572189002, 260.43897781572565), Point2D(59.61428768180326, 272.6353155716834), Point2D(51.728572264766385, 285.4950091179654), Point2D(45.44464321252571, 296.3308788751353), Point2D(38.2, 309.53)]
        let input = TestData.fixture("perfect-freehand-corners").strokes[0].prefix(40).map(\.location)
        let ours = PerfectFreehandCentreline.points(Array(input))
        #expect(ours.count == expected.count)
        for (a, b) in zip(ours, expected) { #expect((a - b).length < 1e-9, "\(a) vs \(b)") }
    }

    @Test func techniquesAreComparedWithTheirHooksKeptUnlessAskedToDropThem() throws {
        // A stroke that lands with a flick back before it goes right, and ends with one.
        var points = [Point2D(1.6, 1.1), Point2D(0.8, 0.6)] + (0..<60).map { Point2D(Double($0) * 1.5, 0) }
        points += [Point2D(87.7, -0.6), Point2D(86.9, -1.1)]
        let stroke = points.enumerated().map { Sample(location: $1, timestamp: Double($0) / 240) }
        let recording = EvaluationRecording(name: "hooks", strokes: [stroke], pointsPerUnit: 1, nominalRate: 240)
        var evaluation = Evaluation(recordings: [recording], rates: [120], techniques: [FreehandTechnique.standard, HermiteTechnique()])
        let kept = evaluation.run().rows
        evaluation.dropsHooks = true
        let dropped = evaluation.run().rows
        let keptFreehand = try #require(kept.first { $0.technique == "freehand" })
        let droppedFreehand = try #require(dropped.first { $0.technique == "freehand" })
        // The ink's ends leave the pen's flicks out: farther from the held-back samples on them.
        #expect(droppedFreehand.fidelity.mean > keptFreehand.fidelity.mean, "\(keptFreehand.fidelity.mean) vs \(droppedFreehand.fidelity.mean)")
        // A technique without a denoiser has no hook rule.
        #expect(kept.first { $0.technique == "hermite" }?.fidelity.mean == dropped.first { $0.technique == "hermite" }?.fidelity.mean)
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
        let line = (0..<100).map { Point2D(Double($0), 0) }
        #expect(SmoothnessMeasurement.curvatureVariation(of: line).variation < 1e-9)
        let wobble = (0..<100).map { Point2D(Double($0), sin(Double($0)) * 0.5) }
        let gentle = (0..<100).map { Point2D(Double($0), sin(Double($0) / 10) * 0.5) }
        #expect(SmoothnessMeasurement.curvatureVariation(of: wobble).variation > SmoothnessMeasurement.curvatureVariation(of: gentle).variation)
        #expect(abs(SmoothnessMeasurement.curvatureVariation(of: line).length - 99) < 0.5 + 1e-9)
    }

    @Test func overshootIsTheFarthestStrayFromThePenPath() {
        let truth = [Point2D(0, 0), Point2D(10, 0)]
        #expect(OvershootMeasurement.overshoot(of: [Point2D(0, 0), Point2D(5, 2), Point2D(10, 0)], from: truth) == 2)
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

/// A technique that goes wrong in every way a third-party one might: non-finite control points,
/// a non-finite end, and progress that is not a number or runs backwards.
private struct MisbehavingTechnique: InterpolationTechnique {
    var name: String { "misbehaving" }
    var lookahead: Int { 1 }

    func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        if cursor.next == 0 {
            path.append(.move(to: points[points.startIndex]), progress: 0)
            cursor.next = 1
        }
        while cursor.next + 1 < points.count {
            let end = points[points.startIndex + cursor.next]
            let wild = cursor.next % 3 == 0 ? Point2D(.nan, end.y) : Point2D(.infinity, -.infinity)
            path.append(.cubic(control1: wild, control2: end, to: cursor.next % 4 == 1 ? Point2D(.nan, .nan) : end),
                        progress: cursor.next % 2 == 0 ? .nan : -1e300)
            cursor.next += 1
        }
    }

    func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        path.append(.line(to: Point2D(.infinity, .nan)), progress: .infinity)
    }
}

struct MisbehavingTechniqueTests {
    @Test func anEvaluationOfATechniqueThatEmitsNonFiniteGeometryFinishesWithoutCrashing() {
        var random = SeededGenerator(seed: 5)
        let strokes = (0..<4).map { index in
            random.stroke(count: 60 + index * 20).enumerated().map { offset, sample in
                var timed = sample
                timed.timestamp = Double(offset) / 240
                return timed
            }
        }
        let recording = EvaluationRecording(name: "random", strokes: strokes, nominalRate: 240)
        let evaluation = Evaluation(recordings: [recording], rates: [60, 120], techniques: [MisbehavingTechnique(), LinearTechnique()], noise: 0.5)
        let report = evaluation.run(maximumThreads: 2)
        let linear = report.rows.filter { $0.technique == "linear" }
        #expect(!linear.isEmpty)
        #expect(linear.allSatisfy { $0.fidelity.mean.isFinite })
        #expect(report.rows.contains { $0.technique == "misbehaving" })
    }

    @Test func inkDrawnWithATechniqueThatEmitsNonFiniteGeometryHasNoNonFiniteOutline() {
        var random = SeededGenerator(seed: 9)
        let samples = random.stroke(count: 120)
        let style = (try? InkStyle(brush: PressureBrush())) ?? .default
        let batch = InkStroke.outline(for: samples, technique: MisbehavingTechnique(), style: style)
        #expect(batch.map { $0.polygon.allSatisfy(\.isFinite) } ?? true)
        var live = InkStroke(technique: MisbehavingTechnique(), style: style)
        for sample in samples { _ = try? live.append(sample) }
        _ = try? live.end()
        #expect(live.outline.map { $0.polygon.allSatisfy(\.isFinite) } ?? true)
        let path = StrokeBuilder.path(for: samples, technique: MisbehavingTechnique())
        #expect(path.flattened(tolerance: 0.1).allSatisfy { $0.isFinite })
    }

    @Test func spanOutputDropsNonFiniteElementsAndHoldsProgressThatIsNotANumberOrGoesBack() {
        var output = SpanOutput()
        output.append(.move(to: Point2D(0, 0)), progress: 0)
        output.append(.line(to: Point2D(.nan, 1)), progress: 1)
        output.append(.cubic(control1: Point2D(.infinity, 0), control2: Point2D(1, 1), to: Point2D(2, 2)), progress: 2)
        output.append(.line(to: Point2D(3, 3)), progress: .nan)
        output.append(.line(to: Point2D(4, 4)), progress: 2.5)
        output.append(.line(to: Point2D(5, 5)), progress: 1)
        output.append(.line(to: Point2D(6, 6)), progress: 1e300)
        #expect(output.droppedElements == 2)
        #expect(output.elements.map(\.endPoint) == [Point2D(0, 0), Point2D(3, 3), Point2D(4, 4), Point2D(5, 5), Point2D(6, 6)])
        #expect(output.progress == [0, 0, 2.5, 2.5, SpanOutput.progressLimit])
    }

    @Test func distancesToACentrelineThatIsNotFiniteAreInfiniteNotACrash() {
        let stroke = (0..<12).map { Sample(x: Double($0), y: 0, timestamp: Double($0) / 120) }
        let distances = FidelityMeasurement.heldBackDistances(of: stroke, step: 3, centreline: [Point2D(0, 0), Point2D(.nan, 1), Point2D(11, 0)])
        #expect(distances.count == 7)
        #expect(distances.allSatisfy { $0 == .infinity })
        let grid = SegmentGrid([Point2D(0, 0), Point2D(10, 0)], cellSize: 1)
        #expect(grid.distance(from: Point2D(.nan, 0)).isNaN)
        #expect(grid.distance(from: Point2D(-.infinity, 0)) == .infinity)
        #expect(grid.distance(from: Point2D(5, 1e300)) == 1e300)
    }
}
