import FreehandKit

/// Selection on a drawing being edited: hit-testing through the editor's `strokeIndex`, and the edits
/// a selection offers — move, scale and rotate (ink width with the strokes or kept), recolour,
/// restyle, delete, duplicate, bring to front. Each is one undoable step; each keeps every reading
/// exact but the ones it is meant to change (a transform moves locations exactly as
/// `Transform2D.apply(_:)` computes them and turns azimuths with it).
extension DrawingEditor {
    /// The strokes whose ink passes within `radius` points of `point`, in drawing order.
    public func strokes(near point: Point2D, radius: Double) -> [Int] {
        strokeIndex.strokes(near: point, radius: radius, in: drawing)
    }

    /// The topmost stroke whose ink passes within `tolerance` points of `point`, or nil.
    public func topmostStroke(at point: Point2D, tolerance: Double = 4) -> Int? {
        strokeIndex.topmostStroke(at: point, tolerance: tolerance, in: drawing)
    }

    /// The strokes whose ink meets `rect`, in drawing order.
    public func strokes(intersecting rect: Rect2D) -> [Int] {
        strokeIndex.strokes(intersecting: rect, in: drawing)
    }

    /// The strokes with at least `coverage` (0…1, default 0.5: "most of the stroke") of their length
    /// inside the closed freehand `lasso`, in drawing order.
    public func strokes(inLasso lasso: [Point2D], coverage: Double = 0.5) -> [Int] {
        strokeIndex.strokes(inLasso: lasso, coverage: coverage, in: drawing)
    }

    /// The bounds of the ink of the strokes at `indices` (the samples' bounds grown by each stroke's
    /// widest half width), or nil for none: where a selection's handles go.
    public func bounds(ofStrokesAt indices: [Int]) -> Rect2D? {
        var bounds: Rect2D?
        for index in Set(indices) where drawing.strokes.indices.contains(index) {
            let stroke = drawing.strokes[index]
            bounds.formUnion(stroke.sampleBounds?.expanded(by: stroke.maximumHalfWidth))
        }
        return bounds
    }

    /// Moves, scales or rotates the strokes at `indices` by `transform`; with `scalingWidth`, their
    /// ink widths scale by the transform's scale factor too (`BrushOptions.scaled(by:forBrush:)`),
    /// otherwise they keep their widths.
    public mutating func transform(strokesAt indices: [Int], by transform: Transform2D, scalingWidth: Bool) {
        let factor = transform.scaleFactor
        change(strokesAt: indices) { stroke in
            var moved = Self.transformed(stroke, by: transform)
            if scalingWidth { moved.brushOptions = moved.brushOptions.scaled(by: factor, forBrush: moved.brush) }
            return moved
        }
    }

    /// Gives the strokes at `indices` the colour `color`.
    public mutating func recolor(strokesAt indices: [Int], to color: RGBAColor) {
        change(strokesAt: indices) { stroke in
            var recoloured = stroke
            recoloured.color = color
            return recoloured
        }
    }

    /// Gives the strokes at `indices` the look of `preset` (technique, brush, taper, stabilizer),
    /// keeping their samples and colours.
    public mutating func restyle(strokesAt indices: [Int], with preset: InkPreset) {
        change(strokesAt: indices) { $0.restyled(with: preset) }
    }

    /// Removes the strokes at `indices`.
    public mutating func delete(strokesAt indices: [Int]) {
        let selected = valid(indices)
        perform(DrawingEdit(removed: selected.map { .init(index: $0, stroke: drawing.strokes[$0]) }, inserted: []))
    }

    /// Adds copies of the strokes at `indices` on top of the drawing, in their order, moved by
    /// `offset` points; returns the copies' indices (the new selection).
    @discardableResult
    public mutating func duplicate(strokesAt indices: [Int], offset: Point2D = Point2D(12, 12)) -> [Int] {
        let selected = valid(indices)
        let start = drawing.strokes.count
        let move = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y)
        perform(DrawingEdit(removed: [], inserted: selected.enumerated().map { .init(index: start + $0.offset, stroke: Self.transformed(drawing.strokes[$0.element], by: move)) }))
        return Array(start..<(start + selected.count))
    }

    /// Moves the strokes at `indices` above every other stroke, keeping their order among themselves;
    /// returns their new indices.
    @discardableResult
    public mutating func bringToFront(strokesAt indices: [Int]) -> [Int] {
        let selected = valid(indices)
        let remaining = drawing.strokes.count - selected.count
        let moved = selected.map { drawing.strokes[$0] }
        perform(DrawingEdit(
            removed: selected.map { .init(index: $0, stroke: drawing.strokes[$0]) },
            inserted: moved.enumerated().map { .init(index: remaining + $0.offset, stroke: $0.element) }))
        return Array(remaining..<(remaining + selected.count))
    }

    /// The valid indices among `indices`, each once, ascending.
    private func valid(_ indices: [Int]) -> [Int] {
        Set(indices.filter { drawing.strokes.indices.contains($0) }).sorted()
    }

    /// Replaces each stroke at `indices` by `change` of it, in one undoable step.
    private mutating func change(strokesAt indices: [Int], _ change: (StrokeRecord) -> StrokeRecord) {
        let selected = valid(indices)
        perform(DrawingEdit(
            removed: selected.map { .init(index: $0, stroke: drawing.strokes[$0]) },
            inserted: selected.map { .init(index: $0, stroke: change(drawing.strokes[$0])) }))
    }
}
