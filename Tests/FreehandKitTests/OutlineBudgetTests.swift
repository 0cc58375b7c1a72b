import FreehandKit
import Foundation
import Testing

/// The outline is lean: few vertices per centreline vertex, and none wasted on teeth.
struct OutlineBudgetTests {
    static let style = try! InkStyle(brush: try! PressureBrush())

    @Test func aStraightLineThroughManyPointsHasOnlyItsCapsAndFourCorners() {
        let vertices = (0...20).map { CentrelineVertex(position: Point2D(Double($0), 0), width: 4) }
        let polygon = Outline.polygon(around: vertices)
        // Two caps of equal size plus nothing in between: the interior points add no vertex.
        let capOnly = Outline.polygon(around: [vertices[0], CentrelineVertex(position: Point2D(1, 0), width: 4)])
        #expect(polygon.count == capOnly.count)
    }

    @Test func aGentleCurveHasNoTeeth() {
        // A wide quarter circle in 200 steps: every outline vertex lies at the half-width from the
        // centreline (none dips to the centre, as a zero-width tooth would).
        let vertices = (0...200).map { index -> CentrelineVertex in
            let angle = Double(index) / 200 * Double.pi / 2
            return CentrelineVertex(position: Point2D(cos(angle), sin(angle)) * 50, width: 6)
        }
        let polygon = Outline.polygon(around: vertices)
        for point in polygon {
            let distance = OutlineTests.nearest(point, vertices).distance
            #expect(abs(distance - 3) < 0.11, "vertex \(point) is \(distance) from the centreline")
        }
    }

    @Test func realStrokesSpendFewVerticesPerCentrelineVertex() throws {
        var centreline = 0, outline = 0, samples = 0
        var freehandSamples = 0, freehandOutline = 0
        for recording in TestData.fixtures {
            for stroke in recording.strokes {
                var ink = InkStroke(style: Self.style, outputs: [])
                try ink.append(stroke)
                try ink.end()
                guard let piece = ink.outline else { continue }
                centreline += ink.vertices.count
                outline += piece.polygon.count
                samples += stroke.count
                if recording.name.hasPrefix("perfect-freehand") {
                    freehandSamples += stroke.count
                    freehandOutline += piece.polygon.count
                }
            }
        }
        // The budgets of the issue that set them: ≤ 2.2 per centreline vertex, ≤ 3 per sample on
        // the perfect-freehand recordings (their own outline spends 1.75).
        #expect(Double(outline) / Double(centreline) <= 2.2, "\(outline) outline vertices for \(centreline)")
        #expect(Double(freehandOutline) / Double(freehandSamples) <= 3, "\(freehandOutline) outline vertices for \(freehandSamples) samples")
        #expect(samples > 1000)
    }
}
