import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

/// One browser page's drawing, driven by its messages: one live `InkStroke` per pointer, the
/// drawing model (`DrawingEditor`) with undo and redo, the finger policy (`FingerPolicy.automatic`:
/// fingers draw until a pen has touched the page, then erase), outlines fitted to the page's zoom.
/// Every message in is JSON text; every answer is a list of JSON texts (see `PlaygroundMessage`).
/// A value with no network in it, so that the protocol is tested directly.
public struct LiveSession {
    /// What new strokes look like and which tool a pointer gets.
    public struct Settings: Codable, Sendable, Equatable {
        /// The technique's stable name.
        public var technique = TechniqueCatalog.defaultName
        /// The brush's stable name.
        public var brush = BrushCatalog.defaultName
        /// The ink colour (CSS #rrggbb or #rrggbbaa).
        public var color = "#1a1a1a"
        /// The brush width in points, or nil for the brush's default.
        public var width: Double?
        /// "pen": pens and mice draw, fingers draw until a pen has touched the page and erase after
        /// (PencilKit's default); "eraser": every pointer erases; "lasso": every pointer selects (a
        /// loop round strokes selects them, a drag on the selection moves it).
        public var tool = "pen"
        /// The stabilizer as `MODE:STRENGTH` (`string:0.3`, `average:0.5`), or nil for none.
        public var stabilizer: String?
        /// Hold to snap: a stroke whose pen rests 0.5 s at its end becomes the clean shape it traces.
        public var snap = false

        /// Settings at their defaults.
        public init() {}

        init(technique: String, brush: String, color: String, width: Double?, tool: String) {
            (self.technique, self.brush, self.color, self.width, self.tool) = (technique, brush, color, width, tool)
        }

        /// Settings from JSON; a field left out keeps its default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = Settings()
            technique = try container.decodeIfPresent(String.self, forKey: .technique) ?? defaults.technique
            brush = try container.decodeIfPresent(String.self, forKey: .brush) ?? defaults.brush
            color = try container.decodeIfPresent(String.self, forKey: .color) ?? defaults.color
            width = try container.decodeIfPresent(Double.self, forKey: .width)
            tool = try container.decodeIfPresent(String.self, forKey: .tool) ?? defaults.tool
            stabilizer = try container.decodeIfPresent(String.self, forKey: .stabilizer)
            snap = try container.decodeIfPresent(Bool.self, forKey: .snap) ?? defaults.snap
        }
    }

    private struct LiveStroke {
        var ink: InkStroke
        var erases: Bool
        var kind: PointerKind
    }

    /// The current settings.
    public private(set) var settings = Settings()
    /// The drawing so far and its history.
    public private(set) var editor = DrawingEditor(undoLimit: 200)
    private var live: [Int: LiveStroke] = [:]
    /// The strokes selected, ascending.
    public private(set) var selected: [Int] = []
    /// A selecting pointer: its lasso so far, or where its drag of the selection began.
    private var selecting: (id: Int, lasso: [Point], dragStart: Point?)?
    /// Each stroke of the drawing as the page is sent it (nil for one that draws nothing), kept in
    /// step with the editor's changes so that an edit re-outlines only the strokes it touched.
    private var shown: [PlaygroundMessage.Stroke?] = []
    private let limits: PlaygroundLimits
    /// Where files opened over HTTP wait for a `load` with their ticket (nil: only base64 loads).
    private let opened: OpenedDrawings?
    /// True once a pen has touched the page: fingers erase from then on.
    private var penSeen = false
    /// The page's device pixels per point, 1…8: every outline sent is fitted to it (no facets when
    /// the page is zoomed in). Set by a `view` message.
    public private(set) var outlineScale = 1.0
    /// What fingers do.
    static let fingers = FingerPolicy.automatic

    /// A session within `limits`.
    public init(limits: PlaygroundLimits = PlaygroundLimits()) {
        self.init(limits: limits, opened: nil)
    }

    /// A session within `limits` that loads files opened over HTTP from `opened`.
    init(limits: PlaygroundLimits, opened: OpenedDrawings?) {
        self.limits = limits
        self.opened = opened
    }

    /// The answers to one message; a message that cannot be read gets one `error` answer.
    public mutating func handle(_ text: String) -> [String] {
        do {
            let message = try JSONDecoder().decode(PlaygroundMessage.Incoming.self, from: Data(text.utf8))
            return try handle(message).map(PlaygroundMessage.encode)
        } catch let error as PlaygroundError {
            return [PlaygroundMessage.encode(.error(error.message))]
        } catch {
            return [PlaygroundMessage.encode(.error("unreadable message: \(error)"))]
        }
    }

    private mutating func handle(_ message: PlaygroundMessage.Incoming) throws(PlaygroundError) -> [PlaygroundMessage.Outgoing] {
        switch message.type {
        case "settings":
            guard let new = message.settings else { throw PlaygroundError("settings without values") }
            _ = try Self.style(new)
            settings = new
            // A tool change ends a lasso or drag in progress.
            if settings.tool != "lasso" { selecting = nil }
            return []
        case "down" where settings.tool == "lasso" && message.id != nil,
            "move" where message.id != nil && selecting?.id == message.id,
            "up" where message.id != nil && selecting?.id == message.id:
            return selectingMessage(message)
        case "down":
            guard let id = message.id else { throw PlaygroundError("down without a pointer id") }
            if selecting?.id == id { selecting = nil }
            guard live.count < 10 || live[id] != nil else { throw PlaygroundError("too many pointers at once") }
            let kind = PointerKind(browser: message.pointerType)
            if kind == .pen { penSeen = true }
            let erases = settings.tool == "eraser" || (kind == .finger && Self.fingers.role(pencilSeen: penSeen) == .erase)
            let look = try Self.style(erases ? Self.eraserSettings : settings)
            live[id] = LiveStroke(
                ink: InkStroke(technique: look.technique, style: look.style.fitted(toPixelsPerPoint: outlineScale), outputs: .outlinePieces),
                erases: erases, kind: kind)
            return try append(message, id: id)
        case "move":
            guard let id = message.id, live[id] != nil else { return [] }
            return try append(message, id: id)
        case "up":
            guard let id = message.id, live[id] != nil else { return [] }
            var answers = try append(message, id: id, ending: true)
            answers += finish(id)
            return answers
        case "cancel" where message.id != nil && selecting?.id == message.id:
            selecting = nil
            return [selectionMessage()]
        case "cancel":
            guard let id = message.id, live.removeValue(forKey: id) != nil else { return [] }
            return [.ink(id: id, committed: [], provisional: nil, color: settings.color, erases: false, done: true)]
        case "select-action":
            return try selectionAction(message)
        case "undo":
            selected = []
            editor.undo()
            followEditor()
            return [drawingMessage()]
        case "redo":
            selected = []
            editor.redo()
            followEditor()
            return [drawingMessage()]
        case "clear":
            live = [:]
            selected = []
            editor.clear()
            followEditor()
            return [drawingMessage()]
        case "view":
            guard let scale = message.scale, scale.isFinite, scale > 0 else { throw PlaygroundError("view needs a scale: device pixels per point") }
            let fitted = Swift.min(8, Swift.max(1, scale))
            // Outlining every stroke again is worth it only for a real change of detail.
            guard Swift.max(fitted / outlineScale, outlineScale / fitted) >= 1.2 else { return [] }
            outlineScale = fitted
            shown = editor.drawing.strokes.map { Self.shown($0, scale: fitted) }
            return [drawingMessage()]
        case "export":
            guard let data = try? InkJSON.data(for: editor.drawing) else { throw PlaygroundError("the drawing cannot be written") }
            return [.export(json: String(decoding: data, as: UTF8.self))]
        case "load":
            let drawing: Drawing
            if let ticket = message.ticket {
                guard let opened = opened?.take(ticket) else { throw PlaygroundError("no opened file has that ticket (one waits \(Int(opened?.lifetime ?? 0)) s)") }
                drawing = opened
            } else {
                guard let base64 = message.data, let data = Data(base64Encoded: base64) else { throw PlaygroundError("load without a ticket or base64 data") }
                drawing = try PlaygroundInput.drawing(from: data, limits: limits)
            }
            live = [:]
            selected = []
            editor = DrawingEditor(drawing: drawing, undoLimit: 200)
            shown = drawing.strokes.map { Self.shown($0, scale: outlineScale) }
            return [drawingMessage()]
        case "compare":
            let name = message.settings?.technique ?? "linear"
            return [drawingMessage(technique: try Self.technique(named: name), kind: "compare")]
        default:
            throw PlaygroundError("unknown message type '\(message.type)'")
        }
    }

    private mutating func append(_ message: PlaygroundMessage.Incoming, id: Int, ending: Bool = false) throws(PlaygroundError) -> [PlaygroundMessage.Outgoing] {
        // Taken out of the list while it changes (a copy left there would make every message copy
        // the whole stroke); put back below, or dropped with the error.
        guard var stroke = live.removeValue(forKey: id) else { return [] }
        let samples = (message.samples ?? []).map { $0.sample(kind: stroke.kind) }
        let predicted = (message.predicted ?? []).map { $0.sample(kind: stroke.kind) }
        guard stroke.ink.samples.count + samples.count <= limits.samplesPerStroke else {
            throw PlaygroundError("a stroke of more than \(limits.samplesPerStroke) samples")
        }
        var update = (try? stroke.ink.append(samples, predicted: ending ? [] : predicted)) ?? InkUpdate()
        if ending, let final = try? stroke.ink.end() { update.committed += final.committed }
        // One provisional piece per message (a message carries a frame's samples); none once ended.
        let provisional = stroke.ink.provisionalInk().outline
        live[id] = stroke
        return [.ink(
            id: id, committed: update.committed.map(PlaygroundMessage.Piece.init), provisional: provisional.map(PlaygroundMessage.Piece.init),
            color: stroke.erases ? "#9aa0a6" : settings.color, erases: stroke.erases, done: ending)]
    }

    private mutating func finish(_ id: Int) -> [PlaygroundMessage.Outgoing] {
        guard let stroke = live.removeValue(forKey: id) else { return [] }
        let samples = stroke.ink.samples
        guard !samples.isEmpty else { return [drawingMessage()] }
        guard stroke.erases || (editor.drawing.strokes.count < limits.strokes && editor.drawing.sampleCount + samples.count <= limits.samples) else {
            return [.error("the drawing is full (\(limits.strokes) strokes, \(limits.samples) samples): the stroke is not kept"), drawingMessage()]
        }
        selected = []
        if stroke.erases {
            editor.erase(with: StrokeRecord(samples: samples, brush: Self.eraserSettings.brush, pointer: stroke.kind))
        } else {
            let added = record(samples, kind: stroke.kind)
            editor.add(added)
            if settings.snap, let snapped = HoldToSnap().snapped(added),
                editor.drawing.sampleCount - samples.count + snapped.samples.count <= limits.samples
            {
                // Two steps: undo gives the hand-drawn stroke back.
                followEditor()
                editor.replace(strokeAt: editor.drawing.strokes.count - 1, with: snapped)
            }
        }
        followEditor()
        return [drawingMessage()]
    }

    /// A selecting pointer's message: a lasso grows (nothing to answer) or ends in a selection; a
    /// drag of the selection ends in a move (one undoable edit).
    private mutating func selectingMessage(_ message: PlaygroundMessage.Incoming) -> [PlaygroundMessage.Outgoing] {
        guard let id = message.id else { return [.error("down without a pointer id")] }
        // Within the coordinate range the library reads (a drag between two such points is finite).
        let points = (message.samples ?? []).prefix(limits.samplesPerStroke).map { Point($0.x, $0.y) }
            .filter { $0.isFinite && abs($0.x) <= SampleValidation.coordinateLimit && abs($0.y) <= SampleValidation.coordinateLimit }
        switch message.type {
        case "down":
            let start = points.first ?? .zero
            let bounds = editor.bounds(ofStrokesAt: selected)
            if let bounds, bounds.expanded(by: 8).contains(start) {
                selecting = (id, [], start)
            } else {
                selecting = (id, points, nil)
                selected = []
            }
            return []
        case "move":
            if var state = selecting, state.dragStart == nil {
                state.lasso += points.prefix(Swift.max(0, limits.samplesPerStroke - state.lasso.count))
                selecting = state
            }
            return []
        default:
            guard let state = selecting else { return [] }
            selecting = nil
            if let start = state.dragStart, let end = points.last, end != start {
                let offset = end - start
                editor.transform(strokesAt: selected, by: Transform2D(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y))
                followEditor()
                return [drawingMessage(), selectionMessage()]
            }
            if state.dragStart == nil { selected = editor.strokes(inLasso: state.lasso + points.prefix(Swift.max(0, limits.samplesPerStroke - state.lasso.count))) }
            return [selectionMessage()]
        }
    }

    /// An edit of the selection: delete, duplicate, front, recolor (with `color`), scale (with
    /// `factor` about `anchor` or the selection's centre, widths with it); deselect.
    private mutating func selectionAction(_ message: PlaygroundMessage.Incoming) throws(PlaygroundError) -> [PlaygroundMessage.Outgoing] {
        if message.action == "deselect" { selected = [] }
        guard !selected.isEmpty else { return [selectionMessage()] }
        switch message.action {
        case "delete":
            editor.delete(strokesAt: selected)
            selected = []
        case "duplicate":
            selected = editor.duplicate(strokesAt: selected)
        case "front":
            selected = editor.bringToFront(strokesAt: selected)
        case "recolor":
            guard let text = message.color, let color = RGBAColor(parsing: text) else { throw PlaygroundError("recolor without a colour") }
            editor.recolor(strokesAt: selected, to: color)
        case "scale":
            guard let factor = message.factor, factor.isFinite, factor >= 0.05, factor <= 20 else { throw PlaygroundError("scale needs a factor in 0.05…20") }
            guard let bounds = editor.bounds(ofStrokesAt: selected) else { return [selectionMessage()] }
            var centre = bounds.center
            if let anchor = message.anchor {
                guard anchor.count == 2, anchor.allSatisfy({ $0.isFinite && abs($0) <= SampleValidation.coordinateLimit }) else {
                    throw PlaygroundError("scale anchor must be [x, y] within ±\(SampleValidation.coordinateLimit)")
                }
                centre = Point(anchor[0], anchor[1])
            }
            editor.transform(
                strokesAt: selected, by: Transform2D(a: factor, b: 0, c: 0, d: factor, tx: centre.x * (1 - factor), ty: centre.y * (1 - factor)),
                scalingWidth: true)
        default:
            throw PlaygroundError("unknown selection action '\(message.action ?? "")'")
        }
        followEditor()
        return [drawingMessage(), selectionMessage()]
    }

    /// The selection as the page draws it.
    private func selectionMessage() -> PlaygroundMessage.Outgoing {
        let bounds = editor.bounds(ofStrokesAt: selected)
        return .selection(indices: selected, bounds: bounds.map { [$0.min.x, $0.min.y, $0.max.x, $0.max.y] })
    }

    private func record(_ samples: [Sample], kind: PointerKind) -> StrokeRecord {
        StrokeRecord(
            samples: samples, technique: settings.technique, brush: settings.brush, brushOptions: BrushOptions(width: settings.width),
            color: RGBAColor(parsing: settings.color) ?? .black, pointer: kind,
            // Checked when the settings came (`style`).
            stabilizer: settings.stabilizer.flatMap { try? Stabilizer(parsing: $0) })
    }

    /// Every stroke's outline (in `technique` when given, else each stroke's own), with the history state.
    private func drawingMessage(technique: (any InterpolationTechnique)? = nil, kind: String = "drawing") -> PlaygroundMessage.Outgoing {
        var strokes: [PlaygroundMessage.Stroke] = []
        if let technique {
            for record in editor.drawing.strokes {
                guard let style = try? record.makeStyle(),
                    let outline = InkStroke.outline(for: Array(record.samples), technique: technique, style: style.fitted(toPixelsPerPoint: outlineScale))
                else { continue }
                strokes.append(PlaygroundMessage.Stroke(piece: PlaygroundMessage.Piece(outline.resolvingOverlaps()), color: record.color.hexText))
            }
        } else {
            strokes = shown.compactMap { $0 }
        }
        return .drawing(kind: kind, strokes: strokes, canUndo: editor.canUndo, canRedo: editor.canRedo)
    }

    /// Brings `shown` up to date with the editor's last change.
    private mutating func followEditor() {
        let scale = outlineScale
        editor.lastChange?.apply(to: &shown) { Self.shown($0, scale: scale) }
    }

    /// A stored stroke as the page draws it at `scale` device pixels a point — the boundary of its
    /// ink (a fifth fewer points to send than its raw outline, and filled without inner edges) —
    /// or nil when it draws nothing.
    private static func shown(_ record: StrokeRecord, scale: Double) -> PlaygroundMessage.Stroke? {
        record.outline(fittedToPixelsPerPoint: scale).map { PlaygroundMessage.Stroke(piece: PlaygroundMessage.Piece($0.resolvingOverlaps()), color: record.color.hexText) }
    }

    private static let eraserSettings = Settings(technique: "linear", brush: "contact-radius", color: "#000000", width: nil, tool: "eraser")

    private static func technique(named name: String) throws(PlaygroundError) -> any InterpolationTechnique {
        do { return try TechniqueCatalog.technique(named: name) } catch { throw PlaygroundError("technique: \(error)") }
    }

    private static func style(_ settings: Settings) throws(PlaygroundError) -> (technique: any InterpolationTechnique, style: InkStyle) {
        guard RGBAColor(parsing: settings.color) != nil else { throw PlaygroundError("color: '\(settings.color)' is not a colour") }
        do {
            let brush = try BrushCatalog.brush(named: settings.brush, options: BrushOptions(width: settings.width))
            var stabilizer: Stabilizer?
            if let text = settings.stabilizer {
                do { stabilizer = try Stabilizer(parsing: text) } catch { throw PlaygroundError("stabilizer: \(error)") }
            }
            return (try technique(named: settings.technique), try InkStyle(brush: brush, stabilizer: stabilizer))
        } catch let error as PlaygroundError {
            throw error
        } catch {
            throw PlaygroundError("brush: \(error)")
        }
    }
}
