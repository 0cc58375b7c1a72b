@testable import FreehandKit
import Foundation
import Testing

/// A finished stroke's outline resolved to the boundary of its ink: where the raw outline crosses itself
/// (jitter within the nib, a hairpin, a loop), the rings that remain fill exactly the same points
/// under the non-zero rule, cross nowhere, and fill the same under the even-odd rule.
struct NonZeroBoundaryTests {
    /// True when two segments of `rings` (each closed) cross at a point inside both.
    static func anyCrossing(_ rings: [[Point2D]]) -> Bool {
        let segments = rings.flatMap { ring in ring.indices.map { (ring[$0], ring[($0 + 1) % ring.count]) } }
        for i in segments.indices {
            for j in (i + 1)..<segments.count {
                let (p, r) = (segments[i].0, segments[i].1 - segments[i].0)
                let (q, s) = (segments[j].0, segments[j].1 - segments[j].0)
                let denominator = r.cross(s)
                guard denominator != 0 else { continue }
                let t = (q - p).cross(s) / denominator, u = (q - p).cross(r) / denominator
                if t > 1e-9, t < 1 - 1e-9, u > 1e-9, u < 1 - 1e-9 { return true }
            }
        }
        return false
    }

    /// Probe points over the bounds of `polygon` where `rings` fill differently from `polygon`
    /// (non-zero rule for both, and with `evenOdd` the even-odd rule for the rings too), ignoring
    /// points within `margin` of an edge.
    static func disagreements(_ polygon: [Point2D], _ rings: [[Point2D]], evenOdd: Bool = true, probes: Int = 48, margin: Double = 1e-6) -> Int {
        guard let bounds = Rect2D(enclosing: polygon) else { return 0 }
        let edges = rings.flatMap { $0 + [$0[0]] }
        var count = 0
        for row in 0...probes {
            for column in 0...probes {
                // Off the grid's exact fractions, so that probes rarely sit on an axis-aligned edge.
                let point = Point2D(
                    bounds.min.x + bounds.width * (Double(column) + 0.37) / Double(probes + 1),
                    bounds.min.y + bounds.height * (Double(row) + 0.61) / Double(probes + 1))
                let filled = Winding.number(of: polygon, around: point) != 0
                let winding = Winding.number(of: rings, around: point)
                guard filled != (winding != 0) || (evenOdd && filled != (winding % 2 != 0)) else { continue }
                if Polyline.distance(from: point, to: polygon + [polygon[0]]) > margin, Polyline.distance(from: point, to: edges) > margin {
                    count += 1
                }
            }
        }
        return count
    }

    @Test func aPolygonThatDoesNotCrossItselfIsLeftAsItIs() {
        #expect(NonZeroBoundary(resolving: [Point2D(0, 0), Point2D(10, 0), Point2D(10, 10), Point2D(0, 10)]) == nil)
    }

    @Test func aPentagramBecomesItsStarShapedOutline() throws {
        // Every second corner of a regular pentagon: the centre is wound twice, the tips once.
        let corners = (0..<5).map { k in
            let angle = Double(2 * k % 5) * 2 * Double.pi / 5 + Double.pi / 2
            return Point2D(cos(angle), sin(angle)) * 10
        }
        let boundary = try #require(NonZeroBoundary(resolving: corners))
        #expect(boundary.holes.isEmpty)
        #expect(boundary.outer.count == 10)
        #expect(NonZeroBoundary.signedArea(boundary.outer) > 0)
        #expect(Self.disagreements(corners, [boundary.outer]) == 0)
        // Even-odd would leave the centre of the raw star empty; the outline fills it either way.
        #expect(Winding.number(of: corners, around: .zero) == 2)
        #expect(Winding.number(of: boundary.outer, around: .zero) == 1)
    }

    @Test func aStrokeThatLoopsAroundBackgroundHasAHole() throws {
        // A circle of radius 20 drawn a little past its start, 4 points wide.
        let circle = (0...70).map { k in
            let angle = Double(k) * 2 * Double.pi / 64
            return Sample(location: Point2D(cos(angle), sin(angle)) * 20, timestamp: Double(k) / 60)
        }
        let piece = try #require(InkStroke.outline(for: circle, style: try InkStyle(brush: ConstantBrush(width: 4)))).resolvingOverlaps()
        #expect(piece.holes.count == 1)
        let hole = try #require(piece.holes.first)
        #expect(NonZeroBoundary.signedArea(hole) < 0)
        // The hole is the disc inside the ink: radius 18, less what the polygons cut off the circle.
        #expect(abs(-NonZeroBoundary.signedArea(hole) - Double.pi * 18 * 18) < 0.01 * Double.pi * 18 * 18)
        #expect(Winding.number(of: piece.rings, around: .zero) == 0)
        #expect(Winding.number(of: piece.rings, around: Point2D(20, 0)) == 1)
        #expect(!Self.anyCrossing(piece.rings))
    }

    @Test func twoLobesTouchingAtAPointAreLeftAsTheyWere() {
        // A figure eight: its lobes wind opposite ways and meet at one point.
        let eight = [Point2D(0, 0), Point2D(10, 10), Point2D(10, 0), Point2D(0, 10)]
        #expect(NonZeroBoundary(resolving: eight) == nil)
    }

    @Test func segmentsOverlappingAlongALineSplitEachOther() throws {
        // The fourth and fifth corners run back along the first segment: two triangles on it,
        // touching it from above along (2, 0)…(8, 0) less the stretch between them.
        let folded = [Point2D(0, 0), Point2D(10, 0), Point2D(10, 5), Point2D(8, 0), Point2D(2, 0), Point2D(0, 5)]
        if let boundary = NonZeroBoundary(resolving: folded) {
            #expect(Self.disagreements(folded, boundary.rings) == 0)
            #expect(!Self.anyCrossing(boundary.rings))
        }
        // A square whose bottom edge is run along twice, the second time backwards inside a notch.
        let notched = [Point2D(0, 0), Point2D(10, 0), Point2D(10, 10), Point2D(0, 10), Point2D(0, 5), Point2D(6, 5), Point2D(6, 0), Point2D(3, 0), Point2D(3, 5), Point2D(0, 5)]
        let boundary = try #require(NonZeroBoundary(resolving: notched))
        #expect(Self.disagreements(notched, boundary.rings) == 0)
        #expect(!Self.anyCrossing(boundary.rings))
    }

    @Test func cornersAFewUlpsApartAreOneCorner() throws {
        // A pentagram whose first corner is repeated a hair away: the same outline.
        var corners = (0..<5).map { k in
            let angle = Double(2 * k % 5) * 2 * Double.pi / 5 + Double.pi / 2
            return Point2D(cos(angle), sin(angle)) * 10
        }
        corners.insert(corners[0] + Point2D(1e-14, -1e-14), at: 1)
        let boundary = try #require(NonZeroBoundary(resolving: corners))
        #expect(boundary.outer.count == 10)
    }

    @Test(arguments: InkStrokeTests.styles.map(\.0))
    func everyRealStrokesOutlineFillsTheSameInkWithoutCrossings(brush: String) throws {
        let style = try #require(InkStrokeTests.styles.first { $0.0 == brush }).1
        var crossing = 0, resolved = 0, withHoles = 0, rawPoints = 0, points = 0
        for samples in TestData.fixtures.flatMap(\.strokes) {
            var stroke = InkStroke(style: style, outputs: [])
            _ = try? stroke.append(samples)
            _ = try? stroke.end()
            guard let piece = stroke.outline?.resolvingOverlaps() else { continue }
            let raw = Outline.polygon(around: stroke.vertices)
            rawPoints += raw.count
            points += piece.rings.reduce(0) { $0 + $1.count }
            #expect(piece.rings.allSatisfy { $0.allSatisfy(\.isFinite) })
            #expect(Self.disagreements(raw, piece.rings, evenOdd: piece.polygon != raw) == 0, "\(brush): the boundary fills other points than its outline")
            guard Self.anyCrossing([raw]) else {
                #expect(piece.polygon == raw && piece.holes.isEmpty)
                continue
            }
            crossing += 1
            if piece.polygon != raw {
                resolved += 1
                #expect(!Self.anyCrossing(piece.rings), "\(brush): the boundary crosses itself")
                if !piece.holes.isEmpty { withHoles += 1 }
            }
        }
        // Real handwriting's outlines cross themselves, and most resolve: 78–88 % of these
        // fixtures' (the rest — many on the 0.01 pt grid of a browser recording, whose through-the-
        // centre segments run along one another — touch themselves at a point or meet in ways the
        // windings around a node do not agree on, and are kept as they were).
        #expect(Double(resolved) >= 0.75 * Double(crossing), "\(brush): \(resolved) of \(crossing) resolved")
        #expect(points < rawPoints)
    }
}

extension NonZeroBoundaryTests {
    @Test func aPolygonCrossingItselfEverywhereIsLeftAsItIsQuickly() {
        // Corners round a circle joined 1 to 1 + 499 to 1 + 2·499…: every segment crosses nearly
        // every other (about 62,000 crossings for 500 corners), past the work budget.
        let count = 500
        let star = (0..<count).map { k in
            let angle = Double(k * 249 % count) * 2 * Double.pi / Double(count)
            return Point2D(cos(angle), sin(angle)) * 100
        }
        var tested = 0
        #expect(NonZeroBoundary.resolve(star, pairsTested: &tested) == .unresolved)
        // Quickly: its budget of crossings stopped it after about 20,000 pair tests, a sixth of the
        // 124,750 pairs a sweep without a budget would go on to.
        #expect(tested <= NonZeroBoundary.testsPerCorner * count + NonZeroBoundary.testAllowance + 1)
        #expect(tested < count * (count - 1) / 8, "\(tested) pairs")
        #expect(OutlinePiece(polygon: star, opacity: 1).resolvingOverlaps().isResolved == false)
    }

    @Test func aLongScribbleOverOneSpotIsLeftAsItIsWhileAShortOneResolves() throws {
        // Shading: the pen back and forth over a 30-point square at 240 Hz. Every pass crosses
        // hundreds of others; past a few seconds of it the work budget refuses the outline (it is
        // still filled exactly, raw), before that it resolves to a blob with few holes.
        func scribble(_ count: Int) -> [Sample] {
            // The hand's own jitter: up to a point, from a fixed linear congruential sequence.
            var state: UInt64 = 42
            func jitter() -> Double {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Double(state >> 11) / Double(UInt64(1) << 53)
            }
            return (0..<count).map { index in
                let t = Double(index) / 240
                let x = 15 + 15 * sin(t * 23 + 0.3 * sin(t * 1.7)) + jitter()
                let y = 15 + 15 * sin(t * 3.1) * cos(t * 0.37) + jitter()
                return Sample(location: Point2D(x, y), timestamp: t, force: 0.5)
            }
        }
        let style = try InkStyle(brush: PressureBrush())
        // The spline alone: the default's denoiser would take the jitter out and, with it, most of
        // the crossings this test needs.
        let technique = try FreehandTechnique(denoising: nil)
        let long = try #require(InkStroke.outline(for: scribble(3000), technique: technique, style: style))
        #expect(long.polygon.count > 10_000)
        #expect(NonZeroBoundary.resolve(long.polygon) == .unresolved)
        let short = try #require(InkStroke.outline(for: scribble(300), technique: technique, style: style))
        let resolved = short.resolvingOverlaps()
        #expect(resolved.isResolved && resolved.pointCount < short.polygon.count / 2)
    }
}
