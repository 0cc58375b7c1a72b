import FreehandDocument
import FreehandKit

/// The page's one ink session (`InkSession`, the same code an iPad view forwards its touches to):
/// live strokes by pointer, erasing, hold-to-snap, lasso selection and its edits, undo — reported
/// to JavaScript as numbers (see `PageSession.report`).
enum PageSession {
    nonisolated(unsafe) static var session = newSession()

    static func newSession() -> InkSession {
        var session = InkSession()
        session.holdToSnap = HoldToSnap()
        // A finger on the page has nothing to scroll: once a pen has drawn, a finger erases.
        session.fingerPolicy = .drawThenErase
        return session
    }

    /// `report` as the answer's numbers: `[repaint (1 when the finished ink changed: draw it again
    /// from fh_session_ink), live count, then for each live stroke: pointer, change (0 began, 1 drawn,
    /// 2 ended, 3 cancelled), erases (1 for an eraser's trail), red, green, blue, alpha, multiply,
    /// committed count, pieces (as LiveStrokes.report's), has provisional (0/1), its piece]`.
    static func answer(_ report: InkReport) -> Int32 {
        var numbers: [Double] = [report.repaint != nil || report.drawingChanged ? 1 : 0, Double(report.live.count)]
        for ink in report.live {
            let change: Double = switch ink.change {
            case .began: 0
            case .drawn: 1
            case .ended: 2
            case .cancelled: 3
            }
            numbers += [Double(ink.pointer), change, ink.erases ? 1 : 0, ink.color.red, ink.color.green, ink.color.blue, ink.color.alpha]
            numbers.append(ink.layering == .multiply ? 1 : 0)
            numbers.append(Double(ink.committed.count))
            for piece in ink.committed { LiveStrokes.append(piece, to: &numbers) }
            numbers.append(ink.provisional == nil ? 0 : 1)
            if let provisional = ink.provisional { LiveStrokes.append(provisional, to: &numbers) }
        }
        Exchange.answer(numbers: numbers)
        return 0
    }

    static func color(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}

/// Starts the page's session afresh: no ink, no undo history.
@_cdecl("fh_session_reset")
func fh_session_reset() {
    PageSession.session = PageSession.newSession()
}

/// Sets what new strokes draw with: the preset named in input slot 1 (`signature`, …), the colour
/// (components 0…1) and whether a held stroke snaps (`snap` 1). Returns 0 or `ErrorCode.parameter`.
@_cdecl("fh_session_pen")
func fh_session_pen(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double, _ snap: Int32) -> Int32 {
    if let name = Exchange.name(Exchange.Slot.brush) {
        do throws(ParameterError) {
            PageSession.session.preset = try InkPreset.named(name)
        } catch {
            return Exchange.fail(.parameter, error.description)
        }
    }
    PageSession.session.color = PageSession.color(red, green, blue, alpha)
    PageSession.session.holdToSnap = snap != 0 ? HoldToSnap() : nil
    return 0
}

/// Pointer `pointer` came down at (`x`, `y`): `kind` 0 pen, 1 finger, 2 mouse; `role` 0 draw,
/// 1 erase, 2 select (a lasso, or a drag begun on the selection). Answers with a report.
@_cdecl("fh_session_begin")
func fh_session_begin(_ pointer: Int32, _ kind: Int32, _ role: Int32, _ x: Double, _ y: Double) -> Int32 {
    let pointerKind: PointerKind = kind == 1 ? .finger : kind == 2 ? .mouse : .pen
    let chosen: TouchRole = role == 1 ? .erase : role == 2 ? .select : .draw
    return PageSession.answer(PageSession.session.begin(Int(pointer), kind: pointerKind, role: chosen, at: Point2D(x, y)))
}

/// Samples of pointer `pointer` (`count`, then `predicted` predicted ones) from input slot 0, as
/// `fh_add` reads them. Answers with a report.
@_cdecl("fh_session_add")
func fh_session_add(_ pointer: Int32, _ count: Int32, _ predicted: Int32) -> Int32 {
    guard let kind = PageSession.session.kind(of: Int(pointer)) else { return PageSession.answer(InkReport()) }
    guard let (real, guesses) = SampleInput.read(count: count, predicted: predicted, kind: kind) else {
        return Exchange.fail(.unreadable, "input slot 0 holds fewer samples than \(count) + \(predicted)")
    }
    return PageSession.answer(PageSession.session.append(Int(pointer), real, predicted: guesses))
}

/// Pointer `pointer` lifted (`cancel` 1: the system took it away: its stroke goes). Answers with a
/// report.
@_cdecl("fh_session_end")
func fh_session_end(_ pointer: Int32, _ cancel: Int32) -> Int32 {
    PageSession.answer(cancel != 0 ? PageSession.session.cancel([Int(pointer)]) : PageSession.session.end(Int(pointer)))
}

/// An edit: 0 undo, 1 redo, 2 clear, 3 delete the selection, 4 duplicate it, 5 bring it to the
/// front, 6 clear the selection. Answers with a report.
@_cdecl("fh_session_edit")
func fh_session_edit(_ edit: Int32) -> Int32 {
    let report: InkReport
    switch edit {
    case 0: report = PageSession.session.undo()
    case 1: report = PageSession.session.redo()
    case 2: report = PageSession.session.clear()
    case 3: report = PageSession.session.deleteSelection()
    case 4: report = PageSession.session.duplicateSelection()
    case 5: report = PageSession.session.bringSelectionToFront()
    default:
        PageSession.session.clearSelection()
        report = InkReport()
    }
    return PageSession.answer(report)
}

/// Recolours the selection (components 0…1). Answers with a report.
@_cdecl("fh_session_recolor")
func fh_session_recolor(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> Int32 {
    PageSession.answer(PageSession.session.recolorSelection(to: PageSession.color(red, green, blue, alpha)))
}

/// Moves, scales or rotates the selection by the affine map (a b c d tx ty: x' = a x + c y + tx,
/// y' = b x + d y + ty), widths scaled too when `scalingWidth` is 1; refused (an empty report)
/// when it would take ink beyond the coordinates the library reads.
@_cdecl("fh_session_transform")
func fh_session_transform(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double, _ scalingWidth: Int32) -> Int32 {
    let transform = Transform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    guard PageSession.session.keepsSelectionReadable(under: transform) else { return PageSession.answer(InkReport()) }
    return PageSession.answer(PageSession.session.transformSelection(by: transform, scalingWidth: scalingWidth != 0))
}

/// The finished ink, in drawing order, as numbers: `[count, then for each stroke: red, green, blue,
/// alpha, opacity, multiply, point count, x₀, y₀, …, hole count, then each hole: point count,
/// points]` — each stroke's outline resolved (fill it with its holes, even-odd or non-zero alike).
@_cdecl("fh_session_ink")
func fh_session_ink() -> Int32 {
    let session = PageSession.session
    var numbers: [Double] = [0]
    var count = 0
    for (record, outline) in zip(session.drawing.strokes, session.outlines) {
        guard let outline else { continue }
        count += 1
        numbers += [record.color.red, record.color.green, record.color.blue, record.color.alpha, outline.opacity]
        numbers.append(outline.layering == .multiply ? 1 : 0)
        LiveStrokes.appendPoints(outline.polygon, to: &numbers)
        numbers.append(Double(outline.holes.count))
        for hole in outline.holes { LiveStrokes.appendPoints(hole, to: &numbers) }
    }
    numbers[0] = Double(count)
    Exchange.answer(numbers: numbers)
    return 0
}

/// The selection as numbers: `[selected stroke count, has bounds (0/1), minX, minY, maxX, maxY (the
/// bounds as shown, the drag applied), lasso point count, x₀, y₀, …]`.
@_cdecl("fh_session_selection")
func fh_session_selection() -> Int32 {
    let selection = PageSession.session.selection
    var numbers: [Double] = [Double(selection.indices.count)]
    if let bounds = selection.displayedBounds {
        numbers += [1, bounds.min.x, bounds.min.y, bounds.max.x, bounds.max.y]
    } else {
        numbers += [0, 0, 0, 0, 0]
    }
    LiveStrokes.appendPoints(selection.lasso, to: &numbers)
    Exchange.answer(numbers: numbers)
    return 0
}

/// Opens the ink file in input slot 0 (any format the engine reads) onto the page, as one undoable
/// edit — where it was drawn, or, with a `width` and `height` above 0, scaled (widths kept) and
/// centred to fit the rectangle at (`x`, `y`) (`Transform2D(fitting:into:)`: a lone dot is
/// centred). Answers with a report; returns `ErrorCode.unreadable` for a file it cannot read.
@_cdecl("fh_session_open")
func fh_session_open(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Int32 {
    let data = Data(Exchange.bytes(Exchange.Slot.main))
    guard let format = InkFileFormat.sniff(data) else { return Exchange.fail(.unreadable, "not an ink file this engine reads") }
    do throws(InkFormatError) {
        var drawing = try format.read(data).inPoints
        var bounds: Rect2D?
        for stroke in drawing.strokes { bounds.formUnion(stroke.sampleBounds) }
        if width > 0, height > 0, let bounds {
            let fit = Transform2D(fitting: bounds, into: Rect2D(min: Point2D(x, y), max: Point2D(x + width, y + height)))
            drawing = Drawing(strokes: drawing.strokes.map { stroke in stroke.with(samples: stroke.samples.map { fit.apply($0) }) })
        }
        return PageSession.answer(PageSession.session.add(drawing))
    } catch {
        return Exchange.fail(.unreadable, error.description)
    }
}

/// The drawing as FreehandKit JSON text (every reading kept exactly).
@_cdecl("fh_session_save")
func fh_session_save() -> Int32 {
    do throws(InkFormatError) {
        return Exchange.reply(try InkJSON.data(for: PageSession.session.drawing))
    } catch {
        return Exchange.fail(.unreadable, error.description)
    }
}
