import FreehandKit
import FreehandRender

/// Turns a platform's touch events into ink: everything a drawing view decides, in one
/// platform-neutral type, so that the UIKit and AppKit views only forward events and draw pixels.
///
/// Feed it every `TouchEvent` (began, moved, ended, cancelled, with coalesced and predicted readings)
/// and every `TouchPropertyUpdate` (late, refined force and tilt). It forwards them to its
/// `InkSession` — which runs one live stroke per touch, predicted ink, refinements (while a stroke
/// is live and after it ended), erasing, selection, undo — and draws what the session reports on
/// `canvas`, a pixel cache that shows the pieces it is given. Every call returns the pixels of
/// `canvas.image` that changed, or nil.
///
/// Pencils and pointers draw; fingers draw until a pencil has touched the view, then are left to
/// the app to scroll and zoom (`fingerPolicy`, PencilKit's default; never with the system's
/// pencil-only setting, `prefersPencilOnlyDrawing`); a finger resting when the pencil lands, or a
/// palm-sized contact while it draws, leaves no ink. A pencil-only app sets
/// `fingerPolicy = .always(.ignore)`.
/// It also decides the drawing gesture's state (`gesture`, see `DrawingGesture`) so that a view
/// inside a scroll view only copies it. A class, as the canvas is; not safe to share between
/// threads.
public final class TouchInkController {
    /// The pixels: finished ink cached, live strokes over it.
    public private(set) var canvas: InkCanvas
    /// The live strokes, the pen/finger policy, selection and the drawing with its undo history.
    public private(set) var session: InkSession
    /// The drawing model and its undo history.
    public var editor: DrawingEditor { session.editor }
    /// The look of new strokes.
    public var preset: InkPreset {
        get { session.preset }
        set {
            session.preset = newValue
            canvas.grain = page == nil ? Self.grain(newValue.grain) : nil
        }
    }
    /// The colour of new strokes, as stored (the canvas shows it through `appearance`).
    public var color: RGBAColor {
        get { session.color }
        set { session.color = newValue }
    }
    /// How ink is shown: `.dark` shows every stroke with its lightness inverted (black ink white)
    /// while the drawing keeps its true colours. Setting a new value repaints the whole canvas.
    public var appearance = InkAppearance.light {
        didSet {
            guard appearance != oldValue else { return }
            page?.followAllInk(of: session, shownThrough: appearance, droppingTiles: true)
            repaint(canvas.image.bounds)
        }
    }
    /// What an Apple Pencil or other stylus does (default: draw).
    public var pencilRole: TouchRole {
        get { session.pencilRole }
        set { session.pencilRole = newValue }
    }
    /// What a finger does, before and after a pencil has touched (default: `.automatic`, draw
    /// until a pencil is seen, then left alone to scroll; `.always(.ignore)` for a pencil-only view).
    public var fingerPolicy: FingerPolicy {
        get { session.fingerPolicy }
        set { session.fingerPolicy = newValue }
    }
    /// A finger contact at least this large, in points of radius (the touch's `majorRadius`), that
    /// lands while a pencil draws is a palm and leaves no ink (default 30; nil: no palm rule).
    public var palmRadius: Double? {
        get { session.palmRadius }
        set { session.palmRadius = newValue }
    }
    /// How far outside the selection's bounds a lasso touch may land and still drag it, points
    /// (default 8; `InkSession.selectionHitMargin`).
    public var selectionHitMargin: Double {
        get { session.selectionHitMargin }
        set { session.selectionHitMargin = newValue }
    }
    /// The system's "Only Draw with Apple Pencil" setting, which a view copies from
    /// `UIPencilInteraction.prefersPencilOnlyDrawing` (default false): under `.automatic`, fingers
    /// then never draw.
    public var prefersPencilOnlyDrawing: Bool {
        get { session.prefersPencilOnlyDrawing }
        set { session.prefersPencilOnlyDrawing = newValue }
    }
    /// What a mouse or trackpad pointer does (default: draw). Without
    /// `UIApplicationSupportsIndirectInputEvents` in an app's Info.plist, iPadOS delivers a mouse
    /// as a finger (`fingerPolicy` applies).
    public var pointerRole: TouchRole {
        get { session.pointerRole }
        set { session.pointerRole = newValue }
    }
    /// True once a pencil has touched this controller (fingers then follow
    /// `fingerPolicy.afterPencil`); a new drawing or canvas keeps it.
    public var hasSeenPencil: Bool { session.hasSeenPencil }
    /// The drawing gesture's state and its thresholds: a view's gesture recognizer copies `state`
    /// after each call, releases touches this controller does not track (`tracks(_:)`), and calls
    /// `resetGesture()` when UIKit resets it.
    public var gesture = DrawingGesture()
    /// True: an eraser removes every stroke it touches; false (default): it cuts out only the ink
    /// under it.
    public var erasesWholeStrokes: Bool {
        get { session.erasesWholeStrokes }
        set { session.erasesWholeStrokes = newValue }
    }
    /// Hold to snap: when set, a stroke whose pen rested at its end (`HoldToSnap.holdDuration`,
    /// read at lift) is replaced by the clean shape it traces, one undo step after the stroke itself
    /// (undo gives the hand-drawn stroke back). Nil (default): strokes stay as drawn.
    public var holdToSnap: HoldToSnap? {
        get { session.holdToSnap }
        set { session.holdToSnap = newValue }
    }
    /// The selection and the lasso being drawn, for the view to draw over the ink; a touch whose role
    /// is `.select` makes it (a lasso round strokes selects those mostly inside; begun on the
    /// selection, it drags it, one undoable move). Any other edit clears it.
    public var selection: SelectionOverlay { session.selection }
    /// Where the finished ink lives when this controller draws on a page that pans and zooms (the
    /// tiles a `PageInkController` made it with): kept in step with every change, and what the
    /// canvas repaints from. Nil: the session's outlines, painted into the canvas.
    let page: PageTiles?

    /// A controller drawing on `canvas` into `drawing` (painted onto the canvas now), with new
    /// strokes in `preset` and `color`, keeping at most `undoLimit` edits (nil: unlimited). Ink is
    /// outlined for the canvas's scale.
    public init(canvas: InkCanvas, drawing: Drawing = Drawing(), preset: InkPreset = .handwriting, color: RGBAColor = .black, undoLimit: Int? = nil) {
        self.canvas = canvas
        page = nil
        session = InkSession(drawing: drawing, preset: preset, color: color, undoLimit: undoLimit, outlineScale: canvas.scale)
        canvas.grain = Self.grain(preset.grain)
        canvas.clear()
        repaint(canvas.image.bounds)
    }

    /// A controller for a page whose finished ink lives in `page`'s tiles (`PageInkController`):
    /// pencil ink without grain (a page's pixels move), ink outlined at `outlineScale`.
    init(canvas: InkCanvas, drawing: Drawing, preset: InkPreset, color: RGBAColor, undoLimit: Int?, page: PageTiles, outlineScale: Double) {
        self.canvas = canvas
        self.page = page
        session = InkSession(drawing: drawing, preset: preset, color: color, undoLimit: undoLimit, outlineScale: outlineScale)
        canvas.grain = nil
        page.followAllInk(of: session, shownThrough: appearance, droppingTiles: true)
        canvas.clear()
        repaint(canvas.image.bounds)
    }

    /// The drawing so far (finished strokes only).
    public var drawing: Drawing { session.drawing }
    /// True when the drawing has no stroke.
    public var isEmpty: Bool { session.drawing.strokes.isEmpty }
    /// True when there is an edit to undo.
    public var canUndo: Bool { session.editor.canUndo }
    /// True when there is an undone edit to redo.
    public var canRedo: Bool { session.editor.canRedo }
    /// Counts the changes to `drawing` (a stroke added, erased, refined, undone, a clear, a load):
    /// a view reports the drawing to its owner when this moved.
    public var revision: Int { session.revision }
    /// How many touches are drawing or erasing now.
    public var liveTouchCount: Int { session.liveCount }

    /// The role of a touch of `type` (with `contactRadius`, a finger's `majorRadius` in points: a
    /// palm-sized contact while a pencil draws is `.ignore`).
    public func role(for type: TouchType, contactRadius: Double? = nil) -> TouchRole {
        session.role(for: type.pointerKind, contactRadius: contactRadius)
    }

    // MARK: - Touches

    /// True while `touch` draws, erases or selects here; a view releases a touch that began and is not
    /// tracked (its role is `.ignore`, or it made a two-finger gesture), for others to handle.
    public func tracks(_ touch: AnyHashable) -> Bool { session.isLive(touch) }

    /// Takes one touch's event: begins, extends, ends or abandons its stroke, and moves `gesture`
    /// on. A touch whose role is `.ignore`, or an event for a touch that never began, changes no
    /// ink. A finger landing beside another that has not claimed the gesture abandons both strokes
    /// (see `DrawingGesture`).
    @discardableResult
    public func handle(_ event: TouchEvent) -> PixelRect? {
        let latest = event.samples.last
        switch event.phase {
        case .began:
            if event.type == .pencil { session.penTouched() }
            let role = role(for: event.type, contactRadius: event.type == .direct ? latest?.majorRadius : nil)
            let point = latest.map { $0.preciseLocation ?? $0.location } ?? Point2D(0, 0)
            let abandoned = gesture.began(event.touch, type: event.type, role: role, at: point, time: latest?.timestamp ?? 0)
            guard role != .ignore else { return nil }
            var dirty = abandoned.isEmpty ? nil : show(session.cancel(abandoned))
            guard !abandoned.contains(event.touch) else { return dirty }
            dirty.formUnion(show(session.begin(event.touch, kind: event.type.pointerKind, role: role, at: point)))
            dirty.formUnion(append(event))
            return dirty
        case .moved, .stationary:
            if let latest { gesture.moved(event.touch, to: latest.preciseLocation ?? latest.location, time: latest.timestamp) }
            return append(event)
        case .ended:
            var last = event
            last.predicted = []
            var dirty = append(last)
            dirty.formUnion(show(session.end(event.touch)))
            gesture.ended(event.touch, cancelled: false)
            return dirty
        case .cancelled:
            gesture.ended(event.touch, cancelled: true)
            return show(session.cancel([event.touch]))
        }
    }

    /// Returns the gesture to its start and abandons every stroke still open (UIKit's `reset()`:
    /// after it, UIKit sends nothing more for touches still down, so their strokes could never
    /// end). Returns the pixels that changed.
    @discardableResult
    public func resetGesture() -> PixelRect? {
        show(session.cancel(Array(gesture.reset())).merged(with: session.cancelAll()))
    }

    /// Changes the canvas to `width` × `height` points at `scale` pixels per point when its pixel
    /// size or scale differ (a view that grew, shrank or rotated, or moved to another screen),
    /// keeping the background, the drawing and its undo history; returns the new canvas's pixels,
    /// or nil when the canvas already fits (and always on a page: `PageInkController.show(_:)`
    /// sizes its canvas).
    @discardableResult
    public func fit(width: Double, height: Double, scale: Double) -> PixelRect? {
        // A page's canvas is its viewport's (`PageInkController.show(_:)`).
        guard page == nil else { return nil }
        let fitted = InkCanvas.size(width: width, height: height, scale: scale)
        guard fitted.width != canvas.width || fitted.height != canvas.height || fitted.scale != canvas.scale else { return nil }
        return replaceCanvas(with: InkCanvas(width: width, height: height, scale: scale, background: canvas.background))
    }

    /// Takes late, refined readings (UIKit's estimated-property updates), for live and for recently
    /// ended strokes. Updates for unknown touches or readings are ignored.
    @discardableResult
    public func handle(_ updates: [TouchPropertyUpdate]) -> PixelRect? {
        show(session.refine(updates))
    }

    // MARK: - Edits

    /// Undoes the last edit (a stroke, an erase, a clear); returns the pixels that changed.
    @discardableResult
    public func undo() -> PixelRect? { show(session.undo()) }

    /// Redoes the last undone edit; returns the pixels that changed.
    @discardableResult
    public func redo() -> PixelRect? { show(session.redo()) }

    /// Removes every stroke (undoable) and abandons the live ones; returns the pixels that changed.
    @discardableResult
    public func clear() -> PixelRect? { show(session.clear()) }

    /// Replaces the drawing (say, one just opened) and forgets the undo history; returns the pixels
    /// that changed: the whole canvas.
    @discardableResult
    public func load(_ drawing: Drawing) -> PixelRect? {
        var report = session.load(drawing)
        report.repaint = nil
        // A page's cached tiles show the old drawing: dropped.
        page?.followAllInk(of: session, shownThrough: appearance, droppingTiles: true)
        var dirty = show(report)
        dirty.formUnion(repaint(canvas.image.bounds))
        return dirty
    }

    /// Moves the drawing onto `canvas` (a view that grew, or a new screen scale): the live touches
    /// are abandoned, the drawing and its undo history kept. Returns the new canvas's pixels.
    @discardableResult
    public func replaceCanvas(with canvas: InkCanvas) -> PixelRect? {
        // A page's canvas is its viewport's (`PageInkController.show(_:)`).
        guard page == nil else { return nil }
        if canvas.scale != session.outlineScale { session.setOutlineScale(canvas.scale) }
        return move(to: canvas)
    }

    /// Moves the drawing onto `canvas` keeping its outlines (a page panned or zoomed: its tiles
    /// are repainted from): the live touches are abandoned. Returns the new canvas's pixels.
    @discardableResult
    func move(to canvas: InkCanvas) -> PixelRect? {
        show(session.cancelAll())
        canvas.eraserMode = self.canvas.eraserMode
        canvas.grain = self.canvas.grain
        self.canvas = canvas
        canvas.clear()
        return repaint(canvas.image.bounds)
    }

    /// Pans a page's canvas to `pixelOrigin` in place: the finished ink moves, only what the pan
    /// uncovers is painted; the live touches are abandoned, or with `keepingLiveInk` move with the
    /// page and go on. Returns the canvas's pixels, or nil when the canvas cannot move so (not a
    /// whole number of pixels; live touches are then abandoned).
    func scroll(toPixelOrigin origin: Point2D, keepingLiveInk: Bool = false) -> PixelRect? {
        if !keepingLiveInk { show(session.cancelAll()) }
        guard let uncovered = canvas.scroll(toPixelOrigin: origin, keepingLiveInk: keepingLiveInk) else {
            if keepingLiveInk { show(session.cancelAll()) }
            return nil
        }
        for strip in uncovered { repaint(strip) }
        return canvas.image.bounds
    }

    /// Outlines the drawing again for `scale` pixels a point (a page's zoom settled) without
    /// touching the canvas.
    func setOutlineScale(_ scale: Double) {
        session.setOutlineScale(scale)
        page?.followAllInk(of: session, shownThrough: appearance, droppingTiles: false)
    }

    /// Takes outlines for `scale` made away from this thread (`PageOutlineJob`), as
    /// `setOutlineScale(_:)` would have made them.
    func adoptOutlines(_ outlines: [OutlinePiece?], scale: Double) -> Bool {
        guard session.adoptOutlines(outlines, scale: scale) else { return false }
        page?.followAllInk(of: session, shownThrough: appearance, droppingTiles: false)
        return true
    }

    // MARK: - Selection

    /// Selects the strokes at `indices` (invalid ones ignored): the selection a view shows.
    public func select(_ indices: [Int]) { session.select(indices) }

    /// Clears the selection.
    public func clearSelection() { session.clearSelection() }

    /// Moves, scales or rotates the selection (ink widths with it when `scalingWidth`); returns the
    /// pixels that changed.
    @discardableResult
    public func transformSelection(by transform: Transform2D, scalingWidth: Bool = false) -> PixelRect? {
        show(session.transformSelection(by: transform, scalingWidth: scalingWidth))
    }

    /// Recolours the selection; returns the pixels that changed.
    @discardableResult
    public func recolorSelection(to color: RGBAColor) -> PixelRect? { show(session.recolorSelection(to: color)) }

    /// Deletes the selected strokes; returns the pixels that changed.
    @discardableResult
    public func deleteSelection() -> PixelRect? { show(session.deleteSelection()) }

    /// Adds a copy of the selection `offset` points away on top and selects the copy; returns the
    /// pixels that changed.
    @discardableResult
    public func duplicateSelection(offset: Point2D = Point2D(12, 12)) -> PixelRect? { show(session.duplicateSelection(offset: offset)) }

    /// Brings the selection above every other stroke; returns the pixels that changed.
    @discardableResult
    public func bringSelectionToFront() -> PixelRect? { show(session.bringSelectionToFront()) }

    // MARK: - Internals

    /// Forwards a touch's samples (and predicted ones) to its stroke.
    private func append(_ event: TouchEvent) -> PixelRect? {
        guard session.isLive(event.touch) else { return nil }
        let kind = event.type.pointerKind
        let last = event.samples.count - 1
        let samples = event.samples.enumerated().map { $1.sample(kind: kind, coalesced: $0 < last) }
        let predicted = event.predicted.map { $0.sample(kind: kind, coalesced: false) }
        return show(session.append(event.touch, samples, predicted: predicted))
    }

    /// Draws what the session reported (see `InkCanvas.show(_:of:appearance:)`).
    @discardableResult
    private func show(_ report: InkReport) -> PixelRect? {
        guard let page else { return canvas.show(report, of: session, appearance: appearance) }
        // On a page the finished ink comes from the tiles (`follow`), and pencil ink is drawn
        // without grain: the grain is tied to pixels, and a page's pixels move with every pan.
        var live = report
        live.repaint = nil
        for index in live.live.indices { live.live[index].grain = 0 }
        var dirty = canvas.show(live, of: session, appearance: appearance)
        dirty.formUnion(page.follow(report, of: session, shownThrough: appearance, on: canvas))
        return dirty
    }

    /// Paints `area` of the canvas's finished ink again: from the page's tiles on a page, else
    /// from the session's outlines.
    @discardableResult
    private func repaint(_ area: PixelRect) -> PixelRect? {
        if let page { return page.repaint(area, of: canvas) }
        return canvas.repaint(area, from: session, appearance: appearance)
    }

    /// A pencil grain of `strength` (0…1), or nil for none.
    private static func grain(_ strength: Double) -> Grain? {
        strength > 0 ? Grain(strength: strength) : nil
    }
}
