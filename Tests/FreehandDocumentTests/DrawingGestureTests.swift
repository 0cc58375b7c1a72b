import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// The drawing gesture's decisions, which the UIKit recognizer only copies: what it claims, what
/// it releases to a scroll view, when it fails, and what a reset does to open strokes.
struct DrawingGestureTests {
    typealias Touches = TouchInkControllerTests

    static func controller() -> TouchInkController { TouchInkController(canvas: InkCanvas(width: 200, height: 100)) }

    @Test func aPencilClaimsTheGestureAtOnceAndEndsItWhenItLifts() {
        let controller = Self.controller()
        let samples = Touches.line(from: Point2D(20, 50), to: Point2D(180, 50))
        controller.handle(TouchEvent(touch: 1, phase: .began, type: .pencil, samples: [samples[0]]))
        #expect(controller.gesture.state == .began && controller.tracks(1))
        controller.handle(TouchEvent(touch: 1, phase: .moved, type: .pencil, samples: Array(samples[1...3])))
        #expect(controller.gesture.state == .changed)
        controller.handle(TouchEvent(touch: 1, phase: .ended, type: .pencil, samples: [samples[4]]))
        #expect(controller.gesture.state == .ended && !controller.tracks(1) && controller.drawing.strokes.count == 1)
    }

    @Test func ignoredFingersAreReleasedAndFailTheGestureSoAScrollViewPans() {
        let controller = Self.controller()
        controller.fingerPolicy = .always(.ignore)
        let samples = Touches.line(from: Point2D(20, 50), to: Point2D(180, 50))
        #expect(controller.handle(TouchEvent(touch: 1, phase: .began, type: .direct, samples: [samples[0]])) == nil)
        #expect(!controller.tracks(1) && controller.gesture.state == .failed)
        // A pencil after the reset draws; a finger landing beside it is released without failing it.
        controller.resetGesture()
        controller.handle(TouchEvent(touch: 2, phase: .began, type: .pencil, samples: [samples[0]]))
        controller.handle(TouchEvent(touch: 3, phase: .began, type: .direct, samples: [samples[5]]))
        #expect(controller.tracks(2) && !controller.tracks(3) && controller.gesture.state == .began)
    }

    @Test func aFingerClaimsTheGestureOnceItMovedFarOrStayedLong() {
        let controller = Self.controller()
        let start = TouchSample(location: Point2D(50, 50), timestamp: 0)
        controller.handle(TouchEvent(touch: 1, phase: .began, type: .direct, samples: [start]))
        #expect(controller.tracks(1) && controller.gesture.state == .possible, "a finger inks at once but waits to claim")
        controller.handle(TouchEvent(touch: 1, phase: .moved, type: .direct, samples: [TouchSample(location: Point2D(55, 50), timestamp: 0.05)]))
        #expect(controller.gesture.state == .possible)
        controller.handle(TouchEvent(touch: 1, phase: .moved, type: .direct, samples: [TouchSample(location: Point2D(61, 50), timestamp: 0.08)]))
        #expect(controller.gesture.state == .began, "moved 11 points")
        var slow = DrawingGesture()
        _ = slow.began(7, type: .direct, role: .draw, at: Point2D(0, 0), time: 10)
        slow.moved(7, to: Point2D(1, 0), time: 10.1)
        #expect(slow.state == .possible)
        slow.moved(7, to: Point2D(2, 0), time: 10.16)
        #expect(slow.state == .began, "stayed down 0.16 s")
    }

    @Test func aSecondFingerBeforeTheFirstClaimsAbandonsBothStrokesAndFails() {
        let controller = Self.controller()
        let first = Touches.line(from: Point2D(20, 50), to: Point2D(180, 50))
        controller.handle(TouchEvent(touch: 1, phase: .began, type: .direct, samples: [first[0]]))
        controller.handle(TouchEvent(touch: 1, phase: .moved, type: .direct, samples: [first[1]]))
        #expect(Touches.inked(controller.canvas, at: first[0].location))
        let dirty = controller.handle(TouchEvent(touch: 2, phase: .began, type: .direct, samples: [TouchSample(location: Point2D(100, 20), timestamp: 0.02)]))
        #expect(dirty != nil && controller.gesture.state == .failed)
        #expect(!controller.tracks(1) && !controller.tracks(2) && controller.liveTouchCount == 0)
        #expect(!Touches.inked(controller.canvas, at: first[0].location), "the first finger's ink is gone")
        controller.handle(TouchEvent(touch: 1, phase: .ended, type: .direct, samples: [first[2]]))
        #expect(controller.isEmpty && !controller.canUndo)
    }

    @Test func aSecondFingerAfterTheFirstClaimedDrawsToo() {
        let controller = Self.controller()
        Touches.draw(Touches.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, type: .direct, on: controller, end: false)
        #expect(controller.gesture.state == .changed)
        Touches.draw(Touches.line(from: Point2D(20, 20), to: Point2D(180, 20), time: 1), touch: 2, type: .direct, on: controller)
        #expect(controller.tracks(1) && controller.drawing.strokes.count == 1 && controller.gesture.state == .changed)
    }

    @Test func aResetAbandonsTheStrokesOfTouchesStillDown() {
        let controller = Self.controller()
        Touches.draw(Touches.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller, end: false)
        #expect(Touches.inked(controller.canvas, at: Point2D(60, 50)))
        let dirty = controller.resetGesture()
        #expect(dirty != nil && controller.liveTouchCount == 0 && controller.gesture.state == .possible)
        #expect(!Touches.inked(controller.canvas, at: Point2D(60, 50)) && controller.isEmpty)
        // UIKit sends nothing more for the touch; if it did, it would change nothing.
        #expect(controller.handle(TouchEvent(touch: 1, phase: .ended, type: .pencil, samples: [TouchSample(location: Point2D(180, 50), timestamp: 1)])) == nil)
    }

    @Test func aQuickFingerTapEndsTheGestureAndLeavesADot() {
        let controller = Self.controller()
        let tap = TouchSample(location: Point2D(50, 50), timestamp: 0, majorRadius: 6)
        controller.handle(TouchEvent(touch: 1, phase: .began, type: .direct, samples: [tap]))
        controller.handle(TouchEvent(touch: 1, phase: .ended, type: .direct, samples: [TouchSample(location: Point2D(50, 50), timestamp: 0.05, majorRadius: 6)]))
        #expect(controller.gesture.state == .ended && controller.drawing.strokes.count == 1)
    }

    @Test func fingersDrawUntilAPencilIsSeenThenScrollOrEraseAsThePolicySays() {
        let controller = Self.controller()
        #expect(controller.role(for: .direct) == .draw && !controller.hasSeenPencil)
        Touches.draw(Touches.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, type: .direct, on: controller)
        #expect(controller.drawing.strokes.first?.pointer == .finger)
        Touches.draw(Touches.line(from: Point2D(20, 20), to: Point2D(180, 20), time: 1), touch: 2, on: controller)
        #expect(controller.hasSeenPencil && controller.role(for: .direct) == .ignore && controller.drawing.strokes.count == 2)
        Touches.draw(Touches.line(from: Point2D(100, 0), to: Point2D(100, 99), time: 2), touch: 3, type: .direct, on: controller)
        #expect(controller.drawing.strokes.count == 2, "the finger was left to scroll")
        controller.fingerPolicy = .drawThenErase
        Touches.draw(Touches.line(from: Point2D(100, 0), to: Point2D(100, 99), time: 3), touch: 4, type: .direct, on: controller)
        #expect(controller.drawing.strokes.count == 4, "the finger cut both strokes in two")
        controller.load(Drawing())
        #expect(controller.role(for: .direct) == .erase, "a new drawing on the same device keeps what was seen")
        #expect(FingerPolicy.automatic.role(pencilSeen: false) == .draw && FingerPolicy.always(.ignore).role(pencilSeen: false) == .ignore)
    }

    @Test func theRecognizerStepsOnlyAsUIKitAllows() {
        typealias State = DrawingGesture.State
        let all: [State] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        let allowed: Set<[State]> = [
            [.possible, .began], [.possible, .ended], [.possible, .failed], [.began, .changed], [.began, .ended], [.began, .cancelled],
            [.changed, .changed], [.changed, .ended], [.changed, .cancelled],
        ]
        for current in all {
            for target in all {
                guard let next = current.step(toward: target) else { continue }
                #expect(allowed.contains([current, next]), "\(current) → \(next) on the way to \(target)")
            }
        }
        #expect(State.possible.step(toward: .changed) == .began)
        #expect(State.began.step(toward: .failed) == .cancelled)
        #expect(State.possible.step(toward: .cancelled) == .failed)
        #expect(State.ended.step(toward: .began) == nil)
        // The raw values are UIKit's UIGestureRecognizer.State ones, which the recognizer converts by.
        #expect(all.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    }

    @Test func recordedPencilStreamsClaimTheGestureAndEndIt() throws {
        for (raw, _) in Touches.streams {
            let controller = TouchInkController(canvas: Touches.canvas(for: raw))
            controller.fingerPolicy = .always(.ignore)
            let replay = try TouchStreamReplay(contentsOf: raw)
            var claimed = 0, ended = 0
            for call in replay.calls {
                switch call {
                case .event(let event):
                    controller.handle(event)
                    if event.phase == .began && event.type == .pencil {
                        #expect(controller.tracks(event.touch) && controller.gesture.isClaimed, "\(raw.lastPathComponent)")
                        claimed += 1
                    }
                    if event.phase == .ended && controller.gesture.state == .ended { ended += 1 }
                case .updates(let updates): controller.handle(updates)
                }
            }
            #expect(claimed > 0 && ended == controller.drawing.strokes.count, "\(raw.lastPathComponent): \(claimed) claimed, \(ended) ended")
            #expect(controller.gesture.openTouches.isEmpty)
        }
    }
}
