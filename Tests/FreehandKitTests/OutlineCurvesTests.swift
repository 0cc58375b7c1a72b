import FreehandKit
import Foundation
import Testing

struct OutlineCurvesTests {
    /// Points along the path, finely.
    static func sampled(_ path: (start: Point2D, segments: [OutlineCurves.Segment])) -> [Point2D] {
        var points = [path.start]
        var current = path.start
        for segment in path.segments {
            switch segment {
            case .line(let to):
                for step in 1...200 { points.append(current + (to - current) * (Double(step) / 200)) }
            case .cubic(let c1, let c2, let to):
                for step in 1...2000 {
                    let t = Double(step) / 2000, s = 1 - t
                    points.append(current * (s * s * s) + c1 * (3 * s * s * t) + c2 * (3 * s * t * t) + to * (t * t * t))
                }
            }
            current = segment.end
        }
        return points
    }

    static func distance(from point: Point2D, to points: [Point2D]) -> Double {
        points.map { $0.distance(to: point) }.min() ?? .infinity
    }

    @Test func aSmoothOutlineBecomesFewCubicsWithinTheTolerance() throws {
        let circle = (0..<240).map { index -> Point2D in
            let angle = Double(index) / 240 * 2 * .pi
            return Point2D(100 + 40 * cos(angle), 80 + 40 * sin(angle))
        }
        let path = try #require(OutlineCurves.path(fitting: circle, tolerance: 0.1))
        #expect(path.segments.count <= 24)
        #expect(path.segments.last?.end == path.start)
        let along = Self.sampled(path)
        for point in circle { #expect(Self.distance(from: point, to: along) <= 0.1 + 0.01) }
        // And the path stays near the outline between its points too (the polygon's chords sag
        // up to 40 (1 - cos(π/240)) ≈ 0.003 inside the circle).
        for point in along {
            #expect(abs(point.distance(to: Point2D(100, 80)) - 40) <= 0.1 + 0.01)
        }
    }

    @Test func cornersStaySharpAndShortRunsStayStraight() throws {
        let square = [Point2D(0, 0), Point2D(10, 0), Point2D(10, 10), Point2D(0, 10)]
        let path = try #require(OutlineCurves.path(fitting: square, tolerance: 0.1))
        #expect(path.segments.allSatisfy { if case .line = $0 { true } else { false } })
        #expect(Set(path.segments.map(\.end)) == Set(square))
        #expect(OutlineCurves.path(fitting: [Point2D(1, 1)], tolerance: 0.1) == nil)
        #expect(OutlineCurves.path(fitting: [Point2D(1, 1), Point2D(.nan, 2), Point2D(1, 1)], tolerance: 0.1) == nil)
    }

    @Test func everyPointOfRealOutlinesStaysWithinTheTolerance() throws {
        for name in ["perfect-freehand-hey", "inkable-pencil-antigrain", "wacom-hello-ink"] {
            for stroke in TestData.fixture(name).strokes.prefix(3) {
                guard let outline = InkStroke.outline(for: stroke, style: try InkStyle(brush: PressureBrush())),
                      let path = OutlineCurves.path(fitting: outline.polygon, tolerance: 0.1) else { continue }
                let along = Self.sampled(path)
                for point in outline.polygon { #expect(Self.distance(from: point, to: along) <= 0.1 + 0.02, "\(name)") }
            }
        }
    }
}
