import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// Hold to snap in the live path: a rough circle held at its end becomes a clean circle in the same
/// look, undo gives the hand-drawn stroke back, and a stroke lifted without a hold stays as drawn.
struct HoldToSnapTests {
    /// A wobbly circle round (100, 100), radius 60, at 120 Hz, then `hold` seconds at rest.
    static func roughCircle(hold: Double) -> [TouchSample] {
        var samples: [TouchSample] = []
        for step in 0...150 {
            let angle = 2 * Double.pi * Double(step) / 140
            let radius = 60 + 2.5 * sin(5 * angle)
            samples.append(TouchSample(
                location: Point2D(100 + radius * cos(angle), 100 + radius * sin(angle)), timestamp: Double(step) / 120, force: 2,
                maximumPossibleForce: 4))
        }
        let end = samples[samples.count - 1]
        var time = end.timestamp
        while time < end.timestamp + hold {
            time += 1.0 / 120
            samples.append(TouchSample(location: end.location + Point2D(0.3, -0.2), timestamp: time, force: 2, maximumPossibleForce: 4))
        }
        return samples
    }

    @Test func aCircleHeldAtItsEndSnapsAndUndoGivesTheHandDrawnStrokeBack() throws {
        let canvas = InkCanvas(width: 220, height: 220)
        let controller = TouchInkController(canvas: canvas)
        controller.holdToSnap = HoldToSnap()
        TouchInkControllerTests.draw(Self.roughCircle(hold: 0.6), touch: 1, on: controller)
        let snapped = try #require(controller.drawing.strokes.first)
        #expect(controller.drawing.strokes.count == 1)
        // Every sample lies on one circle round the centre.
        let radii = snapped.samples.map { $0.location.distance(to: Point2D(100, 100)) }
        #expect((radii.max() ?? 0) - (radii.min() ?? 0) < 1.5)
        #expect(snapped.brush == InkPreset.handwriting.brush && snapped.color == .black)
        // The clean ink is on the canvas: on the circle, not on the wobble's outer crest.
        #expect(TouchInkControllerTests.inked(canvas, at: Point2D(160, 100)))
        controller.undo()
        let handDrawn = try #require(controller.drawing.strokes.first)
        #expect(handDrawn.samples.count == Self.roughCircle(hold: 0.6).count)
        controller.undo()
        #expect(controller.drawing.strokes.isEmpty)
    }

    @Test func aStrokeLiftedWithoutAHoldStaysAsDrawn() {
        let controller = TouchInkController(canvas: InkCanvas(width: 220, height: 220))
        controller.holdToSnap = HoldToSnap()
        TouchInkControllerTests.draw(Self.roughCircle(hold: 0.2), touch: 1, on: controller)
        #expect(controller.drawing.strokes.first?.samples.count == Self.roughCircle(hold: 0.2).count)
        // Off (the default), even a long hold leaves the stroke alone.
        let plain = TouchInkController(canvas: InkCanvas(width: 220, height: 220))
        TouchInkControllerTests.draw(Self.roughCircle(hold: 1), touch: 1, on: plain)
        #expect(plain.drawing.strokes.first?.samples.count == Self.roughCircle(hold: 1).count)
    }

    @Test func aHeldRectangleSnapsToSharpCornersWithTheLinearTechnique() throws {
        var samples: [Sample] = []
        let corners = [Point2D(0, 0), Point2D(200, 0), Point2D(200, 90), Point2D(0, 90), Point2D(0, 0)]
        var time = 0.0
        for (a, b) in zip(corners, corners.dropFirst()) {
            for step in 0..<40 {
                samples.append(Sample(location: a + (b - a) * (Double(step) / 40) + Point2D(0, sin(Double(step)) * 0.8), timestamp: time, force: 0.4))
                time += 1.0 / 120
            }
        }
        // The pen rests where it stopped (UIKit sends nothing while it is still) and lifts 0.7 s later.
        samples.append(Sample(location: samples[samples.count - 1].location + Point2D(0.3, 0), timestamp: time + 0.7, force: 0.4))
        let record = StrokeRecord(samples: samples, preset: .handwriting)
        let result = HoldToSnap().snapped(record)
        try #require(result != nil)
        let snapped = result!
        #expect(snapped.technique == "linear")
        #expect(snapped.samples.count == 5)
        #expect(snapped.samples.map(\.location).allSatisfy { point in corners.contains { $0.distance(to: point) < 1.5 } })
        #expect(snapped.samples.allSatisfy { $0.force.map { abs($0 - 0.4) < 0.001 } ?? false })
        // Timed over the time the pen moved, not the rest.
        let lastMoving = samples[samples.count - 2].timestamp!
        #expect(snapped.samples.first?.timestamp == 0)
        #expect((snapped.samples.last?.timestamp).map { $0 <= lastMoving && $0 > lastMoving - 0.05 } ?? false)
        #expect(HoldToSnap().restDuration(of: samples) > 0.69)
    }

    @Test func replacingAStrokeIsOneUndoableStep() {
        var editor = DrawingEditor()
        let a = StrokeRecord(samples: [Sample(location: Point2D(0, 0)), Sample(location: Point2D(10, 0))])
        let b = StrokeRecord(samples: [Sample(location: Point2D(0, 5)), Sample(location: Point2D(10, 5))])
        editor.add(a)
        let replaced = editor.replace(strokeAt: 0, with: b)
        #expect(replaced)
        #expect(editor.drawing.strokes == [b])
        let outOfRange = editor.replace(strokeAt: 3, with: b)
        #expect(!outOfRange)
        editor.undo()
        #expect(editor.drawing.strokes == [a])
        editor.redo()
        #expect(editor.drawing.strokes == [b])
    }
}
