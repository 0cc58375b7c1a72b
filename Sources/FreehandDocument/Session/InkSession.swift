import FreehandKit

/// The live side of a drawing: one stroke per pointer while it is down, predicted ink, late
/// refinements, what pens, fingers and mice do, erasing, selection, hold-to-snap, and the drawing
/// with its undo history. Every front end — `TouchInkController` on iPad, the playground's live
/// socket, an app's own view — forwards its pointers here and draws what each call reports
/// (`InkReport`): live ink as it grows, and the finished ink to repaint from `outlines`.
///
/// Geometry only, in the drawing's points: pixels are the view's (an `InkCanvas` draws the reported
/// pieces). Each finished stroke is outlined once, as it is drawn: the outline it ends with is the
/// one kept in `outlines`. A value: copy it to keep a state.
public struct InkSession {
    /// The drawing model and its undo history.
    public internal(set) var editor: DrawingEditor
    /// The look of new strokes.
    public var preset: InkPreset
    /// The colour of new strokes.
    public var color: RGBAColor
    /// What a pen (Apple Pencil, stylus) does (default: draw).
    public var pencilRole = TouchRole.draw
    /// What a finger does before and after a pen has been seen (default `.automatic`: draw until a
    /// pen touches, then left alone to scroll and zoom, as PencilKit does).
    public var fingerPolicy = FingerPolicy.automatic
    /// The user's system setting "Only Draw with Apple Pencil" (UIKit's
    /// `UIPencilInteraction.prefersPencilOnlyDrawing`, which a view copies here): with a policy that
    /// follows it (`.automatic`), fingers never draw (default false).
    public var prefersPencilOnlyDrawing = false
    /// A finger contact at least this large, in points of radius (the touch's `majorRadius`), that
    /// lands while a pen is drawing is a resting palm and is left alone (default 30; a fingertip
    /// reads about 5–21). Nil: no palm rule.
    public var palmRadius: Double? = 30
    /// What a mouse or trackpad pointer does (default: draw).
    public var pointerRole = TouchRole.draw
    /// True once a pen has begun a stroke here (fingers then follow `fingerPolicy.afterPencil`).
    public private(set) var hasSeenPencil = false
    /// True: an eraser removes every stroke it touches; false (default): only the ink under it.
    public var erasesWholeStrokes = false
    /// How far outside the selection's bounds a selecting pointer may begin and still drag it,
    /// points, 0 or more (default 8). A front end that zooms sets it from the zoom, so that the
    /// reach is the same on screen (`PageInkController.selectionHitMargin`, the playground's page).
    public var selectionHitMargin = 8.0
    /// When set, a stroke whose pen rested at its end is replaced by the clean shape it traces, one
    /// undo step after the stroke (undo gives the hand-drawn stroke back). Nil (default): off.
    public var holdToSnap: HoldToSnap?
    /// The most samples the drawing may hold (nil, the default: no limit): a snap whose shape would
    /// take the drawing past it is not made (the stroke stays as drawn). A server's bound.
    public var drawingSampleLimit: Int?
    /// Extrapolates a live stroke's tail when an append brings no predicted samples (platforms
    /// without a prediction API); nil (default) draws only what was sampled. Never recorded.
    public var predictor: StrokePredictor?
    /// The output's pixels per point, 0.01…64 (default 1): live ink and `outlines` are flattened
    /// within a quarter pixel of the true curve at this zoom (`InkStyle.fitted(toPixelsPerPoint:)`).
    public internal(set) var outlineScale: Double
    /// One outline per stroke of the drawing, in drawing order (nil for a stroke that draws
    /// nothing), resolved to the boundary of its ink: what a view fills to show the finished ink.
    public internal(set) var outlines: [OutlinePiece?]
    /// Counts the changes to the drawing (a stroke added, erased, refined, undone, a clear, a load).
    public internal(set) var revision = 0
    /// The selection and the lasso being drawn, for a view to draw over the ink.
    public internal(set) var selection = SelectionOverlay()

    var live: [PointerID: LivePointer] = [:]
    /// Ended strokes with readings still expecting refinements, most recent last.
    var finished: [(pointer: PointerID, stroke: FinishedStroke)] = []

    /// The brush of eraser strokes: as wide as the touch's contact.
    public static let eraserBrush = "contact-radius"
    /// How many ended strokes keep waiting for late refinements.
    static let finishedLimit = 16

    struct LivePointer {
        var role: TouchRole
        var kind: PointerKind
        /// The look the stroke began with (what it is drawn and recorded in).
        var preset: InkPreset
        /// The stroke being drawn (nil for a selecting pointer).
        var ink: InkStroke?
        var color: RGBAColor
        var grain: Double
        var layering: InkLayering = .over
        /// For a selecting pointer: where a drag began (nil: it draws a lasso).
        var dragStart: Point2D?
        /// Estimation indices of readings still expecting a refinement.
        var awaiting: Set<Int> = []
    }

    struct FinishedStroke {
        var record: StrokeRecord
        /// Estimation index → position in the record's samples, for readings still expecting one.
        var awaiting: [Int: Int]
    }

    /// A session over `drawing` (nothing live), new strokes in `preset` and `color`, keeping at most
    /// `undoLimit` edits (nil: unlimited), outlined for `outlineScale` pixels per point.
    public init(drawing: Drawing = Drawing(), preset: InkPreset = .handwriting, color: RGBAColor = .black, undoLimit: Int? = nil, outlineScale: Double = 1) {
        editor = DrawingEditor(drawing: drawing, undoLimit: undoLimit)
        self.preset = preset
        self.color = color
        self.outlineScale = Self.validScale(outlineScale)
        outlines = Self.outlines(of: drawing, scale: self.outlineScale)
    }

    /// The drawing so far (finished strokes only).
    public var drawing: Drawing { editor.drawing }
    /// How many pointers are drawing, erasing or selecting now.
    public var liveCount: Int { live.count }
    /// True while `pointer` draws, erases or selects here.
    public func isLive(_ pointer: PointerID) -> Bool { live[pointer] != nil }
    /// What `pointer` does while it is live (nil: it is not).
    public func role(of pointer: PointerID) -> TouchRole? { live[pointer]?.role }
    /// The kind of pointer `pointer` began as (nil: it is not live).
    public func kind(of pointer: PointerID) -> PointerKind? { live[pointer]?.kind }
    /// True while `pointer` drags the selection (it began on it, `selectionHitMargin` included);
    /// false for a lasso or any other pointer.
    public func dragsSelection(_ pointer: PointerID) -> Bool { live[pointer]?.dragStart != nil }
    /// How many samples `pointer`'s live stroke has accepted (nil: no such stroke).
    public func sampleCount(of pointer: PointerID) -> Int? { live[pointer]?.ink?.samples.count }

    /// What a pointer of `kind` does now; `contactRadius` is a finger's contact size in points (a
    /// touch's `majorRadius`), which makes a large contact landing while a pen draws a palm
    /// (`.ignore`, see `palmRadius`).
    public func role(for kind: PointerKind, contactRadius: Double? = nil) -> TouchRole {
        switch kind {
        case .pen: return pencilRole
        case .mouse: return pointerRole
        case .finger:
            if let palmRadius, let contactRadius, contactRadius >= palmRadius, live.values.contains(where: { $0.kind == .pen }) {
                return .ignore
            }
            return fingerPolicy.role(pencilSeen: hasSeenPencil, prefersPencilOnlyDrawing: prefersPencilOnlyDrawing)
        }
    }

    // MARK: - Pointers

    /// Notes that a pen touched (fingers then follow `fingerPolicy.afterPencil`), for a pen whose
    /// touch begins no stroke here (its role is `.ignore`, or the gesture was abandoned).
    public mutating func penTouched() {
        hasSeenPencil = true
    }

    /// Begins `pointer`'s stroke at `point` with `role` (nil: the role its `kind` has, `role(for:)`),
    /// replacing a live one of that name (cancelled). A pen marks the session as having seen one.
    /// `.ignore` begins nothing; `.select` begins a lasso, or a drag when `point` is on the selection.
    @discardableResult
    public mutating func begin(_ pointer: PointerID, kind: PointerKind, role chosen: TouchRole? = nil, at point: Point2D) -> InkReport {
        var report = live[pointer] == nil ? InkReport() : cancel([pointer])
        if kind == .pen { hasSeenPencil = true }
        let role = chosen ?? role(for: kind)
        switch role {
        case .ignore:
            return report
        case .select:
            if selection.isOnSelection(point, margin: selectionHitMargin.isFinite ? Swift.max(0, selectionHitMargin) : 8) {
                live[pointer] = LivePointer(role: role, kind: kind, preset: preset, color: color, grain: 0, dragStart: point)
            } else {
                selection = SelectionOverlay()
                selection.lasso = Self.isReadable(point) ? [point] : []
                live[pointer] = LivePointer(role: role, kind: kind, preset: preset, color: color, grain: 0)
            }
            return report
        case .draw, .erase:
            selection = SelectionOverlay()
            let erases = role == .erase
            let look = erases ? Self.eraserLook : Self.look(of: preset)
            let ink = InkStroke(technique: look.technique, style: look.style.fitted(toPixelsPerPoint: outlineScale), outputs: .outlinePieces)
            let grain = erases ? 0 : preset.grain
            live[pointer] = LivePointer(role: role, kind: kind, preset: preset, ink: ink, color: color, grain: grain, layering: look.style.brush.layering)
            report.live.append(LiveInk(pointer: pointer, change: .began, erases: erases, color: color, layering: look.style.brush.layering, grain: grain))
            return report
        }
    }

    /// Adds `samples` (and `predicted` ones, never kept) to `pointer`'s stroke; a selecting
    /// pointer's lasso grows or its drag moves. Nothing for a pointer that is not live.
    @discardableResult
    public mutating func append(_ pointer: PointerID, _ samples: [Sample], predicted: [Sample] = []) -> InkReport {
        guard var entry = live.removeValue(forKey: pointer) else { return InkReport() }
        defer { live[pointer] = entry }
        guard var ink = entry.ink else {
            moveSelecting(&entry, to: samples.map { $0.location }.filter { Self.isReadable($0) })
            return InkReport()
        }
        entry.ink = nil  // no second reference while the stroke changes (no copy of its buffers)
        for sample in samples { if let index = sample.estimationUpdateIndex { entry.awaiting.insert(index) } }
        var guessed = predicted
        if guessed.isEmpty, let predictor {
            let recent = Array(ink.samples.suffix(32)) + samples.suffix(32)
            guessed = predictor.predict(after: recent.suffix(32))
        }
        let update = (try? ink.append(samples, predicted: guessed)) ?? InkUpdate()
        let change = drawn(pointer, entry, &ink, committed: update.committed, change: .drawn)
        entry.ink = ink
        return change
    }

    /// Takes late, refined readings (estimated-property updates) for live and recently ended
    /// strokes. Updates for unknown pointers or readings are ignored.
    @discardableResult
    public mutating func refine(_ updates: [TouchPropertyUpdate]) -> InkReport {
        var report = InkReport()
        var byPointer: [PointerID: [TouchPropertyUpdate]] = [:]
        var order: [PointerID] = []
        for update in updates {
            guard let pointer = owner(of: update) else { continue }
            if byPointer[pointer] == nil { order.append(pointer) }
            byPointer[pointer, default: []].append(update)
        }
        for pointer in order {
            let pointerUpdates = byPointer[pointer] ?? []
            if var entry = live.removeValue(forKey: pointer) {
                for update in pointerUpdates where update.isFinal { entry.awaiting.remove(update.estimationUpdateIndex) }
                if var ink = entry.ink {
                    entry.ink = nil
                    let update = ink.update(estimated: pointerUpdates.map { $0.estimated })
                    report = report.merged(with: drawn(pointer, entry, &ink, committed: update.committed, change: .drawn))
                    entry.ink = ink
                }
                live[pointer] = entry
            } else if let position = finished.lastIndex(where: { $0.pointer == pointer }) {
                report = report.merged(with: refineFinished(at: position, with: pointerUpdates))
            }
        }
        return report
    }

    /// Ends `pointer`'s stroke: ink is recorded (and snapped, with `holdToSnap`), an eraser cuts
    /// the drawing, a lasso selects the strokes mostly inside it, a drag moves the selection.
    @discardableResult
    public mutating func end(_ pointer: PointerID) -> InkReport {
        guard var entry = live.removeValue(forKey: pointer) else { return InkReport() }
        guard var ink = entry.ink else { return finishSelecting(entry) }
        entry.ink = nil
        let final = (try? ink.end()) ?? InkUpdate()
        var report = drawn(pointer, entry, &ink, committed: final.committed, change: .ended)
        let samples = ink.samples
        guard !samples.isEmpty else { return report }
        if entry.role == .erase {
            let eraser = StrokeRecord(samples: samples, brush: Self.eraserBrush, pointer: entry.kind)
            let radius = editor.erase(with: eraser, wholeStrokes: erasesWholeStrokes)
            report = report.merged(with: followEditor())
            // The live trail showed the erasing; the model's cut is what stays.
            report.repaint.formUnion(eraser.sampleBounds?.expanded(by: radius))
            return report
        }
        // In the look it began with (a preset changed meanwhile applies to the next stroke).
        let record = StrokeRecord(samples: samples, preset: entry.preset, color: entry.color, pointer: entry.kind)
        editor.add(record)
        // Outlined once: the outline the live stroke ended with is the one kept. The view already
        // shows its ink, so nothing is repainted.
        report = report.merged(with: followEditor(outline: ink.outline?.resolvingOverlaps(), repainting: false))
        if let snapped = holdToSnap?.snapped(record),
            drawingSampleLimit.map({ editor.drawing.sampleCount - samples.count + snapped.samples.count <= $0 }) ?? true
        {
            editor.replace(strokeAt: editor.drawing.strokes.count - 1, with: snapped)
            return report.merged(with: followEditor())
        }
        var awaiting: [Int: Int] = [:]
        for (position, sample) in samples.enumerated() {
            if let index = sample.estimationUpdateIndex, entry.awaiting.contains(index) { awaiting[index] = position }
        }
        if !awaiting.isEmpty {
            finished.append((pointer, FinishedStroke(record: record, awaiting: awaiting)))
            if finished.count > Self.finishedLimit { finished.removeFirst() }
        }
        return report
    }

    /// Abandons the live strokes of `pointers`: their ink goes, nothing is recorded. A lasso
    /// abandoned selects nothing; a drag abandoned leaves the selection where it was.
    @discardableResult
    public mutating func cancel(_ pointers: [PointerID]) -> InkReport {
        var report = InkReport()
        for pointer in pointers {
            guard let entry = live.removeValue(forKey: pointer) else { continue }
            guard entry.ink != nil else {
                selection.lasso = []
                selection.dragOffset = .zero
                continue
            }
            report.live.append(
                LiveInk(pointer: pointer, change: .cancelled, erases: entry.role == .erase, color: entry.color, layering: entry.layering, grain: entry.grain))
        }
        return report
    }

    /// Abandons every live stroke.
    @discardableResult
    public mutating func cancelAll() -> InkReport { cancel(Array(live.keys)) }


    // MARK: - Internals

    /// The technique and style a preset draws with (its names are the catalogue's, checked when
    /// the preset was made).
    static func look(of preset: InkPreset) -> (technique: AnyInterpolationTechnique, style: InkStyle) {
        ParameterError.builtIn { () throws(ParameterError) in (try preset.makeTechnique(), try preset.makeStyle()) }
    }

    /// An eraser's trail: straight between samples, as wide as the contact, no smoothing of width.
    static let eraserLook: (technique: AnyInterpolationTechnique, style: InkStyle) = ParameterError.builtIn { () throws(ParameterError) in
        (try TechniqueCatalog.technique(named: "linear"), try InkStyle(brush: BrushCatalog.brush(named: eraserBrush), widthSmoothing: 0))
    }

    /// True for a point within the coordinates the library reads (a drag between two such points
    /// is finite).
    static func isReadable(_ point: Point2D) -> Bool {
        point.isFinite && abs(point.x) <= SampleValidation.coordinateLimit && abs(point.y) <= SampleValidation.coordinateLimit
    }

    /// Every stroke of `drawing` outlined for `scale` pixels per point and resolved, on every core.
    static func outlines(of drawing: Drawing, scale: Double) -> [OutlinePiece?] {
        Drawing.outlines(of: drawing.strokes[...], resolvingOverlaps: true, fittedToPixelsPerPoint: scale)
    }

    static func validScale(_ scale: Double) -> Double { Swift.min(64, Swift.max(0.01, scale.isFinite ? scale : 1)) }

    static func bounds(of outlines: [OutlinePiece?]) -> Rect2D? {
        var area: Rect2D?
        for outline in outlines { area.formUnion(outline?.bounds) }
        return area
    }

    /// The live-ink change of `pointer`'s stroke `ink`: `committed` and its provisional ink now.
    private func drawn(_ pointer: PointerID, _ entry: LivePointer, _ ink: inout InkStroke, committed: [OutlinePiece], change: LiveInk.Change) -> InkReport {
        var report = InkReport()
        let provisional = change == .ended ? nil : ink.provisionalInk().outline
        report.live.append(
            LiveInk(
                pointer: pointer, change: change, erases: entry.role == .erase, color: entry.color, layering: entry.layering,
                grain: entry.grain, committed: committed, provisional: provisional))
        return report
    }

    /// The pointer whose reading `update` refines: the one it names if that one is live or awaits
    /// refinements, else the one awaiting its estimation index.
    private func owner(of update: TouchPropertyUpdate) -> PointerID? {
        if let pointer = update.touch, live[pointer] != nil || finished.contains(where: { $0.pointer == pointer }) { return pointer }
        let index = update.estimationUpdateIndex
        if let match = live.first(where: { $0.value.awaiting.contains(index) }) { return match.key }
        return finished.last(where: { $0.stroke.awaiting[index] != nil })?.pointer
    }

    private mutating func refineFinished(at position: Int, with updates: [TouchPropertyUpdate]) -> InkReport {
        var entry = finished[position].stroke
        var samples = entry.record.samples.unpacked
        for update in updates {
            guard let sampleIndex = entry.awaiting[update.estimationUpdateIndex], samples.indices.contains(sampleIndex) else { continue }
            samples[sampleIndex].refine(with: update.estimated.validated.update)
            if update.isFinal { entry.awaiting[update.estimationUpdateIndex] = nil }
        }
        var report = InkReport()
        if let index = editor.drawing.strokes.lastIndex(of: entry.record), editor.refine(strokeAt: index, samples: samples) {
            entry.record = editor.drawing.strokes[index]
            report = followEditor()
        }
        if entry.awaiting.isEmpty {
            finished.remove(at: position)
        } else {
            finished[position].stroke = entry
        }
        return report
    }

    /// Brings `outlines` and `revision` up to date with the editor's last change (a stroke just
    /// added takes `outline` when given, else each inserted stroke is outlined); reports the area
    /// to repaint unless told not to.
    mutating func followEditor(outline known: OutlinePiece?? = nil, repainting: Bool = true) -> InkReport {
        guard let change = editor.lastChange else { return InkReport() }
        revision += 1
        var report = InkReport()
        report.drawingChanged = true
        var area: Rect2D?
        for entry in change.removed { area.formUnion(outlines[entry.index]?.bounds) }
        let scale = outlineScale
        change.apply(to: &outlines) { record in
            if let known { return known }
            return record.outline(fittedToPixelsPerPoint: scale)?.resolvingOverlaps()
        }
        for entry in change.inserted { area.formUnion(outlines[entry.index]?.bounds) }
        if repainting { report.repaint = area }
        return report
    }
}
