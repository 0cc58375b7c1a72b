import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// Edits a drawing with unlimited (or bounded) undo and redo: add a stroke, erase whole strokes or
/// parts of them along an eraser path, clear, transform a selection.
public struct DrawingEditor: Sendable {
    /// The drawing as edited so far.
    public private(set) var drawing: Drawing
    /// The most edits kept for undo (nil: unlimited). The oldest are forgotten first.
    public let undoLimit: Int?
    /// The change the last call made to `drawing` (an edit, its undo, its redo, or a refinement),
    /// or nil when it changed nothing: what a view must redraw.
    public private(set) var lastChange: DrawingEdit?
    /// The spatial index of `drawing`'s strokes, kept up to date by every edit, undo and redo: what
    /// the erasers and the selection queries (`strokes(near:radius:)`, `strokes(inLasso:coverage:)`…) use.
    public private(set) var strokeIndex: StrokeIndex
    private var undoStack: [DrawingEdit] = []
    private var redoStack: [DrawingEdit] = []

    /// An editor of `drawing`, keeping at most `undoLimit` edits (nil for unlimited; at least 1).
    public init(drawing: Drawing = Drawing(), undoLimit: Int? = nil) {
        self.drawing = drawing
        self.undoLimit = undoLimit.map { Swift.max(1, $0) }
        strokeIndex = StrokeIndex(drawing)
    }

    /// True when there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// True when there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Appends `stroke` on top of the drawing.
    public mutating func add(_ stroke: StrokeRecord) {
        perform(DrawingEdit(removed: [], inserted: [.init(index: drawing.strokes.count, stroke: stroke)]))
    }

    /// Appends `strokes` on top of the drawing, in order, as one edit (one undo brings them all
    /// back out): a drawing opened onto the page.
    public mutating func add(contentsOf strokes: [StrokeRecord]) {
        let first = drawing.strokes.count
        perform(DrawingEdit(removed: [], inserted: strokes.enumerated().map { .init(index: first + $0.offset, stroke: $0.element) }))
    }

    /// Removes every stroke. Undoable.
    public mutating func clear() {
        perform(DrawingEdit(removed: drawing.strokes.enumerated().map { .init(index: $0.offset, stroke: $0.element) }, inserted: []))
    }

    /// Erases along an eraser stroke: its samples' locations are the path and its ink's widest half
    /// width (`StrokeRecord.maximumHalfWidth`, from its brush — a contact-radius eraser grows with
    /// the finger) is the radius, in points. `wholeStrokes` removes every stroke it touches
    /// (`eraseStrokes`); otherwise only the ink under it is cut out (`erasePartially`). Returns the
    /// radius used, so a caller can repaint the swept area.
    @discardableResult
    public mutating func erase(with eraser: StrokeRecord, wholeStrokes: Bool = false) -> Double {
        let radius = eraser.maximumHalfWidth
        let path = eraser.samples.map { $0.location }
        if wholeStrokes {
            eraseStrokes(along: path, radius: radius)
        } else {
            erasePartially(along: path, radius: radius)
        }
        return radius
    }

    /// Removes every stroke whose ink comes within `radius` points of the eraser `path` (a polyline,
    /// or one point). Returns how many strokes were removed.
    @discardableResult
    public mutating func eraseStrokes(along path: [Point2D], radius: Double) -> Int {
        var removed: [DrawingEdit.IndexedStroke] = []
        for index in strokeIndex.candidates(alongPath: path, radius: radius, in: drawing) {
            let stroke = drawing.strokes[index]
            if VectorEraser.touches(stroke, path: path, radius: radius) { removed.append(.init(index: index, stroke: stroke)) }
        }
        perform(DrawingEdit(removed: removed, inserted: []))
        return removed.count
    }

    /// Cuts the parts of strokes within `radius` points of the eraser `path` out of them: each stroke
    /// it crosses is replaced by the pieces left on either side, which keep their samples, brush and
    /// look. Returns how many strokes were cut.
    @discardableResult
    public mutating func erasePartially(along path: [Point2D], radius: Double) -> Int {
        var edit = DrawingEdit(removed: [], inserted: [])
        var offset = 0
        for index in strokeIndex.candidates(alongPath: path, radius: radius, in: drawing) {
            let stroke = drawing.strokes[index]
            guard let pieces = VectorEraser.pieces(of: stroke, path: path, radius: radius) else { continue }
            edit.removed.append(.init(index: index, stroke: stroke))
            for (number, piece) in pieces.enumerated() {
                edit.inserted.append(.init(index: index + offset + number, stroke: stroke.with(samples: piece)))
            }
            offset += pieces.count - 1
        }
        perform(edit)
        return edit.removed.count
    }

    /// Replaces the stroke at `index` with `stroke` (a shape snapped from it, a restyled copy): one
    /// undoable step, whose undo brings the old stroke back. Returns false when there is no stroke
    /// at `index`.
    @discardableResult
    public mutating func replace(strokeAt index: Int, with stroke: StrokeRecord) -> Bool {
        lastChange = nil
        guard drawing.strokes.indices.contains(index) else { return false }
        perform(DrawingEdit(removed: [.init(index: index, stroke: drawing.strokes[index])], inserted: [.init(index: index, stroke: stroke)]))
        return true
    }

    /// Moves, scales or rotates the strokes at `indices` by `transform`: sample locations move, contact
    /// radii scale, azimuths turn with the transform's rotation; ink widths stay (see
    /// `transform(strokesAt:by:scalingWidth:)`).
    public mutating func transform(strokesAt indices: [Int], by transform: Transform2D) {
        self.transform(strokesAt: indices, by: transform, scalingWidth: false)
    }

    /// Undoes the last edit; returns false when there is none.
    @discardableResult
    public mutating func undo() -> Bool {
        lastChange = nil
        guard let edit = undoStack.popLast() else { return false }
        edit.inverse.apply(to: &drawing.strokes)
        strokeIndex.apply(edit.inverse)
        lastChange = edit.inverse
        redoStack.append(edit)
        return true
    }

    /// Redoes the last undone edit; returns false when there is none.
    @discardableResult
    public mutating func redo() -> Bool {
        lastChange = nil
        guard let edit = redoStack.popLast() else { return false }
        edit.apply(to: &drawing.strokes)
        strokeIndex.apply(edit)
        lastChange = edit
        undoStack.append(edit)
        return true
    }

    /// Replaces the samples of the stroke at `index` with `samples` (the same touches with
    /// properties refined after the stroke was added: UIKit's late estimated force and tilt) without
    /// making an undo step: undo and redo bring back the refined stroke. Returns false when there is
    /// no stroke at `index`.
    @discardableResult
    public mutating func refine(strokeAt index: Int, samples: [Sample]) -> Bool {
        lastChange = nil
        guard drawing.strokes.indices.contains(index) else { return false }
        let old = drawing.strokes[index]
        let new = old.with(samples: samples)
        drawing.strokes[index] = new
        func patch(_ entries: inout [DrawingEdit.IndexedStroke]) {
            for position in entries.indices where entries[position].stroke == old { entries[position].stroke = new }
        }
        for position in undoStack.indices {
            patch(&undoStack[position].removed)
            patch(&undoStack[position].inserted)
        }
        for position in redoStack.indices {
            patch(&redoStack[position].removed)
            patch(&redoStack[position].inserted)
        }
        let change = DrawingEdit(removed: [.init(index: index, stroke: old)], inserted: [.init(index: index, stroke: new)])
        strokeIndex.apply(change)
        lastChange = change
        return true
    }

    mutating func perform(_ edit: DrawingEdit) {
        lastChange = nil
        guard !edit.isEmpty else { return }
        lastChange = edit
        edit.apply(to: &drawing.strokes)
        strokeIndex.apply(edit)
        undoStack.append(edit)
        if let undoLimit, undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        redoStack.removeAll()
    }

    static func transformed(_ stroke: StrokeRecord, by transform: Transform2D) -> StrokeRecord {
        stroke.with(samples: stroke.samples.map(transform.apply))
    }
}
