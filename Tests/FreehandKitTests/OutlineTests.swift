import FreehandKit
import Foundation
import Testing

/// The outline on synthetic worst cases: every point well inside the stroke is filled, nothing far
/// outside is, and nothing is NaN.
struct OutlineTests {
    /// The distance from `point` to the stroke's swept shape's centreline, and the radius there.
    static func nearest(_ point: Point2D, _ vertices: [CentrelineVertex]) -> (distance: Double, radius: Double) {
        var best = (distance: Double.infinity, radius: 0.0)
        for index in vertices.indices {
            let a = vertices[index]
            let b = index + 1 < vertices.count ? vertices[index + 1] : a
            let ab = b.position - a.position
            let t = ab.lengthSquared > 0 ? min(1, max(0, (point - a.position).dot(ab) / ab.lengthSquared)) : 0
            let distance = (a.position + ab * t).distance(to: point)
            if distance < best.distance { best = (distance, a.radius + (b.radius - a.radius) * t) }
        }
        return best
    }

    /// Checks the outline of `vertices` against the swept discs on a grid of probe points.
    static func checkOutline(_ vertices: [CentrelineVertex], probes: Int = 60, sourceLocation: SourceLocation = #_sourceLocation) {
        let polygon = Outline.polygon(around: vertices)
        #expect(polygon.allSatisfy { $0.isFinite }, sourceLocation: sourceLocation)
        let maximumRadius = vertices.map(\.radius).max() ?? 0
        let bounds = Rect2D(enclosing: vertices.map(\.position))!.expanded(by: maximumRadius + 1)
        for vertex in vertices {
            #expect(Winding.covers(polygon, vertex.position), "centreline point \(vertex.position) not covered", sourceLocation: sourceLocation)
        }
        for row in 0...probes {
            for column in 0...probes {
                let point = Point2D(
                    bounds.min.x + bounds.width * Double(column) / Double(probes),
                    bounds.min.y + bounds.height * Double(row) / Double(probes))
                let (distance, radius) = nearest(point, vertices)
                let inside = Winding.number(of: polygon, around: point) != 0
                if distance < 0.9 * radius - 1e-6 { #expect(inside, "gap at \(point)", sourceLocation: sourceLocation) }
                if distance > maximumRadius + 0.06 { #expect(!inside, "spike at \(point)", sourceLocation: sourceLocation) }
            }
        }
    }

    static func vertices(_ points: [(Double, Double)], width: Double = 4) -> [CentrelineVertex] {
        points.map { CentrelineVertex(position: Point2D($0.0, $0.1), width: width) }
    }

    @Test func straightStrokeIsARoundCappedCapsule() {
        Self.checkOutline(Self.vertices([(0, 0), (20, 0)]))
    }

    @Test func sharpTurnsHaveRoundJoinsAndNoCracks() {
        Self.checkOutline(Self.vertices([(0, 0), (20, 0), (5, 3), (25, 6)], width: 6))
        Self.checkOutline(Self.vertices([(0, 0), (20, 0), (20, 20), (0, 20), (0, 1)], width: 5))
    }

    @Test func aHairpinReversalHasNoElbowAndNoHair() {
        Self.checkOutline(Self.vertices([(0, 0), (20, 0), (0, 0.000001), (10, 0)], width: 6))
        Self.checkOutline(Self.vertices([(0, 0), (20, 0), (0, 0)], width: 6))
    }

    @Test func nearlyCoincidentVerticesMakeNoSpike() {
        Self.checkOutline(Self.vertices([(0, 0), (10, 0), (10.00000001, 0.00000001), (10, 1e-12), (20, 5)], width: 4))
    }

    @Test func fastWidthChangesStayWithinTheSweptDiscs() {
        let vertices = [
            CentrelineVertex(position: Point2D(0, 0), width: 1), CentrelineVertex(position: Point2D(2, 0), width: 30),
            CentrelineVertex(position: Point2D(3, 1), width: 0.5), CentrelineVertex(position: Point2D(10, 1), width: 12),
            CentrelineVertex(position: Point2D(10.5, 1), width: 0),
        ]
        Self.checkOutline(vertices)
    }

    @Test func aTapIsARoundDotOfTheBrushWidth() throws {
        let piece = try #require(InkStroke.outline(for: [Sample(x: 5, y: 5)], style: try InkStyle(brush: ConstantBrush(width: 8))))
        let distances = piece.polygon.map { $0.distance(to: Point2D(5, 5)) }
        #expect(distances.allSatisfy { abs($0 - 4) < 1e-9 })
        #expect(piece.polygon.count >= 16)
    }

    @Test func aSelfOverlappingStrokeIsOnePolygonThatCoversItsCrossingAndNotItsHole() throws {
        // A loop crossing its own path: one polygon whose winding is non-zero at the crossing (so
        // the non-zero rule fills it, once: InkCanvasTests checks the pixels) and zero in the hole.
        let loop = samples([(0, 0), (40, 0), (40, 20), (20, 20), (20, -20)])
        let piece = try #require(InkStroke.outline(for: loop, technique: LinearTechnique(), style: try InkStyle(brush: ConstantBrush(width: 6))))
        #expect(abs(Winding.number(of: piece.polygon, around: Point2D(20, 0))) >= 1)
        #expect(abs(Winding.number(of: piece.polygon, around: Point2D(30, 10))) == 0)
        // Resolved, it is the boundary of the ink — one ring around it and one around the
        // background it encloses — so the crossing is wound once and the hole not at all.
        let resolved = piece.resolvingOverlaps()
        #expect(resolved.holes.count == 1)
        #expect(Winding.number(of: resolved.rings, around: Point2D(20, 0)) == 1)
        #expect(Winding.number(of: resolved.rings, around: Point2D(30, 10)) == 0)
        #expect(Winding.number(of: resolved.polygon, around: Point2D(30, 10)) == 1)
        #expect(resolved.opacity == piece.opacity && resolved.bounds == Rect2D(enclosing: resolved.polygon))
        #expect(resolved.resolvingOverlaps() == resolved)
    }

    @Test func triangleStripHasTwoVerticesPerPointAndNoFlips() {
        let strip = TriangleStrip(along: Self.vertices([(0, 0), (10, 0), (20, 5), (30, 5)], width: 4))
        #expect(strip.vertices.count == 8)
        #expect(strip.vertices[0] == Point2D(0, 2) && strip.vertices[1] == Point2D(0, -2))
        #expect(strip.orientedAreas.allSatisfy { $0 >= 0 })
        let hairpin = TriangleStrip(along: Self.vertices([(0, 0), (10, 0), (9, 0.5), (0, 1), (-2, 1)], width: 6))
        #expect(hairpin.orientedAreas.allSatisfy { $0 >= 0 })
        #expect(hairpin.skippedPoints > 0)
    }
}
