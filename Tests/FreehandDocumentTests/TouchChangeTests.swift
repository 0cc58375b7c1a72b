import FreehandDocument
import FreehandKit
import FreehandRender
import Testing

/// What a call changed, told to the view: pixels, the drawing, the selection — so that a view
/// never compares the controller's state around a call.
struct TouchChangeTests {
    typealias Touches = TouchInkControllerTests

    @Test func eachCallSaysWhetherItChangedThePixelsTheDrawingOrTheSelection() {
        let controller = TouchInkController(canvas: InkCanvas(width: 200, height: 100))
        let samples = Touches.line(from: Point2D(20, 50), to: Point2D(180, 50))
        let began = controller.changes { $0.handle(TouchEvent(touch: 1, phase: .began, type: .pencil, samples: [samples[0]])) }
        #expect(!began.drawingChanged && !began.selectionChanged)
        let moved = controller.changes { $0.handle(TouchEvent(touch: 1, phase: .moved, type: .pencil, samples: Array(samples[1..<19]))) }
        #expect(moved.pixels != nil && !moved.drawingChanged, "live ink: pixels, no drawing yet")
        let ended = controller.changes { $0.handle(TouchEvent(touch: 1, phase: .ended, type: .pencil, samples: [samples[19]])) }
        #expect(ended.drawingChanged && !ended.selectionChanged)
        #expect(controller.changes { _ in nil }.isEmpty, "a call that does nothing changes nothing")
        controller.pencilRole = .select
        let loop = [Point2D(10, 20), Point2D(190, 20), Point2D(190, 80), Point2D(10, 80), Point2D(10, 21)]
            .map { TouchSample(location: $0, timestamp: 1) }
        let lasso = controller.changes { controller in
            controller.handle(TouchEvent(touch: 2, phase: .began, type: .pencil, samples: [loop[0]]))
            return controller.handle(TouchEvent(touch: 2, phase: .moved, type: .pencil, samples: Array(loop[1...])))
        }
        #expect(lasso.selectionChanged && !lasso.drawingChanged)
        let undone = controller.changes { $0.undo() }
        #expect(undone.drawingChanged && undone.pixels != nil)
        #expect(began.merged(with: ended).drawingChanged && began.merged(with: lasso).selectionChanged)
    }
}
