import FreehandKit
import Testing

struct FlatteningTests {
    @Test func flatteningStaysWithinTheToleranceOfTheTrueCurve() {
        let elements: [PathElement] = [
            .move(to: Point(0, 0)),
            .cubic(control1: Point(100, 0), control2: Point(-50, 80), to: Point(60, 60)),
            .quad(control: Point(200, 0), to: Point(10, 5)),
            .line(to: Point(30, 30)),
            .cubic(control1: Point(30, 31), control2: Point(31, 31), to: Point(31, 30)),
        ]
        let path = Path(elements)
        for tolerance in [1.0, 0.1, 0.01] {
            let polyline = path.flattened(tolerance: tolerance)
            var start = Point.zero
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
        let path = CatmullRomTechnique.centripetal.path(through: [Point(0, 0), Point(40, 30), Point(80, -10), Point(120, 40)])
        let coarse = path.flattened(tolerance: 1), fine = path.flattened(tolerance: 0.01)
        #expect(fine.count > coarse.count)
        #expect(coarse.first == Point(0, 0) && coarse.last == Point(120, 40))
        #expect(fine.last == Point(120, 40))
    }

    @Test func granularitySetsAFixedNumberOfSegmentsPerCurve() {
        let path = CatmullRomTechnique.centripetal.path(through: [Point(0, 0), Point(40, 30), Point(80, -10)])
        #expect(path.flattened(.segmentsPerCurve(8)).count == 1 + 2 * 8)
        #expect(Path([.move(to: .zero), .line(to: Point(5, 5))]).flattened(.segmentsPerCurve(8)).count == 2)
    }

    @Test func separateSubpathsFlattenSeparately() {
        let path = Path([.move(to: .zero), .line(to: Point(1, 0)), .move(to: Point(5, 5))])
        #expect(path.flattenedSubpaths() == [[.zero, Point(1, 0)], [Point(5, 5)]])
        #expect(Path().flattened().isEmpty)
    }
}
