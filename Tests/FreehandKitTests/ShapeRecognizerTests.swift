import Foundation
import Testing
@testable import FreehandEvaluation
@testable import FreehandKit

/// A pen path through `corners` (joined by straight runs), sampled every `spacing` points.
private func traced(_ corners: [Point2D], spacing: Double = 2) -> [Point2D] {
    var points: [Point2D] = []
    for (a, b) in zip(corners, corners.dropFirst()) {
        let steps = Swift.max(1, Int((a.distance(to: b) / spacing).rounded(.up)))
        for step in 0..<steps { points.append(a + (b - a) * (Double(step) / Double(steps))) }
    }
    if let last = corners.last { points.append(last) }
    return points
}

/// A pen path round an ellipse, `turns` times (more than 1: an overshoot), starting at `start` radians.
private func ellipse(center: Point2D, radii: SIMD2<Double>, rotation: Double = 0, turns: Double = 1, start: Double = 0.3) -> [Point2D] {
    let count = Int(200 * turns)
    return (0...count).map { step in
        let angle = start + 2 * Double.pi * turns * Double(step) / Double(count)
        let local = Point2D(radii.x * cos(angle), radii.y * sin(angle))
        return center + Point2D(local.x * cos(rotation) - local.y * sin(rotation), local.x * sin(rotation) + local.y * cos(rotation))
    }
}

private func rotated(_ points: [Point2D], by angle: Double, about center: Point2D) -> [Point2D] {
    points.map { p in
        let d = p - center
        return center + Point2D(d.x * cos(angle) - d.y * sin(angle), d.x * sin(angle) + d.y * cos(angle))
    }
}

@Suite struct ShapeRecognizerTests {
    let recognizer = ShapeRecognizer()

    @Test func theTurningOfALineIsZeroAndOfACircleOrASquareOneTurn() throws {
        let recognizer = ShapeRecognizer()
        #expect(try #require(recognizer.turning(of: traced([Point2D(0, 0), Point2D(100, 0)]))) < 1e-9)
        let circle = (0...360).map { Point2D(100 + 50 * cos(Double($0) * .pi / 180), 100 + 50 * sin(Double($0) * .pi / 180)) }
        #expect(abs(try #require(recognizer.turning(of: circle)) - 2 * .pi) < 0.05)
        let square = traced([Point2D(0, 0), Point2D(80, 0), Point2D(80, 80), Point2D(0, 80), Point2D(0, 0)])
        #expect(abs(try #require(recognizer.turning(of: square)) - 2 * .pi) < 0.3)
    }

    @Test func aStrokeLoopingMoreThanItsShapeLosesConfidence() throws {
        // A circle ridden by small loops (a cursive "eeee" bent round): it follows the circle within
        // 8 % of its radius but turns through a dozen loops no circle has.
        let loopy = (0...2400).map { index -> Point2D in
            let t = Double(index) / 2400 * 2 * .pi
            return Point2D(150 + 60 * cos(t) + 4 * cos(13 * t), 150 + 60 * sin(t) + 4 * sin(13 * t))
        }
        let recognizer = ShapeRecognizer()
        #expect(try #require(recognizer.turning(of: loopy)) > 3 * .pi)
        let plain = (0...2400).map { index -> Point2D in
            let t = Double(index) / 2400 * 2 * .pi
            return Point2D(150 + 60 * cos(t), 150 + 60 * sin(t))
        }
        let circle = try #require(recognizer.recognize(plain))
        #expect(circle.kind == .circle)
        let fit = try #require(recognizer.closestShape(to: loopy))
        #expect(fit.confidence < 0.5 * circle.confidence, "\(fit.kind) \(fit.confidence)")
        #expect(recognizer.recognize(loopy) == nil)
    }

    @Test func aCircleIsACircleWithItsCentreAndRadius() throws {
        let shape = try #require(recognizer.recognize(ellipse(center: Point2D(100, 80), radii: SIMD2(50, 50))))
        #expect(shape.kind == .circle)
        guard case let .ellipse(center, radii, _) = shape.geometry else { Issue.record("not an ellipse"); return }
        #expect(center.distance(to: Point2D(100, 80)) < 0.5)
        #expect(abs(radii.x - 50) < 0.5 && radii.x == radii.y)
        #expect(shape.confidence > 0.95)
    }

    @Test func aRotatedEllipseKeepsItsAxesAndAngle() throws {
        let shape = try #require(recognizer.recognize(ellipse(center: Point2D(0, 0), radii: SIMD2(100, 40), rotation: 0.35)))
        #expect(shape.kind == .ellipse)
        guard case let .ellipse(_, radii, rotation) = shape.geometry else { Issue.record("not an ellipse"); return }
        #expect(abs(radii.x - 100) < 1 && abs(radii.y - 40) < 1)
        let turn = (rotation - 0.35).truncatingRemainder(dividingBy: Double.pi)
        #expect(Swift.min(abs(turn), Double.pi - abs(turn)) < 0.02)
    }

    @Test func anOvershootPastTheStartAndAHeldPenStillCloseTheShape() throws {
        var points = ellipse(center: Point2D(50, 50), radii: SIMD2(60, 60), turns: 1.12)
        let end = points[points.count - 1]
        for step in 0..<60 { points.append(end + Point2D(0.4 * sin(Double(step)), 0.4 * cos(Double(step)))) }
        #expect(recognizer.recognize(points)?.kind == .circle)
    }

    @Test func aRotatedRectangleHasCornersWhereTheSidesMeet() throws {
        let corners = [Point2D(0, 0), Point2D(160, 0), Point2D(160, 70), Point2D(0, 70), Point2D(0, 0)]
        let drawn = rotated(traced(corners), by: 0.5, about: Point2D(80, 35))
        let shape = try #require(recognizer.recognize(drawn))
        #expect(shape.kind == .rectangle)
        guard case let .polygon(found, closed) = shape.geometry else { Issue.record("not a polygon"); return }
        #expect(closed && found.count == 4)
        let expected = rotated(Array(corners.dropLast()), by: 0.5, about: Point2D(80, 35))
        for (a, b) in zip(found, expected) { #expect(a.distance(to: b) < 1) }
    }

    @Test func aSquareStartedMidSideIsASquare() {
        let corners = [Point2D(50, 0), Point2D(100, 0), Point2D(100, 100), Point2D(0, 100), Point2D(0, 0), Point2D(52, 0)]
        #expect(recognizer.recognize(rotated(traced(corners), by: 0.8, about: Point2D(50, 50)))?.kind == .square)
    }

    @Test func aTriangleLineArcPolylineAndArrowAreEachRecognised() {
        #expect(recognizer.recognize(traced([Point2D(0, 0), Point2D(120, 10), Point2D(40, 90), Point2D(0, 0)]))?.kind == .triangle)
        #expect(recognizer.recognize(traced([Point2D(0, 0), Point2D(150, 60)]))?.kind == .line)
        #expect(recognizer.recognize(traced([Point2D(0, 0), Point2D(100, 0), Point2D(20, 80), Point2D(120, 80)]))?.kind == .polyline)
        let arc = Array(ellipse(center: .zero, radii: SIMD2(80, 80), turns: 0.5))
        let shape = recognizer.recognize(arc)
        #expect(shape?.kind == .arc)
        if case let .arc(_, radius, _, sweep) = shape?.geometry {
            #expect(abs(radius - 80) < 1 && abs(abs(sweep) - Double.pi) < 0.05)
        }
        let tip = Point2D(200, 0)
        let barbs = [Point2D(160, -30), Point2D(160, 30)]
        let arrow = recognizer.recognize(traced([Point2D(0, 0), tip, barbs[0], tip, barbs[1]]))
        #expect(arrow?.kind == .arrow)
        if case let .arrow(_, foundTip, foundBarbs) = arrow?.geometry {
            #expect(foundTip.distance(to: tip) < 2 && foundBarbs.count == 2)
        }
        // Drawn head first, the same arrow.
        #expect(recognizer.recognize(traced([barbs[0], tip, barbs[1], tip, Point2D(0, 0)]))?.kind == .arrow)
    }

    @Test func writingScribblesAndTinyStrokesAreNoShape() {
        // A spiral, a loopy cursive run, a dot, nothing, and non-finite points.
        let spiral = (0...300).map { step -> Point2D in
            let angle = Double(step) * 0.06
            return Point2D(cos(angle), sin(angle)) * (5 + 3 * angle)
        }
        #expect(recognizer.recognize(spiral) == nil)
        let cursive = (0...400).map { step -> Point2D in
            let t = Double(step) * 0.05
            return Point2D(6 * t + 12 * cos(t * 2.2), 14 * sin(t * 2.2))
        }
        #expect(recognizer.recognize(cursive) == nil)
        #expect(recognizer.recognize(ellipse(center: .zero, radii: SIMD2(8, 8))) == nil)
        #expect(recognizer.recognize([Point2D]()) == nil)
        #expect(recognizer.recognize([Point2D(1, 1), Point2D(1, 1), Point2D(1, 1)]) == nil)
        #expect(recognizer.recognize([Point2D(.nan, 0), Point2D(.infinity, 3), Point2D(0, 0)]) == nil)
    }

    @Test func theBundledHandwritingDoesNotSnap() {
        let writing = ["perfect-freehand-hey", "perfect-freehand-he2", "wacom-hello-ink"].map(TestData.fixture)
        #expect(writing.reduce(0) { $0 + $1.strokes.count } >= 10)
        for recording in writing {
            for stroke in recording.strokes {
                #expect(recognizer.recognize(ShapeEvaluation.held(stroke)) == nil, "\(recording.name)")
            }
        }
    }

    @Test func handDrawnShapesAreRecognisedAsTheKindMeant() {
        let shapes = HandDrawnShapes(variants: 2, seed: 7).drawn(motionFrom: [])
        let report = ShapeEvaluation().run(shapes: shapes, handwriting: [])
        #expect(report.recognised >= 0.95, "\(report.kinds)")
        #expect(report.kinds.allSatisfy { Double($0.right) / Double($0.drawn) >= 0.8 }, "\(report.kinds)")
    }

    @Test func aCurvePathStaysWithinItsToleranceAndClosesOnItself() {
        let geometry = ShapeGeometry.ellipse(center: Point2D(10, 10), radii: SIMD2(90, 30), rotation: 0.4)
        let path = geometry.path(tolerance: 0.05)
        #expect(path.first == path.last)
        // The middle of every chord lies within the tolerance of the ellipse (radial distance).
        for (a, b) in zip(path, path.dropFirst()) {
            #expect(ConicFit.radialDistance(of: a.midpoint(b), center: Point2D(10, 10), radii: SIMD2(90, 30), rotation: 0.4) < 0.06)
        }
        #expect(ShapeGeometry.arrow(tail: .zero, tip: Point2D(10, 0), barbs: [Point2D(8, 2), Point2D(8, -2)]).path()
            == [.zero, Point2D(10, 0), Point2D(8, 2), Point2D(10, 0), Point2D(8, -2)])
    }
}
