import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

struct DrawingEditorTests {
    static func line(from start: Point2D, to end: Point2D, count: Int = 21, color: RGBAColor = .black) -> StrokeRecord {
        let samples = (0..<count).map { index -> Sample in
            let t = Double(index) / Double(count - 1)
            return Sample(location: start + (end - start) * t, timestamp: Double(index) / 60, force: 0.5)
        }
        return StrokeRecord(samples: samples, brush: "constant", brushOptions: BrushOptions(width: 4), color: color)
    }

    @Test func everyEditUndoesAndRedoes() {
        var editor = DrawingEditor()
        let a = Self.line(from: Point2D(0, 0), to: Point2D(100, 0)), b = Self.line(from: Point2D(0, 50), to: Point2D(100, 50))
        editor.add(a)
        editor.add(b)
        editor.transform(strokesAt: [1], by: Transform2D(scale: 1, offset: Point2D(10, 5)))
        #expect(editor.drawing.strokes[1].samples[0].location == Point2D(10, 55))
        editor.clear()
        #expect(editor.drawing.strokes.isEmpty)
        let undidClear = editor.undo()
        #expect(undidClear)
        #expect(editor.drawing.strokes[1].samples[0].location == Point2D(10, 55))
        let undidTransform = editor.undo()
        #expect(undidTransform)
        #expect(editor.drawing.strokes == [a, b])
        let redone = editor.redo() && editor.redo()
        #expect(redone)
        #expect(editor.drawing.strokes.isEmpty)
        let nothingToRedo = !editor.redo()
        #expect(nothingToRedo)
        editor.undo()
        editor.add(a)
        #expect(!editor.canRedo)
    }

    @Test func anUndoLimitForgetsTheOldestEdits() {
        var editor = DrawingEditor(undoLimit: 2)
        for index in 0..<4 { editor.add(Self.line(from: Point2D(0, Double(index) * 10), to: Point2D(50, Double(index) * 10))) }
        let twice = editor.undo() && editor.undo()
        let third = editor.undo()
        #expect(twice && !third)
        #expect(editor.drawing.strokes.count == 2)
    }

    @Test func theStrokeEraserRemovesOnlyTouchedStrokes() {
        var editor = DrawingEditor()
        editor.add(Self.line(from: Point2D(0, 0), to: Point2D(100, 0)))
        editor.add(Self.line(from: Point2D(0, 50), to: Point2D(100, 50)))
        #expect(editor.eraseStrokes(along: [Point2D(50, -20), Point2D(50, 20)], radius: 3) == 1)
        #expect(editor.drawing.strokes.count == 1)
        #expect(editor.drawing.strokes[0].samples[0].location.y == 50)
        // Touching the ink's edge counts: the stroke is 4 points wide, so 2 + 3 reaches it.
        #expect(editor.eraseStrokes(along: [Point2D(0, 54.5)], radius: 3) == 1)
        editor.undo()
        editor.undo()
        #expect(editor.drawing.strokes.count == 2)
    }

    @Test func thePartialEraserSplitsAStrokeWhereTheEraserCrossesIt() throws {
        var editor = DrawingEditor()
        let original = Self.line(from: Point2D(0, 0), to: Point2D(100, 0), count: 3, color: .white)
        editor.add(original)
        #expect(editor.erasePartially(along: [Point2D(50, -20), Point2D(50, 20)], radius: 5) == 1)
        let pieces = editor.drawing.strokes
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.color == .white && $0.brush == "constant" })
        #expect(pieces[0].samples.first?.location == Point2D(0, 0))
        #expect(pieces[1].samples.last?.location == Point2D(100, 0))
        // The cut is where the eraser was (less its radius and the ink's half width), although the
        // stroke had no sample there.
        let leftEnd = try #require(pieces[0].samples.last?.location.x)
        let rightStart = try #require(pieces[1].samples.first?.location.x)
        #expect(leftEnd > 35 && leftEnd < 43)
        #expect(rightStart > 57 && rightStart < 65)
        editor.undo()
        #expect(editor.drawing.strokes == [original])
    }

    @Test func anEraserStrokeErasesAsWideAsTheFingerThatDrewIt() throws {
        func erasing(radius: Double, wholeStrokes: Bool, xs: ClosedRange<Int> = 0...10) -> (editor: DrawingEditor, radius: Double) {
            var editor = DrawingEditor()
            editor.add(Self.line(from: Point2D(0, 0), to: Point2D(100, 0)))
            editor.add(Self.line(from: Point2D(0, 30), to: Point2D(100, 30)))
            // A finger moving along y = 12, 10 points below the second line's ink edge (30 - 2).
            let samples = xs.map { Sample(x: 10 * Double($0), y: 12, majorRadius: radius) }
            let used = editor.erase(with: StrokeRecord(samples: samples, brush: "contact-radius", pointer: .finger), wholeStrokes: wholeStrokes)
            return (editor, used)
        }
        // The eraser's ink is half the contact radius wide: a light touch (radius 12, 3 pt either
        // side) reaches neither line; a broad one (radius 80, 20 pt either side) both.
        let light = erasing(radius: 12, wholeStrokes: true)
        #expect(light.editor.drawing.strokes.count == 2)
        let broad = erasing(radius: 80, wholeStrokes: true)
        #expect(broad.editor.drawing.strokes.isEmpty)
        #expect(broad.radius > light.radius)
        // Cutting rather than removing: the broad eraser runs the whole length of both lines.
        #expect(erasing(radius: 80, wholeStrokes: false).editor.drawing.strokes.isEmpty)
        #expect(erasing(radius: 12, wholeStrokes: false).editor.drawing.strokes.count == 2)
        // A touch in the middle: whole strokes go, or each line is cut in two.
        #expect(erasing(radius: 80, wholeStrokes: true, xs: 5...5).editor.drawing.strokes.isEmpty)
        #expect(erasing(radius: 80, wholeStrokes: false, xs: 5...5).editor.drawing.strokes.count == 4)
    }

    @Test func hitTestingFindsTheTopmostStrokeUnderAPoint() {
        let drawing = Drawing(strokes: [Self.line(from: Point2D(0, 0), to: Point2D(100, 0)), Self.line(from: Point2D(50, -50), to: Point2D(50, 50))])
        #expect(drawing.stroke(at: Point2D(50, 0)) == 1)
        #expect(drawing.stroke(at: Point2D(20, 1)) == 0)
        #expect(drawing.stroke(at: Point2D(20, 30)) == nil)
        #expect(drawing.bounds!.contains(Point2D(100, 0)))
    }
}
