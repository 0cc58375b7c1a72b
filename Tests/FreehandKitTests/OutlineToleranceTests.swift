import FreehandKit
import Testing

/// The outline follows the output's scale: fitted to 8 pixels per point (`render --scale 8`, a
/// zoomed canvas), every vertex lies within 0.25 pixel of the true outline and the true outline
/// within 0.25 pixel of the polygon — where the default 0.1-point tolerance shows facets.
struct OutlineToleranceTests {
    /// The largest distance from any vertex of the rings `a` to the boundary of the rings `b`, points.
    static func farthest(_ a: [[Point2D]], from b: [[Point2D]]) -> Double {
        let edges = b.flatMap { ring in Array(zip(ring, ring.dropFirst() + ring.prefix(1))) }
        var worst = 0.0
        for point in a.joined() {
            var nearest = Double.infinity
            for (start, end) in edges {
                let edge = end - start, length = edge.dot(edge)
                let t = length > 0 ? Swift.min(1, Swift.max(0, (point - start).dot(edge) / length)) : 0
                nearest = Swift.min(nearest, (start + edge * t - point).length)
            }
            worst = Swift.max(worst, nearest)
        }
        return worst
    }

    static let strokes: [[Sample]] = TestData.fixtures.flatMap(\.strokes).filter { $0.count > 10 }.prefix(10).map { Array($0.prefix(120)) }

    @Test func anOutlineFittedToEightPixelsAPointStaysWithinAQuarterPixel() throws {
        let style = try InkStyle(brush: PressureBrush(sensitivity: 8), taper: Taper(startLength: 6, endLength: 9))
        var reference = style
        reference.flattening = .tolerance(0.001)
        let fitted = style.fitted(toPixelsPerPoint: 8)
        #expect(fitted.outlineTolerance == 0.005)
        #expect(!Self.strokes.isEmpty)
        var worstFitted = 0.0, worstDefault = 0.0, checked = 0
        for stroke in Self.strokes {
            // The ink's boundary (the outline crosses itself inside the ink at sharp turns), for
            // strokes whose ink has no hole: a hole narrower than a pixel may come and go with the
            // tolerance, which is topology, not facets.
            let resolved = try #require(InkStroke.outline(for: stroke, style: reference)).resolvingOverlaps()
            guard resolved.holes.isEmpty else { continue }
            checked += 1
            let truth = resolved.polygon
            let fine = try #require(InkStroke.outline(for: stroke, style: fitted)).resolvingOverlaps().polygon
            let coarse = try #require(InkStroke.outline(for: stroke, style: style)).resolvingOverlaps().polygon
            worstFitted = Swift.max(worstFitted, Self.farthest([fine], from: [truth]), Self.farthest([truth], from: [fine]))
            worstDefault = Swift.max(worstDefault, Self.farthest([coarse], from: [truth]), Self.farthest([truth], from: [coarse]))
        }
        #expect(checked >= 6)
        #expect(worstFitted * 8 <= 0.25, "fitted: \(worstFitted * 8) px at 8×")
        // The default is fine at 1× but shows at 8×: the test can tell them apart.
        #expect(worstDefault * 8 > 0.25, "default: \(worstDefault * 8) px at 8×")
    }

    @Test func fittingNeverCoarsens() throws {
        let style = InkStyle.default
                #expect(style.fitted(toPixelsPerPoint: 0.5).outlineTolerance == style.outlineTolerance)
        #expect(style.fitted(toPixelsPerPoint: 1).outlineTolerance == style.outlineTolerance)
        #expect(style.fitted(toPixelsPerPoint: .nan).outlineTolerance == style.outlineTolerance)
        #expect(style.fitted(toPixelsPerPoint: 4).outlineTolerance == 0.01)
        #expect(style.fitted(toPixelsPerPoint: 2).outlineTolerance == 0.02)
    }
}
