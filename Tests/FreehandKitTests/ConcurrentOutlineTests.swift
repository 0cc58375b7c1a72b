@testable import FreehandKit
import Testing

/// A long centreline's polygon is built on two cores: each side's corners at once, then each half
/// of the loop thinned at once. It must be exactly the polygon built on one.
struct ConcurrentOutlineTests {
    /// The committed centreline of every fixture stroke in `style`.
    private static func centrelines(_ style: InkStyle) -> [[CentrelineVertex]] {
        TestData.fixtures.flatMap(\.strokes).compactMap { samples in
            var stroke = InkStroke(style: style, outputs: [])
            _ = try? stroke.append(samples)
            _ = try? stroke.end()
            return stroke.vertices.count > 1 ? stroke.vertices : nil
        }
    }

    @Test(arguments: InkStrokeTests.styles.map(\.0))
    func aPolygonBuiltOnTwoCoresIsThePolygonBuiltOnOne(brush: String) throws {
        let style = try #require(InkStrokeTests.styles.first { $0.0 == brush }).1
        let strokes = Self.centrelines(style)
        #expect(strokes.count > 20)
        // Every stroke alone, and all of them joined into one long centreline (sharp turns where
        // one stroke jumps to the next), with every kind of start and end.
        let ends: [(Outline.End, Outline.End)] = [
            (.round, .round), (.cut(joining: Point2D(0, 1)), .cut(joining: nil)), (.cut(joining: Point2D(-0.6, -0.8)), .round), (.cut(joining: nil), .round),
        ]
        for vertices in strokes + [strokes.flatMap { $0 }] {
            for (start, end) in ends {
                let one = Outline.polygon(around: vertices[...], start: start, end: end, concurrent: false)
                let two = Outline.polygon(around: vertices[...], start: start, end: end, concurrent: true)
                #expect(one == two)
                #expect(one.count > 2)
            }
        }
    }

    @Test(arguments: InkStrokeTests.styles.map(\.0))
    func aStrokesOutlineCarriesItsPolygonsBoundsAndItsCentrelinesMeanOpacity(brush: String) throws {
        let style = try #require(InkStrokeTests.styles.first { $0.0 == brush }).1
        // Every fixture stroke, and all of them as one long stroke (its polygon built on two cores).
        let strokes = TestData.fixtures.flatMap(\.strokes)
        for samples in strokes + [strokes.flatMap { $0 }] {
            var stroke = InkStroke(style: style, outputs: [])
            _ = try? stroke.append(samples)
            _ = try? stroke.end()
            guard let piece = stroke.outline else { continue }
            #expect(piece.polygon == Outline.polygon(around: stroke.vertices) && piece.holes.isEmpty)
            #expect(piece.bounds == Rect2D(enclosing: piece.polygon))
            #expect(piece.opacity.bitPattern == OutlinePiece.meanOpacity(of: stroke.vertices[...]).bitPattern)
        }
    }

    @Test func theMeanOpacityWeighsEachVertexByTheCentrelineAroundIt() {
        #expect(OutlinePiece.meanOpacity(of: []) == 1)
        #expect(OutlinePiece.meanOpacity(of: [CentrelineVertex(position: .zero, width: 1, opacity: 0.3)]) == 0.3)
        let still = [CentrelineVertex(position: .zero, width: 1, opacity: 0.3), CentrelineVertex(position: .zero, width: 1, opacity: 0.9)]
        #expect(OutlinePiece.meanOpacity(of: still[...]) == 0.3)
        let line = [0.0, 1, 3].map { CentrelineVertex(position: Point2D($0, 0), width: 1, opacity: $0 == 3 ? 1 : 0.5, distance: $0) }
        // Segments of length 1 (mean 0.5) and 2 (mean 0.75): (0.5 + 1.5) / 3.
        #expect(abs(OutlinePiece.meanOpacity(of: line[...]) - 2.0 / 3) < 1e-15)
    }

    @Test func onlyLongCentrelinesAreWorthTwoCores() {
        #expect(Outline.concurrentVertices >= 4096)
        let straight = (0..<(Outline.concurrentVertices + 10)).map { CentrelineVertex(position: Point2D(Double($0), 0), width: 2) }
        let polygon = Outline.polygon(around: straight[...], start: .round, end: .round)
        #expect(polygon == Outline.polygon(around: straight[...], start: .round, end: .round, concurrent: false))
        // A straight run is thinned to a point per longest run (48 points) on each side, caps aside,
        // whichever core thinned it.
        #expect(polygon.count <= 2 * (straight.count / 48 + 1) + 40)
    }
}

/// A join's corner is sixteen bytes: a point, or an arc or a detour marked by NaN payloads that
/// arithmetic never produces.
struct OutlineCornerTests {
    @Test func aCornerTellsItsKindAndKeepsItsPointEvenANaN() {
        #expect(MemoryLayout<OutlineJoins.Corner>.stride == 16)
        let point = Point2D(3.5, -2)
        #expect(OutlineJoins.Corner.single(point).single == point)
        #expect(!OutlineJoins.Corner.single(point).isArc)
        #expect(OutlineJoins.Corner.arc.single == nil && OutlineJoins.Corner.arc.isArc)
        #expect(OutlineJoins.Corner.centre.single == nil && !OutlineJoins.Corner.centre.isArc)
        // A NaN made by arithmetic (0/0, ∞−∞, NaN propagated) is still a point of its own.
        let zero = Double(point.y + 2)
        for nan in [zero / zero, Double.infinity - .infinity, Double.nan, -Double.nan, Double.signalingNaN] {
            let corner = OutlineJoins.Corner.single(Point2D(nan, 1))
            #expect(corner.single.map { $0.x.isNaN && $0.y == 1 } == true)
            #expect(!corner.isArc)
        }
    }
}
