import FreehandKit
import Testing

struct FlatteningTests {
    @Test func flatteningStaysWithinTheToleranceOfTheTrueCurve() {
        let elements: [PathElement] = [
            .move(to: Point2D(0, 0)),
            .cubic(control1: Point2D(100, 0), control2: Point2D(-50, 80), to: Point2D(60, 60)),
            .quad(control: Point2D(200, 0), to: Point2D(10, 5)),
            .line(to: Point2D(30, 30)),
            .cubic(control1: Point2D(30, 31), control2: Point2D(31, 31), to: Point2D(31, 30)),
        ]
        let path = BezierPath(elements)
        for tolerance in [1.0, 0.1, 0.01] {
            let polyline = path.flattened(tolerance: tolerance)
            var start = Point2D.zero
            var worst = 0.0
            for element in elements {
                for step in 0...400 {
                    let point = element.point(at: Double(step) / 400, from: start)
                    worst = max(worst, Polyline.distance(from: point, to: polyline))
                }
                start = element.endPoint
            }
            #expect(worst <= tolerance, "tolerance \(tolerance): worst \(worst)")
        }
    }

    @Test func finerToleranceGivesMorePointsAndEndsStayExact() {
        let path = CatmullRomTechnique.centripetal.path(through: [Point2D(0, 0), Point2D(40, 30), Point2D(80, -10), Point2D(120, 40)])
        let coarse = path.flattened(tolerance: 1), fine = path.flattened(tolerance: 0.01)
        #expect(fine.count > coarse.count)
        #expect(coarse.first == Point2D(0, 0) && coarse.last == Point2D(120, 40))
        #expect(fine.last == Point2D(120, 40))
    }

    @Test func granularitySetsAFixedNumberOfSegmentsPerCurve() {
        let path = CatmullRomTechnique.centripetal.path(through: [Point2D(0, 0), Point2D(40, 30), Point2D(80, -10)])
        #expect(path.flattened(.segmentsPerCurve(8)).count == 1 + 2 * 8)
        #expect(BezierPath([.move(to: .zero), .line(to: Point2D(5, 5))]).flattened(.segmentsPerCurve(8)).count == 2)
    }

    @Test func separateSubpathsFlattenSeparately() {
        let path = BezierPath([.move(to: .zero), .line(to: Point2D(1, 0)), .move(to: Point2D(5, 5))])
        #expect(path.flattenedSubpaths() == [[.zero, Point2D(1, 0)], [Point2D(5, 5)]])
        #expect(BezierPath().flattened().isEmpty)
    }
}

/// A stroke whose samples jump between the corners of the coordinate limit: every curve would need
/// thousands of segments at 0.1 pt. Its memory stays bounded by its samples, not its coordinates.
struct FlatteningBudgetTests {
    static func corners(_ count: Int) -> [Sample] {
        let limit = SampleValidation.coordinateLimit
        var state: UInt64 = 7
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Sample(x: state >> 40 & 1 == 0 ? -limit : limit, y: state >> 41 & 1 == 0 ? -limit : limit, timestamp: Double(index) / 100)
        }
    }

    @Test func aCurveBecomesAtMostMaximumSegments() {
        let path = BezierPath([.move(to: .zero), .quad(control: Point2D(1e9, -1e9), to: Point2D(-1e9, 1e9))])
        #expect(path.flattened().count == 1 + Flattening.maximumSegments)
    }

    @Test func aPathPastItsPointBudgetDrawsEachFurtherCurveAsItsChord() {
        let path = CatmullRomTechnique.centripetal.path(through: Self.corners(6_000).map(\.location))
        let points = path.flattened().count
        let curves = path.elements.count
        #expect(points <= Flattening.pointBudget + curves, "\(points) points for \(curves) elements")
        #expect(points > Flattening.pointBudget, "the budget is reached first, then chords follow")
    }

    @Test func aStrokeAtTheCornersOfTheLimitOutlinesWithinBudgetAndStreamsAsItBatches() throws {
        let samples = Self.corners(5_000)
        var batch = InkStroke(outputs: [])
        _ = try batch.append(samples)
        _ = try batch.end()
        var live = InkStroke(outputs: [])
        for chunk in stride(from: 0, to: samples.count, by: 7) { _ = try live.append(samples[chunk..<min(samples.count, chunk + 7)]) }
        _ = try live.end()
        let outline = try #require(batch.outline)
        #expect(outline.pointCount <= 2 * (Flattening.pointBudget + 4 * samples.count), "\(outline.pointCount) outline points")
        #expect(live.outline?.polygon == outline.polygon)
    }
}
