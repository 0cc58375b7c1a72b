import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// The lasso tool in the touch controller: a selecting touch drawn round strokes selects those mostly
/// inside, begun on the selection it drags it (one undoable move, repainted), and other edits clear it.
struct TouchSelectionTests {
    /// A loop round (60…200, 40…160), as a finger draws it.
    static let loop: [TouchSample] = (0..<60).map { step in
        let angle = 2 * Double.pi * Double(step) / 62
        return TouchSample(location: Point2D(130 + 75 * cos(angle), 100 + 65 * sin(angle)), timestamp: Double(step) / 60)
    }

    static func controllerWithTwoStrokes() -> (TouchInkController, InkCanvas) {
        let canvas = InkCanvas(width: 400, height: 220)
        let controller = TouchInkController(canvas: canvas)
        TouchInkControllerTests.draw(TouchInkControllerTests.line(from: Point2D(100, 100), to: Point2D(160, 100)), touch: 1, on: controller)
        TouchInkControllerTests.draw(TouchInkControllerTests.line(from: Point2D(300, 60), to: Point2D(360, 60)), touch: 2, on: controller)
        return (controller, canvas)
    }

    @Test func aTouchWithinTheSelectionsHitMarginDragsItAndOneBeyondDrawsALasso() throws {
        let (controller, _) = Self.controllerWithTwoStrokes()
        controller.pencilRole = .select
        TouchInkControllerTests.draw(Self.loop, touch: 3, on: controller)
        let bounds = try #require(controller.selection.bounds)
        let near = TouchSample(location: Point2D(bounds.max.x + 6, bounds.center.y), timestamp: 5)
        #expect(controller.selectionHitMargin == 8)
        _ = controller.handle(TouchEvent(touch: 9, phase: .began, type: .pencil, samples: [near]))
        #expect(controller.session.dragsSelection(AnyHashable(9)), "6 pt off: within the default 8")
        _ = controller.handle(TouchEvent(touch: 9, phase: .cancelled, type: .pencil, samples: [near]))
        controller.selectionHitMargin = 2
        _ = controller.handle(TouchEvent(touch: 10, phase: .began, type: .pencil, samples: [near]))
        #expect(controller.session.role(of: AnyHashable(10)) == .select && !controller.session.dragsSelection(AnyHashable(10)), "beyond 2 pt: a lasso")
    }

    @Test func aLassoSelectsTheStrokesInsideAndADragMovesThem() {
        let (controller, canvas) = Self.controllerWithTwoStrokes()
        controller.pencilRole = .select
        TouchInkControllerTests.draw(Self.loop, touch: 3, on: controller)
        #expect(controller.selection.indices == [0])
        #expect(controller.selection.lasso.isEmpty)
        let bounds = controller.selection.bounds
        #expect(bounds.map { $0.min.x <= 100 && $0.max.x >= 160 } ?? false)
        #expect(controller.drawing.strokes.count == 2, "a lasso draws no ink")
        // Drag from inside the selection 50 pt down.
        let drag = (0..<10).map { TouchSample(location: Point2D(130, 100 + 50 * Double($0) / 9), timestamp: Double($0) / 60) }
        let dirty = TouchInkControllerTests.draw(drag, touch: 4, on: controller)
        #expect(dirty.compactMap { $0 }.count >= 1)
        let moved = controller.drawing.strokes[0].samples.first?.location
        #expect(moved.map { abs($0.x - 100) < 1e-9 && abs($0.y - 150) < 1e-9 } ?? false, "\(String(describing: moved))")
        #expect(TouchInkControllerTests.inked(canvas, at: Point2D(130, 150)))
        #expect(!TouchInkControllerTests.inked(canvas, at: Point2D(130, 100)))
        #expect(controller.selection.indices == [0] && controller.selection.dragOffset == .zero)
        controller.undo()
        #expect(controller.drawing.strokes[0].samples.first?.location == Point2D(100, 100))
        #expect(controller.selection.isEmpty)
    }

    @Test func selectionActionsDeleteDuplicateAndRecolour() {
        let (controller, _) = Self.controllerWithTwoStrokes()
        controller.select([1])
        controller.duplicateSelection()
        #expect(controller.drawing.strokes.count == 3 && controller.selection.indices == [2])
        controller.recolorSelection(to: RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(controller.drawing.strokes[2].color.red == 1 && controller.drawing.strokes[1].color.red == 0)
        controller.deleteSelection()
        #expect(controller.drawing.strokes.count == 2 && controller.selection.isEmpty)
        // A drawing touch clears a selection.
        controller.select([0])
        TouchInkControllerTests.draw(TouchInkControllerTests.line(from: Point2D(20, 200), to: Point2D(80, 200)), touch: 5, on: controller)
        #expect(controller.selection.isEmpty)
    }

    @Test func anEditThatWouldTakeInkPastTheCoordinateLimitIsNotMade() {
        var session = InkSession()
        session.load(Drawing(strokes: [StrokeRecord(samples: [Sample(x: 10, y: 10), Sample(x: 40, y: 30)])]))
        session.select([0])
        let far = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: SampleValidation.coordinateLimit, ty: 0)
        #expect(!session.keepsSelectionReadable(under: far))
        session.transformSelection(by: far)
        #expect(session.editor.drawing.strokes[0].samples[0].location == Point2D(10, 10), "not moved")
        session.transformSelection(by: Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
        #expect(session.editor.drawing.strokes[0].samples[0].location == Point2D(20, 20), "a transform within the limit is made")
        session.drawingSampleLimit = 3
        session.duplicateSelection()
        #expect(session.editor.drawing.strokes.count == 1, "a copy past the sample limit is not made")
    }

    @Test func aCancelledLassoSelectsNothing() {
        let (controller, _) = Self.controllerWithTwoStrokes()
        controller.pencilRole = .select
        controller.select([1])
        TouchInkControllerTests.draw(Array(Self.loop.prefix(20)), touch: 6, on: controller, end: false)
        #expect(!controller.selection.lasso.isEmpty)
        controller.handle(TouchEvent(touch: 6, phase: .cancelled, type: .pencil, samples: []))
        #expect(controller.selection.isEmpty)
    }
}
