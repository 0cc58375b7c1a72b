import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// PencilKit's pen rules, on recorded UIKit pencil streams with made-up fingers and palms laid over
/// them: a resting finger never holds the pencil back, fingers scroll once a pencil is in use (or
/// always, with the system's pencil-only setting), a palm while the pencil draws is not ink.
struct PenRulesTests {
    typealias Touches = TouchInkControllerTests

    static func controller(for stream: URL) -> TouchInkController { TouchInkController(canvas: Touches.canvas(for: stream)) }

    /// The recorded stream's calls, with the `during` touch events put in after the pencil's tenth
    /// move.
    static func replay(_ url: URL, into controller: TouchInkController, during: [TouchEvent] = []) throws {
        let replay = try TouchStreamReplay(contentsOf: url)
        var pencilMoves = 0
        for call in replay.calls {
            switch call {
            case .event(let event):
                controller.handle(event)
                if event.type == .pencil && event.phase == .moved {
                    pencilMoves += 1
                    if pencilMoves == 10 { for extra in during { controller.handle(extra) } }
                }
            case .updates(let updates): controller.handle(updates)
            }
        }
    }

    static func restingFinger(_ touch: Int, at point: Point2D, radius: Double, time: Double) -> [TouchEvent] {
        let sample = TouchSample(location: point, timestamp: time, majorRadius: radius)
        var later = sample
        later.timestamp = time + 0.3
        later.location = point + Point2D(1.5, -1)  // a hand settling, not a stroke
        return [
            TouchEvent(touch: touch, phase: .began, type: .direct, samples: [sample]),
            TouchEvent(touch: touch, phase: .moved, type: .direct, samples: [later]),
        ]
    }

    static func pencilStrokes(_ controller: TouchInkController) -> [[Sample]] {
        controller.drawing.strokes.filter { $0.pointer == .pen }.map { Array($0.samples) }
    }

    @Test func aRestingFingerNeverHoldsThePencilBackAndLeavesNoInk() throws {
        let stream = Touches.bundled.appendingPathComponent("unknown-polyline-index.json")
        let alone = Self.controller(for: stream)
        try Self.replay(stream, into: alone)
        let first = try TouchStreamReplay(contentsOf: stream).calls.compactMap { call -> Double? in
            if case .event(let event) = call { return event.samples.first?.timestamp }
            return nil
        }.first ?? 0
        let rested = Self.controller(for: stream)
        let hand = Self.restingFinger(99, at: Point2D(600, 700), radius: 14, time: first - 0.5)
        #expect(rested.gesture.state == .possible)
        for event in hand { rested.handle(event) }
        #expect(rested.tracks(99) && rested.gesture.state == .began, "before the pencil, the finger draws and claims the gesture")
        var pencilDown = false
        for call in try TouchStreamReplay(contentsOf: stream).calls {
            switch call {
            case .event(let event):
                rested.handle(event)
                if event.type == .pencil, event.phase == .began, !pencilDown {
                    pencilDown = true
                    #expect(!rested.tracks(99) && rested.tracks(event.touch), "the pencil draws; the resting finger's stroke is abandoned")
                    #expect(rested.gesture.state == .changed, "the gesture goes on, the pencil's now")
                }
            case .updates(let updates): rested.handle(updates)
            }
        }
        // The hand lifts afterwards: it was abandoned, so it leaves nothing.
        var lift = TouchSample(location: Point2D(601, 699), timestamp: first + 10, majorRadius: 14)
        lift.location = Point2D(601, 699)
        rested.handle(TouchEvent(touch: 99, phase: .ended, type: .direct, samples: [lift]))
        #expect(Self.pencilStrokes(rested) == Self.pencilStrokes(alone), "the pencil's strokes are exactly as without the finger")
        #expect(!rested.drawing.strokes.contains { $0.pointer == .finger }, "no finger stroke")
    }

    @Test func onceAPencilIsInUseFingersScrollInsteadOfInking() throws {
        let stream = Touches.bundled.appendingPathComponent("unknown-polyline-index.json")
        let controller = Self.controller(for: stream)
        #expect(controller.role(for: .direct) == .draw, "no pencil yet: a finger draws, as on a phone")
        try Self.replay(stream, into: controller)
        #expect(controller.hasSeenPencil && controller.role(for: .direct) == .ignore)
        // The recording's own finger tap after the pencil left no ink and was released.
        #expect(controller.drawing.strokes.allSatisfy { $0.pointer == .pen })
        controller.resetGesture()
        let swipe = Touches.line(from: Point2D(100, 100), to: Point2D(100, 400), time: 10)
        controller.handle(TouchEvent(touch: 7, phase: .began, type: .direct, samples: [swipe[0]]))
        #expect(!controller.tracks(7) && controller.gesture.state == .failed, "released, so the scroll view pans")
        // Erasing with fingers stays one setting away.
        controller.fingerPolicy = .drawThenErase
        #expect(controller.role(for: .direct) == .erase)
    }

    @Test func theSystemPencilOnlySettingKeepsFingersOffTheInkFromTheStart() {
        let controller = DrawingGestureTests.controller()
        controller.prefersPencilOnlyDrawing = true
        #expect(!controller.hasSeenPencil && controller.role(for: .direct) == .ignore)
        let dirty = Touches.draw(Touches.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, type: .direct, on: controller)
        #expect(dirty.allSatisfy { $0 == nil } && controller.isEmpty)
        // A view that asks fingers to draw (a signature pad) is not overridden by the setting.
        controller.fingerPolicy = .always(.draw)
        #expect(controller.role(for: .direct) == .draw)
        controller.fingerPolicy = .automatic
        controller.prefersPencilOnlyDrawing = false
        #expect(controller.role(for: .direct) == .draw)
    }

    @Test func aPalmThatLandsWhileThePencilDrawsIsNotInkButAFingertipIs() throws {
        let stream = Touches.bundled.appendingPathComponent("unknown-polyline-index.json")
        let alone = Self.controller(for: stream)
        alone.fingerPolicy = .always(.draw)
        try Self.replay(stream, into: alone)
        let start = Self.pencilStrokes(alone).first?.first?.timestamp ?? 0
        let palm = Self.controller(for: stream)
        palm.fingerPolicy = .always(.draw)  // fingers draw too, as on a signature pad
        try Self.replay(stream, into: palm, during: Self.restingFinger(98, at: Point2D(700, 800), radius: 42, time: start + 0.2))
        #expect(!palm.tracks(98))
        #expect(palm.drawing.strokes.count == alone.drawing.strokes.count, "the palm left no stroke")
        #expect(Self.pencilStrokes(palm) == Self.pencilStrokes(alone))
        // A fingertip-sized contact at the same moment is a finger, and it draws.
        #expect(palm.role(for: .direct, contactRadius: 8) == .draw)
        #expect(palm.role(for: .direct, contactRadius: 42) == .draw, "no pencil down now: nothing to protect")
    }
}
