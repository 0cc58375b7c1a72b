import FreehandKit
import Testing

struct RectTests {
    /// Values where a hand-written min / max could differ from the standard library's: NaN, both
    /// zeros, the infinities.
    static let awkward: [Double] = [.nan, 0, -0.0, 1, -1, .infinity, -.infinity]

    @Test func growingByAPointMatchesPointwiseMinAndMaxBitForBit() {
        func same(_ a: Point, _ b: Point) -> Bool { a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern }
        var compared = 0
        for x0 in Self.awkward {
            for x1 in Self.awkward {
                for y0 in Self.awkward {
                    for y1 in Self.awkward {
                        let corner = Point(x0, x1), point = Point(y0, y1)
                        var grown = Rect(min: corner, max: corner)
                        grown.formUnion(point)
                        #expect(same(grown.min, pointwiseMin(corner, point)), "min of \(corner) and \(point)")
                        #expect(same(grown.max, pointwiseMax(corner, point)), "max of \(corner) and \(point)")
                        var united = Rect(min: corner, max: corner)
                        united.formUnion(Rect(min: point, max: point))
                        #expect(same(united.min, grown.min) && same(united.max, grown.max))
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 2401)
    }

    @Test func aPathsControlBoundsHoldEveryControlPointAndTheOriginBeforeALeadingLine() {
        let path = Path([.move(to: Point(2, 3)), .cubic(control1: Point(-1, 5), control2: Point(4, -2), to: Point(3, 3)), .quad(control: Point(9, 1), to: Point(5, 4))])
        #expect(path.controlBounds == Rect(min: Point(-1, -2), max: Point(9, 5)))
        // A path that does not start with a move starts at the origin.
        #expect(Path([.line(to: Point(2, 3))]).controlBounds == Rect(min: Point(0, 0), max: Point(2, 3)))
        #expect(Path().controlBounds == nil)
    }
}
