import FreehandKit
import FreehandRender

/// Turns a platform's touch events into ink: everything a drawing view decides, in one
/// platform-neutral type, so that the UIKit and AppKit views only forward events and draw pixels.
///
/// Feed it every `TouchEvent` (began, moved, ended, cancelled, with coalesced and predicted readings)
/// and every `TouchPropertyUpdate` (late, refined force and tilt). It runs one live stroke per touch
/// on `canvas`, redraws predicted ink on every event and never keeps it, applies each refinement to
/// the reading it names — while the stroke is live (ink over a reading waits for its refinement,
/// see `StrokeBuilder.estimateWaitLimit`) and after it ended (the stored stroke and its pixels are
/// updated) — and records each finished stroke in the drawing model, where undo, redo, erasing and
/// clearing happen. Every call returns the pixels of `canvas.image` that changed, or nil.
///
/// Pencils and pointers draw; fingers draw until a pencil has touched the view, then erase
/// (`fingerPolicy`, PencilKit's default); a pencil-only app sets `fingerPolicy = .always(.ignore)`.
/// It also decides the drawing gesture's state (`gesture`, see `DrawingGesture`) so that a view
/// inside a scroll view only copies it. A class, as the canvas is; not safe to share between
/// threads.
public final class TouchInkController {
    /// The pixels: finished ink cached, live strokes over it.
    public private(set) var canvas: Canvas
    /// The drawing model and its undo history.
    public private(set) var editor: DrawingEditor
    /// The look of new strokes.
    public var preset: InkPreset { didSet { configureCanvas() } }
    /// The colour of new strokes, as stored (the canvas shows it through `appearance`).
    public var color: RGBAColor { didSet { canvas.inkColor = appearance.displayed(color) } }
    /// How ink is shown: `.dark` shows every stroke with its lightness inverted (black ink white)
    /// while the drawing keeps its true colours. Setting a new value repaints the whole canvas.
    public var appearance = InkAppearance.light {
        didSet {
            guard appearance != oldValue else { return }
            canvas.inkColor = appearance.displayed(color)
            repaint(canvas.image.bounds)
        }
    }
    /// What an Apple Pencil or other stylus does (default: draw).
    public var pencilRole = TouchRole.draw
    /// What a finger does, before and after a pencil has touched (default: `.automatic`, draw
    /// until a pencil is seen, then erase; `.always(.ignore)` for a pencil-only view).
    public var fingerPolicy = FingerPolicy.automatic
    /// What a mouse or trackpad pointer does (default: draw). Without
    /// `UIApplicationSupportsIndirectInputEvents` in an app's Info.plist, iPadOS delivers a mouse
    /// as a finger (`fingerPolicy` applies).
    public var pointerRole = TouchRole.draw
    /// True once a pencil has touched this controller (fingers then follow
    /// `fingerPolicy.afterPencil`); a new drawing or canvas keeps it.
    public private(set) var hasSeenPencil = false
    /// The drawing gesture's state and its thresholds: a view's gesture recognizer copies `state`
    /// after each call, releases touches this controller does not track (`tracks(_:)`), and calls
    /// `resetGesture()` when UIKit resets it.
    public var gesture = DrawingGesture()
    /// True: an eraser removes every stroke it touches; false (default): it cuts out only the ink
    /// under it.
    public var erasesWholeStrokes = false
    /// Hold to snap: when set, a stroke whose pen rested at its end (`HoldToSnap.holdDuration`,
    /// read at lift) is replaced by the clean shape it traces, one undo step after the stroke itself
    /// (undo gives the hand-drawn stroke back). Nil (default): strokes stay as drawn.
    public var holdToSnap: HoldToSnap?
    /// The selection and the lasso being drawn, for the view to draw over the ink; a touch whose role
    /// is `.select` makes it (a lasso round strokes selects those mostly inside; begun on the
    /// selection, it drags it, one undoable move). Any other edit clears it.
    public private(set) var selection = SelectionOverlay()

    private var live: [AnyHashable: LiveTouch] = [:]
    /// Strokes that ended with readings still expecting refinements, most recent last.
    private var finished: [(touch: AnyHashable, stroke: FinishedStroke)] = []
    /// One outline per stroke of the drawing (nil for a stroke that draws nothing), resolved to
    /// the boundary of its ink once (`OutlinePiece.resolvingOverlaps()`): a repaint fills it in
    /// about half the time of the raw outline.
    private var outlines: [OutlinePiece?]
    private static let eraserBrush = "contact-radius"
    /// How many ended strokes keep waiting for late refinements.
    private static let finishedLimit = 16

    private struct LiveTouch {
        var role: TouchRole
        var kind: PointerKind
        /// For a selecting touch: where a drag began (nil: the touch draws a lasso).
        var dragStart: Point?
        /// Estimation indices of readings still expecting a refinement.
        var awaiting: Set<Int> = []
    }

    private struct FinishedStroke {
        var record: StrokeRecord
        /// Estimation index → position in the record's samples, for readings still expecting one.
        var awaiting: [Int: Int]
    }

    /// A controller drawing on `canvas` into `drawing` (painted onto the canvas now), with new
    /// strokes in `preset` and `color`, keeping at most `undoLimit` edits (nil: unlimited).
    public init(canvas: Canvas, drawing: Drawing = Drawing(), preset: InkPreset = .handwriting, color: RGBAColor = .black, undoLimit: Int? = nil) {
        self.canvas = canvas
        self.editor = DrawingEditor(drawing: drawing, undoLimit: undoLimit)
        self.preset = preset
        self.color = color
        outlines = drawing.strokeOutlines(resolvingOverlaps: true)
        canvas.eraserStyle = ParameterError.builtIn { () throws(ParameterError) in
            try InkStyle(brush: BrushCatalog.brush(named: Self.eraserBrush), widthSmoothing: 0)
        }
        configureCanvas()
        canvas.clear()
        repaint(canvas.image.bounds)
    }

    /// The drawing so far (finished strokes only).
    public var drawing: Drawing { editor.drawing }
    /// True when the drawing has no stroke.
    public var isEmpty: Bool { editor.drawing.strokes.isEmpty }
    /// True when there is an edit to undo.
    public var canUndo: Bool { editor.canUndo }
    /// True when there is an undone edit to redo.
    public var canRedo: Bool { editor.canRedo }
    /// Counts the changes to `drawing` (a stroke added, erased, refined, undone, a clear, a load):
    /// a view reports the drawing to its owner when this moved.
    public private(set) var revision = 0
    /// How many touches are drawing or erasing now.
    public var liveTouchCount: Int { live.count }

    /// The role of a touch of `type`.
    public func role(for type: TouchType) -> TouchRole {
        switch type {
        case .pencil: return pencilRole
        case .direct: return fingerPolicy.role(pencilSeen: hasSeenPencil)
        case .indirectPointer: return pointerRole
        }
    }

    // MARK: - Touches

    /// True while `touch` draws or erases here; a view releases a touch that began and is not
    /// tracked (its role is `.ignore`, or it made a two-finger gesture), for others to handle.
    public func tracks(_ touch: AnyHashable) -> Bool { live[touch] != nil }

    /// Takes one touch's event: begins, extends, ends or abandons its stroke, and moves `gesture`
    /// on. A touch whose role is `.ignore`, or an event for a touch that never began, changes no
    /// ink. A finger landing beside another that has not claimed the gesture abandons both strokes
    /// (see `DrawingGesture`).
    @discardableResult
    public func handle(_ event: TouchEvent) -> PixelRect? {
        let latest = event.samples.last
        switch event.phase {
        case .began:
            if event.type == .pencil { hasSeenPencil = true }
            let role = role(for: event.type)
            let abandoned = gesture.began(
                event.touch, type: event.type, role: role, at: latest.map { $0.preciseLocation ?? $0.location } ?? Point(0, 0), time: latest?.timestamp ?? 0)
            guard role != .ignore else { return nil }
            guard abandoned.isEmpty else { return abandon(abandoned) }
            if role == .select {
                let point = latest.map { $0.preciseLocation ?? $0.location } ?? Point(0, 0)
                if selection.isOnSelection(point) {
                    live[event.touch] = LiveTouch(role: role, kind: event.type.pointerKind, dragStart: point)
                } else {
                    selection = SelectionOverlay()
                    selection.lasso = [point]
                    live[event.touch] = LiveTouch(role: role, kind: event.type.pointerKind)
                }
                return nil
            }
            selection = SelectionOverlay()
            live[event.touch] = LiveTouch(role: role, kind: event.type.pointerKind)
            let tool: CanvasTool = role == .erase ? .eraser(canvas.eraserMode) : .ink
            canvas.begin(event.touch, pointer: event.type.pointerKind, tool: tool)
            return append(event)
        case .moved, .stationary:
            if let latest { gesture.moved(event.touch, to: latest.preciseLocation ?? latest.location, time: latest.timestamp) }
            return append(event)
        case .ended:
            var last = event
            last.predicted = []
            let dirty = union(append(last), finish(event.touch))
            gesture.ended(event.touch, cancelled: false)
            return dirty
        case .cancelled:
            gesture.ended(event.touch, cancelled: true)
            return abandon([event.touch])
        }
    }

    /// Returns the gesture to its start and abandons every stroke still open (UIKit's `reset()`:
    /// after it, UIKit sends nothing more for touches still down, so their strokes could never
    /// end). Returns the pixels that changed.
    @discardableResult
    public func resetGesture() -> PixelRect? {
        abandon(Array(gesture.reset()) + Array(live.keys))
    }

    /// Changes the canvas to `width` × `height` points at `scale` pixels per point when its pixel
    /// size or scale differ (a view that grew, shrank or rotated, or moved to another screen),
    /// keeping the background, the drawing and its undo history; returns the new canvas's pixels,
    /// or nil when the canvas already fits.
    @discardableResult
    public func fit(width: Double, height: Double, scale: Double) -> PixelRect? {
        let fitted = Canvas.size(width: width, height: height, scale: scale)
        guard fitted.width != canvas.width || fitted.height != canvas.height || fitted.scale != canvas.scale else { return nil }
        return replaceCanvas(with: Canvas(width: width, height: height, scale: scale, background: canvas.background))
    }

    /// Takes late, refined readings (UIKit's estimated-property updates), for live and for recently
    /// ended strokes. Updates for unknown touches or readings are ignored.
    @discardableResult
    public func handle(_ updates: [TouchPropertyUpdate]) -> PixelRect? {
        var dirty: PixelRect?
        var byTouch: [AnyHashable: [TouchPropertyUpdate]] = [:]
        var order: [AnyHashable] = []
        for update in updates {
            guard let touch = owner(of: update) else { continue }
            if byTouch[touch] == nil { order.append(touch) }
            byTouch[touch, default: []].append(update)
        }
        for touch in order {
            let touchUpdates = byTouch[touch] ?? []
            if var entry = live[touch] {
                for update in touchUpdates where update.isFinal { entry.awaiting.remove(update.estimationUpdateIndex) }
                live[touch] = entry
                dirty = union(dirty, canvas.update(touch, estimated: touchUpdates.map(\.estimated)))
            } else if let position = finished.lastIndex(where: { $0.touch == touch }) {
                dirty = union(dirty, refineFinished(at: position, with: touchUpdates))
            }
        }
        return dirty
    }

    // MARK: - Edits

    /// Undoes the last edit (a stroke, an erase, a clear); returns the pixels that changed.
    @discardableResult
    public func undo() -> PixelRect? {
        selection = SelectionOverlay()
        editor.undo()
        return applyLastChange()
    }

    /// Redoes the last undone edit; returns the pixels that changed.
    @discardableResult
    public func redo() -> PixelRect? {
        selection = SelectionOverlay()
        editor.redo()
        return applyLastChange()
    }

    /// Removes every stroke (undoable) and abandons the live ones; returns the pixels that changed.
    @discardableResult
    public func clear() -> PixelRect? {
        selection = SelectionOverlay()
        for touch in live.keys { canvas.cancel(touch) }
        live = [:]
        finished = []
        editor.clear()
        return applyLastChange()
    }

    /// Replaces the drawing (say, one just opened) and forgets the undo history; returns the pixels
    /// that changed: the whole canvas.
    @discardableResult
    public func load(_ drawing: Drawing) -> PixelRect? {
        selection = SelectionOverlay()
        for touch in live.keys { canvas.cancel(touch) }
        live = [:]
        finished = []
        editor = DrawingEditor(drawing: drawing, undoLimit: editor.undoLimit)
        outlines = drawing.strokeOutlines(resolvingOverlaps: true)
        revision += 1
        return repaint(canvas.image.bounds)
    }

    /// Moves the drawing onto `canvas` (a view that grew, or a new screen scale): the live touches
    /// are abandoned, the drawing and its undo history kept. Returns the new canvas's pixels.
    @discardableResult
    public func replaceCanvas(with canvas: Canvas) -> PixelRect? {
        for touch in live.keys { self.canvas.cancel(touch) }
        live = [:]
        finished = []
        canvas.eraserMode = self.canvas.eraserMode
        canvas.eraserStyle = self.canvas.eraserStyle
        self.canvas = canvas
        configureCanvas()
        canvas.clear()
        return repaint(canvas.image.bounds)
    }

    // MARK: - Internals

    /// The touch whose reading `update` refines: the one it names if that one is live or awaits
    /// refinements, else the one awaiting its estimation index.
    private func owner(of update: TouchPropertyUpdate) -> AnyHashable? {
        if let touch = update.touch, live[touch] != nil || finished.contains(where: { $0.touch == touch }) { return touch }
        let index = update.estimationUpdateIndex
        if let match = live.first(where: { $0.value.awaiting.contains(index) }) { return match.key }
        return finished.last(where: { $0.stroke.awaiting[index] != nil })?.touch
    }

    /// Abandons the strokes of `touches` that are live: their ink leaves the canvas, nothing is recorded.
    private func abandon(_ touches: [AnyHashable]) -> PixelRect? {
        var dirty: PixelRect?
        for touch in touches {
            guard let entry = live.removeValue(forKey: touch) else { continue }
            if entry.role == .select {
                // A lasso abandoned selects nothing (beginning it dropped the old selection); a drag
                // abandoned leaves the selection where it was.
                selection.lasso = []
                selection.dragOffset = .zero
                continue
            }
            dirty = union(dirty, canvas.cancel(touch))
        }
        return dirty
    }

    private func append(_ event: TouchEvent) -> PixelRect? {
        guard var entry = live[event.touch] else { return nil }
        if entry.role == .select {
            let points = event.samples.map { $0.preciseLocation ?? $0.location }.filter(\.isFinite)
            if let start = entry.dragStart, let last = points.last {
                selection.dragOffset = last - start
            } else if entry.dragStart == nil {
                selection.lasso += points
            }
            return nil
        }
        let last = event.samples.count - 1
        let samples = event.samples.enumerated().map { $1.sample(kind: entry.kind, coalesced: $0 < last) }
        for sample in event.samples where sample.expectsUpdates {
            if let index = sample.estimationUpdateIndex { entry.awaiting.insert(index) }
        }
        live[event.touch] = entry
        let predicted = event.predicted.map { $0.sample(kind: entry.kind, coalesced: false) }
        return canvas.append(event.touch, samples, predicted: predicted)
    }

    private func finish(_ touch: AnyHashable) -> PixelRect? {
        guard let entry = live.removeValue(forKey: touch) else { return nil }
        if entry.role == .select { return finishSelecting() }
        let samples = canvas.samples(of: touch) ?? []
        var dirty = canvas.end(touch)
        guard !samples.isEmpty else { return dirty }
        switch entry.role {
        case .draw:
            let record = StrokeRecord(samples: samples, preset: preset, color: color, pointer: entry.kind)
            editor.add(record)
            // The canvas already shows this ink: only the model's side follows.
            applyLastChange(repainting: false)
            if let snapped = holdToSnap?.snapped(record) {
                editor.replace(strokeAt: editor.drawing.strokes.count - 1, with: snapped)
                return union(dirty, applyLastChange())
            }
            var awaiting: [Int: Int] = [:]
            for (position, sample) in samples.enumerated() {
                if let index = sample.estimationUpdateIndex, entry.awaiting.contains(index) { awaiting[index] = position }
            }
            if !awaiting.isEmpty {
                finished.append((touch, FinishedStroke(record: record, awaiting: awaiting)))
                if finished.count > Self.finishedLimit { finished.removeFirst() }
            }
        case .erase:
            let eraser = StrokeRecord(samples: samples, brush: Self.eraserBrush, pointer: entry.kind)
            let radius = editor.erase(with: eraser, wholeStrokes: erasesWholeStrokes)
            // The pixel eraser showed the erasing; the model's cut is what stays.
            let changed = applyLastChange()
            let swept = eraser.sampleBounds.map { repaint(canvas.pixels(covering: $0.expanded(by: radius))) } ?? nil
            dirty = union(dirty, union(changed, swept))
        case .ignore, .select:
            break
        }
        return dirty
    }

    /// Ends a selecting touch: a lasso selects the strokes mostly inside it; a drag moves the
    /// selection (one undoable edit) and repaints.
    private func finishSelecting() -> PixelRect? {
        if !selection.lasso.isEmpty {
            let indices = editor.strokes(inLasso: selection.lasso)
            selection = SelectionOverlay()
            select(indices)
            return nil
        }
        let offset = selection.dragOffset
        selection.dragOffset = .zero
        guard offset != .zero, offset.isFinite else { return nil }
        return transformSelection(by: Transform2D(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y))
    }

    // MARK: - Selection

    /// Selects the strokes at `indices` (invalid ones ignored): the selection a view shows.
    public func select(_ indices: [Int]) {
        let valid = Set(indices.filter { editor.drawing.strokes.indices.contains($0) }).sorted()
        selection = SelectionOverlay()
        selection.indices = valid
        selection.bounds = editor.bounds(ofStrokesAt: valid)
    }

    /// Clears the selection.
    public func clearSelection() {
        selection = SelectionOverlay()
    }

    /// Moves, scales or rotates the selection (ink widths with it when `scalingWidth`); returns the
    /// pixels that changed.
    @discardableResult
    public func transformSelection(by transform: Transform2D, scalingWidth: Bool = false) -> PixelRect? {
        let indices = selection.indices
        guard !indices.isEmpty else { return nil }
        editor.transform(strokesAt: indices, by: transform, scalingWidth: scalingWidth)
        let dirty = applyLastChange()
        select(indices)
        return dirty
    }

    /// Recolours the selection; returns the pixels that changed.
    @discardableResult
    public func recolorSelection(to color: RGBAColor) -> PixelRect? {
        let indices = selection.indices
        guard !indices.isEmpty else { return nil }
        editor.recolor(strokesAt: indices, to: color)
        let dirty = applyLastChange()
        select(indices)
        return dirty
    }

    /// Deletes the selected strokes; returns the pixels that changed.
    @discardableResult
    public func deleteSelection() -> PixelRect? {
        let indices = selection.indices
        selection = SelectionOverlay()
        guard !indices.isEmpty else { return nil }
        editor.delete(strokesAt: indices)
        return applyLastChange()
    }

    /// Adds a copy of the selection `offset` points away on top and selects the copy; returns the
    /// pixels that changed.
    @discardableResult
    public func duplicateSelection(offset: Point = Point(12, 12)) -> PixelRect? {
        guard !selection.indices.isEmpty else { return nil }
        let copies = editor.duplicate(strokesAt: selection.indices, offset: offset)
        let dirty = applyLastChange()
        select(copies)
        return dirty
    }

    /// Brings the selection above every other stroke; returns the pixels that changed.
    @discardableResult
    public func bringSelectionToFront() -> PixelRect? {
        guard !selection.indices.isEmpty else { return nil }
        let moved = editor.bringToFront(strokesAt: selection.indices)
        let dirty = applyLastChange()
        select(moved)
        return dirty
    }

    private func refineFinished(at position: Int, with updates: [TouchPropertyUpdate]) -> PixelRect? {
        var entry = finished[position].stroke
        var samples = entry.record.samples.unpacked
        for update in updates {
            guard let sampleIndex = entry.awaiting[update.estimationUpdateIndex], samples.indices.contains(sampleIndex) else { continue }
            samples[sampleIndex].refine(with: update.estimated.validated.update)
            if update.isFinal { entry.awaiting[update.estimationUpdateIndex] = nil }
        }
        var dirty: PixelRect?
        if let index = editor.drawing.strokes.lastIndex(of: entry.record), editor.refine(strokeAt: index, samples: samples) {
            entry.record = editor.drawing.strokes[index]
            dirty = applyLastChange()
        }
        if entry.awaiting.isEmpty {
            finished.remove(at: position)
        } else {
            finished[position].stroke = entry
        }
        return dirty
    }

    /// Brings the outline cache, the revision and (unless told not to) the pixels up to date with
    /// the editor's last change; returns the pixels repainted.
    @discardableResult
    private func applyLastChange(repainting: Bool = true) -> PixelRect? {
        guard let change = editor.lastChange else { return nil }
        revision += 1
        var area: Rect?
        for entry in change.removed { area.formUnion(outlines[entry.index]?.bounds) }
        change.apply(to: &outlines) { $0.outline()?.resolvingOverlaps() }
        for entry in change.inserted { area.formUnion(outlines[entry.index]?.bounds) }
        guard repainting, let area else { return nil }
        return repaint(canvas.pixels(covering: area))
    }

    @discardableResult
    private func repaint(_ area: PixelRect) -> PixelRect? {
        let appearance = self.appearance
        let ink = zip(editor.drawing.strokes, outlines).lazy.compactMap { record, outline in
            outline.map { (piece: $0, color: appearance.displayed(record.color)) }
        }
        return canvas.repaint(area, from: ink, grain: canvas.grain)
    }

    private func configureCanvas() {
        let preset = self.preset
        canvas.technique = ParameterError.builtIn { () throws(ParameterError) in try preset.makeTechnique() }
        canvas.inkStyle = ParameterError.builtIn { () throws(ParameterError) in try preset.makeStyle() }
        canvas.grain = preset.grain > 0 ? Grain(strength: preset.grain) : nil
        canvas.inkColor = appearance.displayed(color)
    }

    private func union(_ first: PixelRect?, _ second: PixelRect?) -> PixelRect? {
        guard let first else { return second }
        guard let second else { return first }
        return first.union(second)
    }
}
