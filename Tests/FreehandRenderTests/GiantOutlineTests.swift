import FreehandKit
import Testing
@testable import FreehandRender

/// An outline of millions of points (a stroke of millions of sharp corners) stays within the
/// memory budget in SVG and PDF: written as its own lines, never fitted whole.
struct GiantOutlineTests {
    /// A zigzag of `count` points: every point a corner.
    static func zigzag(_ count: Int) -> [Point2D] {
        (0..<count).map { Point2D(Double($0) * 0.5, $0 % 2 == 0 ? 0 : 40) }
    }

    @Test func anSVGPolygonPastTheFittingLimitIsWrittenAsItsLines() {
        let giant = Self.zigzag(OutlineCurves.maximumFittedPoints + 1)
        #expect(SVGPolygonData.text(giant, curveTolerance: 0.1) == SVGPolygonData.text(giant))
        let small = Self.zigzag(5000).enumerated().map { Point2D($0.element.x, 20 + 20 * Double($0.offset).squareRoot().truncatingRemainder(dividingBy: 1)) }
        #expect(SVGPolygonData.text(small, curveTolerance: 0.1) != SVGPolygonData.text(small))
    }

    @Test func aPDFPolygonPastTheFittingLimitIsWrittenAsItsLines() {
        let giant = Self.zigzag(OutlineCurves.maximumFittedPoints + 1)
        let rings = PDFDocument.fittedRings(giant, holes: [])
        guard case .lines(let points)? = rings?.first else {
            Issue.record("a giant polygon was fitted")
            return
        }
        #expect(points.count == giant.count)
        var document = PDFDocument(width: 1000, height: 100)
        document.fillPolygon(giant, color: .black)
        #expect(document.bytes.count > 1000)
    }
}
