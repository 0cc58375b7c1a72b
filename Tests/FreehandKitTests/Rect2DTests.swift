import FreehandKit
import Testing

struct Rect2DTests {
    /// Values where a hand-written min / max could differ from the standard library's: NaN, both
    /// zeros, the infinities.
    static let awkward: [Double] = [.nan, 0, -0.0, 1, -1, .infinity, -.infinity]

    @Test func growingByAPointMatchesPointwiseMinAndMaxBitForBit() {
        func same(_ a: Point2D, _ b: Point2D) -> Bool { a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern }
        var compared = 0
        for x0 in Self.awkward {
            for x1 in Self.awkward {
                for y0 in Self.awkward {
                    for y1 in Self.awkward {
                        let corner = Point2D(x0, x1), point = Point2D(y0, y1)
                        var grown = Rect2D(min: corner, max: corner)
                        grown.formUnion(point)
                        #expect(same(grown.min, pointwiseMin(corner, point)), "min of \(corner) and \(point)")
                        #expect(same(grown.max, pointwiseMax(corner, point)), "max of \(corner) and \(point)")
                        var united = Rect2D(min: corner, max: corner)
                        united.formUnion(Rect2D(min: point, max: point))
                        #expect(same(united.min, grown.min) && same(united.max, grown.max))
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 2401)
    }

    @Test func aPathsControlBoundsHoldEveryControlPointAndTheOriginBeforeALeadingLine() {
        let path = BezierPath([.move(to: Point2D(2, 3)), .cubic(control1: Point2D(-1, 5), control2: Point2D(4, -2), to: Point2D(3, 3)), .quad(control: Point2D(9, 1), to: Point2D(5, 4))])
        #expect(path.controlBounds == Rect2D(min: Point2D(-1, -2), max: Point2D(9, 5)))
        // A path that does not start with a move starts at the origin.
        #expect(BezierPath([.line(to: Point2D(2, 3))]).controlBounds == Rect2D(min: Point2D(0, 0), max: Point2D(2, 3)))
        #expect(BezierPath().controlBounds == nil)
    }
}
