import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

/// One browser page's drawing, driven by its messages: an `InkSession` (as an iPad view's, with
/// one live stroke per pointer, undo and redo, selection, erasing, and the finger policy
/// `FingerPolicy.drawThenErase`: fingers draw until a pen has touched the page, then erase), outlines
/// fitted to the page's zoom, within the server's limits.
/// Every message in is JSON text; every answer is a list of JSON texts (see `PlaygroundMessage`).
/// A value with no network in it, so that the protocol is tested directly.
public struct LiveSession {
    /// The live strokes, the drawing and its history.
    public private(set) var session = InkSession(preset: LiveSession.preset(Settings()), color: LiveSession.color(Settings()), undoLimit: 200)
    /// The current settings.
    public private(set) var settings = Settings()
    /// The drawing so far and its history.
    public var editor: DrawingEditor { session.editor }
    /// The strokes selected, ascending.
    public var selected: [Int] { session.selection.indices }
    /// The page's device pixels per point, 1…8: every outline sent is fitted to it (no facets when
    /// the page is zoomed in). Set by a `view` message.
    public var outlineScale: Double { session.outlineScale }
    /// The pointer selecting now (a lasso or a drag of the selection), if any.
    private var selecting: Int?
    /// How many of the drawing's strokes the page was last sent (by a `drawing` or `append`
    /// message): a pen-up that adds one stroke on top sends that stroke alone.
    private var strokesSent = 0
    private let limits: PlaygroundLimits
    /// Where files opened over HTTP wait for a `load` with their ticket (nil: only base64 loads).
    private let opened: OpenedDrawings?
    /// The server's budget for ink sessions hold (`HeldInk`; nil: none).
    private let held: Allowance?
    /// Bytes this session has reserved from the server's budget for held ink, given back when it
    /// closes (`HeldInk`): every drawing it loaded (the history keeps them) and the most its
    /// outlines have held at once (one set is kept: a zoom replaces them).
    var heldBytes: Int { heldDrawingBytes + heldOutlineBytes }
    private var heldDrawingBytes = 0, heldOutlineBytes = 0
    /// The most pointers live at once.
    static let pointerLimit = 10

    /// A session within `limits`.
    public init(limits: PlaygroundLimits = PlaygroundLimits()) {
        self.init(limits: limits, opened: nil, held: nil)
    }

    /// A session within `limits` that loads files opened over HTTP from `opened` and reserves the
    /// ink it holds from `held`.
    init(limits: PlaygroundLimits, opened: OpenedDrawings?, held: Allowance?) {
        self.limits = limits
        self.opened = opened
        self.held = held
        session.drawingSampleLimit = limits.samples
        // The page has no scroll view under a finger: once a pen has drawn, fingers erase.
        session.fingerPolicy = .drawThenErase
    }

    /// The answers to one message; a message that cannot be read gets one `error` answer. Heavy
    /// work runs here, on the caller's thread (the server runs it on its heavy-work queue instead).
    public mutating func handle(_ text: String) -> [String] {
        switch request(for: text) {
        case .work(let work): return take(work.run(until: .now.advanced(by: .seconds(86_400))))
        case .message(let message): return answer(message)
        case .refused(let why): return [PlaygroundMessage.encode(.error(why))]
        }
    }

    /// The answers to a message that is not heavy work (`Request.message`).
    public mutating func answer(_ message: PlaygroundMessage.Incoming) -> [String] {
        do throws(PlaygroundError) {
            return try handle(message).map(PlaygroundMessage.encode)
        } catch {
            return [PlaygroundMessage.encode(.error(error.message))]
        }
    }

    private mutating func handle(_ message: PlaygroundMessage.Incoming) throws(PlaygroundError) -> [PlaygroundMessage.Outgoing] {
        switch message.type {
        case "settings":
            guard let new = message.settings else { throw PlaygroundError("settings without values") }
            let preset = try Self.checkedPreset(new)
            settings = new
            session.preset = preset
            session.color = Self.color(new)
            session.holdToSnap = new.snap ? HoldToSnap() : nil
            // A tool change ends a lasso or drag in progress.
            if settings.tool != "lasso", let id = selecting {
                session.cancel([id])
                selecting = nil
            }
            return []
        case "down":
            guard let id = message.id else { throw PlaygroundError("down without a pointer id") }
            guard session.liveCount < Self.pointerLimit || session.isLive(id) else { throw PlaygroundError("too many pointers at once") }
            let kind = PointerKind(browser: message.pointerType)
            let role: TouchRole? = switch settings.tool {
            case "eraser": .erase
            case "lasso": .select
            default: nil
            }
            let start = message.samples?.first.map { Point2D($0.x, $0.y) } ?? .zero
            // The selection's reach is 8 CSS pixels on the page's screen, whatever its zoom.
            if let zoom = message.zoom, zoom.isFinite, zoom > 0 { session.selectionHitMargin = 8 / Swift.min(64, Swift.max(1.0 / 64, zoom)) }
            // One lasso at a time (they share the selection): a new one ends the one before.
            if let old = selecting, role == .select || old == id {
                session.cancel([old])
                selecting = nil
            }
            let began = session.begin(id, kind: kind, role: role, at: start)
            if session.role(of: id) == .select { selecting = id }
            return [.pointer(id: id, role: roleName(of: id))] + answers(began.merged(with: try append(message, id: id)), id: id)
        case "move":
            guard let id = message.id, session.isLive(id) else { return [] }
            return answers(try append(message, id: id), id: id)
        case "up":
            guard let id = message.id, session.isLive(id) else { return [] }
            var report = try append(message, id: id, ending: true)
            if session.role(of: id) == .draw, let count = session.sampleCount(of: id), count > 0,
                editor.drawing.strokes.count >= limits.strokes || editor.drawing.sampleCount + count > limits.samples
            {
                report = report.merged(with: session.cancel([id]))
                return answers(report, id: id) + [.error("the drawing is full (\(limits.strokes) strokes, \(limits.samples) samples): the stroke is not kept"), drawingMessage()]
            }
            return answers(report.merged(with: session.end(id)), id: id, ended: true)
        case "cancel":
            guard let id = message.id, session.isLive(id) else { return [] }
            return answers(session.cancel([id]), id: id, ended: true)
        case "select-action":
            return try selectionAction(message)
        case "undo":
            session.undo()
            return [drawingMessage()]
        case "redo":
            session.redo()
            return [drawingMessage()]
        case "clear":
            session.clear()
            selecting = nil
            return [drawingMessage()]
        case "view":
            // A change worth outlining again is heavy work, which `request(for:)` hands out and
            // `handle(_:)` runs before it gets here; here a view that changes nothing, or an error.
            _ = try outlineRefresh(for: message)
            return []
        case "export":
            switch message.format ?? "json" {
            case "json":
                guard let data = try? InkJSON.data(for: editor.drawing) else { throw PlaygroundError("the drawing cannot be written") }
                return [.export(text: String(decoding: data, as: UTF8.self), format: "json")]
            case "binary":
                guard let data = try? InkFileFormat.binary.bytes(for: editor.drawing) else { throw PlaygroundError("the drawing cannot be written") }
                return [.export(text: data.base64EncodedString(), format: "binary")]
            case let other:
                throw PlaygroundError("export format must be json or binary, not '\(other)'")
            }
        case "load":
            let drawing = try loadedDrawing(message)
            selecting = nil
            session.load(drawing)
            return [drawingMessage()]
        case "compare":
            return [try comparison(of: message).answer(until: nil)]
        default:
            throw PlaygroundError("unknown message type '\(message.type)'")
        }
    }

    /// What pointer `id` does, as the page names it.
    private func roleName(of id: Int) -> String {
        switch session.role(of: id) {
        case .draw: "draw"
        case .erase: "erase"
        case .select: session.dragsSelection(id) ? "drag" : "lasso"
        case .ignore, nil: "ignore"
        }
    }

    /// Adds a message's samples (and, unless `ending`, its predicted ones) to pointer `id`: a stroke
    /// longer than the limit is abandoned with an error; a lasso stops growing at it.
    private mutating func append(_ message: PlaygroundMessage.Incoming, id: Int, ending: Bool = false) throws(PlaygroundError) -> InkReport {
        guard let role = session.role(of: id), let kind = session.kind(of: id) else { return InkReport() }
        var samples = (message.samples ?? []).map { $0.sample(kind: kind) }
        if role == .select {
            samples = Array(samples.prefix(Swift.max(0, limits.samplesPerStroke - session.selection.lasso.count)))
        } else if (session.sampleCount(of: id) ?? 0) + samples.count > limits.samplesPerStroke {
            session.cancel([id])
            throw PlaygroundError("a stroke of more than \(limits.samplesPerStroke) samples")
        }
        let predicted = ending ? [] : (message.predicted ?? []).map { $0.sample(kind: kind) }
        return session.append(id, samples, predicted: predicted)
    }

    /// The page's answers to what pointer `id` did: one `ink` message for its live ink (the
    /// changes of one message merged), and once it ended, the drawing (or for a selecting pointer,
    /// the selection, and the drawing when a drag moved it).
    private mutating func answers(_ report: InkReport, id: Int, ended: Bool = false) -> [PlaygroundMessage.Outgoing] {
        if selecting == id {
            guard ended else { return [] }
            selecting = nil
            return report.drawingChanged ? [drawingMessage(), selectionMessage()] : [selectionMessage()]
        }
        var answers: [PlaygroundMessage.Outgoing] = []
        var committed: [OutlinePiece] = []
        var last: LiveInk?
        for ink in report.live where ink.pointer == AnyHashable(id) {
            committed += ink.committed
            last = ink
        }
        if let last, last.change != .began || ended {
            let done = last.change == .ended || last.change == .cancelled
            answers.append(.ink(
                id: id, committed: committed.map(PlaygroundMessage.Piece.init), provisional: done ? nil : last.provisional.map(PlaygroundMessage.Piece.init),
                color: last.erases ? "#9aa0a6" : settings.color, erases: last.erases, done: done))
        }
        if ended, last?.change == .ended { answers.append(last?.erases == false ? appendedOrDrawingMessage() : drawingMessage()) }
        return answers
    }

    /// An edit of the selection: delete, duplicate, front, recolor (with `color`), scale (with
    /// `factor` about `anchor` or the selection's centre, widths with it); deselect.
    private mutating func selectionAction(_ message: PlaygroundMessage.Incoming) throws(PlaygroundError) -> [PlaygroundMessage.Outgoing] {
        if message.action == "deselect" { session.clearSelection() }
        guard let bounds = session.selection.bounds, !selected.isEmpty else { return [selectionMessage()] }
        switch message.action {
        case "delete":
            session.deleteSelection()
        case "duplicate":
            let copied = selected.reduce(0) { $0 + editor.drawing.strokes[$1].samples.count }
            guard editor.drawing.strokes.count + selected.count <= limits.strokes, editor.drawing.sampleCount + copied <= limits.samples else {
                throw PlaygroundError("the copy would take the drawing past \(limits.strokes) strokes or \(limits.samples) samples: not duplicated")
            }
            guard session.keepsSelectionReadable(under: Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 12, ty: 12)) else {
                throw PlaygroundError("the copy would lie past ±\(SampleValidation.coordinateLimit) points: not duplicated")
            }
            session.duplicateSelection()
        case "front":
            session.bringSelectionToFront()
        case "recolor":
            guard let text = message.color, let color = RGBAColor(parsing: text) else { throw PlaygroundError("recolor without a colour") }
            session.recolorSelection(to: color)
        case "scale":
            guard let factor = message.factor, factor.isFinite, factor >= 0.05, factor <= 20 else { throw PlaygroundError("scale needs a factor in 0.05…20") }
            var centre = bounds.center
            if let anchor = message.anchor {
                guard anchor.count == 2, anchor.allSatisfy({ $0.isFinite && abs($0) <= SampleValidation.coordinateLimit }) else {
                    throw PlaygroundError("scale anchor must be [x, y] within ±\(SampleValidation.coordinateLimit)")
                }
                centre = Point2D(anchor[0], anchor[1])
            }
            let transform = Transform2D(a: factor, b: 0, c: 0, d: factor, tx: centre.x * (1 - factor), ty: centre.y * (1 - factor))
            guard session.keepsSelectionReadable(under: transform) else {
                throw PlaygroundError("scaling by \(factor) would take the ink past ±\(SampleValidation.coordinateLimit) points: not scaled")
            }
            session.transformSelection(by: transform, scalingWidth: true)
        default:
            throw PlaygroundError("unknown selection action '\(message.action ?? "")'")
        }
        return [drawingMessage(), selectionMessage()]
    }

    /// The selection as the page draws it.
    private func selectionMessage() -> PlaygroundMessage.Outgoing {
        let bounds = session.selection.bounds
        return .selection(indices: selected, bounds: bounds.map { [$0.min.x, $0.min.y, $0.max.x, $0.max.y] })
    }

    /// Every stroke's outline (in `technique` when given, else each stroke's own, as the session
    /// keeps it), with the history state.
    private mutating func drawingMessage() -> PlaygroundMessage.Outgoing {
        let strokes = PlaygroundMessage.strokes(of: editor.drawing.strokes, outlines: session.outlines)
        strokesSent = editor.drawing.strokes.count
        return .drawing(kind: "drawing", strokes: strokes, canUndo: editor.canUndo, canRedo: editor.canRedo)
    }

    /// After a pen-up that added one stroke on top of what the page has: that stroke alone (an
    /// `append`: the page adds it to its drawing), not the whole drawing again; else the drawing.
    private mutating func appendedOrDrawingMessage() -> PlaygroundMessage.Outgoing {
        let count = editor.drawing.strokes.count
        guard count == strokesSent + 1, session.outlines.count == count else { return drawingMessage() }
        strokesSent = count
        let strokes = PlaygroundMessage.strokes(of: editor.drawing.strokes.suffix(1), outlines: session.outlines.suffix(1))
        return .drawing(kind: "append", strokes: strokes, canUndo: editor.canUndo, canRedo: editor.canRedo)
    }

    /// The work a `compare` message asks for: every stroke outlined again with another technique.
    func comparison(of message: PlaygroundMessage.Incoming) throws(PlaygroundError) -> Comparison {
        let technique = try Self.technique(named: message.settings?.technique ?? "linear")
        return Comparison(
            strokes: editor.drawing.strokes, technique: technique, outlineScale: outlineScale, canUndo: editor.canUndo, canRedo: editor.canRedo)
    }

    /// The drawing a `load` message names: the file opened over HTTP with its ticket (taken when
    /// `taking`: a ticket loads once; else left for a load that may yet be refused), or its base64
    /// data read.
    func loadedDrawing(_ message: PlaygroundMessage.Incoming, taking: Bool = true) throws(PlaygroundError) -> Drawing {
        if let ticket = message.ticket {
            guard let opened = taking ? opened?.take(ticket) : opened?.peek(ticket) else {
                throw PlaygroundError("no opened file has that ticket (one waits \(Int(opened?.lifetime ?? 0)) s)")
            }
            return opened
        }
        guard let base64 = message.data, let data = Data(base64Encoded: base64) else { throw PlaygroundError("load without a ticket or base64 data") }
        return try PlaygroundInput.drawing(from: data, limits: limits)
    }

    /// The work a `view` message asks for — every stroke outlined again for the page's zoom, 1…8
    /// device pixels a point — or nil when the change is too small to show (under 1.2×).
    func outlineRefresh(for message: PlaygroundMessage.Incoming) throws(PlaygroundError) -> OutlineRefresh? {
        guard let scale = message.scale, scale.isFinite, scale > 0 else { throw PlaygroundError("view needs a scale: device pixels per point") }
        let fitted = Swift.min(8, Swift.max(1, scale))
        // Outlining every stroke again is worth it only for a real change of detail.
        guard Swift.max(fitted / outlineScale, outlineScale / fitted) >= 1.2 else { return nil }
        return OutlineRefresh(
            job: session.outlineJob(scale: fitted), shown: session.outlines, colors: editor.drawing.strokes.map(\.color.hexText),
            estimatedBytes: WorkMemory.estimate(for: editor.drawing))
    }

    /// The messages for the page once heavy work from `heavyWork(for:)` is done: a zoom's new
    /// outlines are adopted first (none when the drawing changed meanwhile: the page keeps what it
    /// has), a failure becomes an `error`.
    public mutating func take(_ outcome: LiveWork.Outcome) -> [String] {
        switch outcome {
        case .answers(let texts):
            return texts
        case .failed(let why):
            return [PlaygroundMessage.encode(.error(why))]
        case .outlines(let refreshed):
            // Finer outlines than ever held before: the growth is reserved before they are kept.
            let growth = Swift.max(0, HeldInk.outlineBytes(refreshed.outlines.outlines) - heldOutlineBytes)
            do throws(PlaygroundError) {
                try HeldInk.reserve(growth, from: held, for: "the zoom's finer outlines")
            } catch {
                return [PlaygroundMessage.encode(.error(error.message))]
            }
            guard session.adopt(refreshed.outlines) != nil else {
                held?.giveBack(growth)
                return []
            }
            heldOutlineBytes += growth
            return refreshed.messages
        case .loaded(let loaded, let ticket):
            let drawing = HeldInk.drawingBytes(of: loaded.outlines.drawing.strokes)
            let growth = Swift.max(0, HeldInk.outlineBytes(loaded.outlines.outlines) - heldOutlineBytes)
            do throws(PlaygroundError) {
                try HeldInk.reserve(drawing + growth, from: held, for: "this file")
            } catch {
                return [PlaygroundMessage.encode(.error(error.message))]
            }
            guard session.load(outlined: loaded.outlines) != nil else {
                held?.giveBack(drawing + growth)
                return [PlaygroundMessage.encode(.error("the zoom changed while the file was read: open it again"))]
            }
            heldDrawingBytes += drawing
            heldOutlineBytes += growth
            if let ticket { _ = opened?.take(ticket) }
            selecting = nil
            strokesSent = editor.drawing.strokes.count
            return loaded.messages
        }
    }
}
