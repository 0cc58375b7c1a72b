import FreehandKit

/// The strokes being drawn, by handle: each an `InkStroke` fed by `fh_add` and ended by `fh_end`,
/// released by `fh_free`.
enum LiveStrokes {
    /// Live strokes by handle (1, 2, …).
    nonisolated(unsafe) static var strokes: [Int32: LiveStroke] = [:]
    /// The next handle given out.
    nonisolated(unsafe) static var nextHandle: Int32 = 1

    /// The numbers `fh_add` and `fh_end` answer with: `[replaces, count, then for each piece:
    /// opacity, layering (0 over, 1 multiply), point count, x₀, y₀, x₁, y₁, …]` — the committed ink
    /// (`replaces` 1: the stroke's whole ink, which replaces what was drawn, as after a snap) — then
    /// the provisional tail the same way: `[count, pieces…]` (0 or 1 piece), then the samples
    /// dropped so far as invalid.
    static func report(committed: [OutlinePiece], replaces: Bool, provisional: OutlinePiece?, dropped: Int) -> [Double] {
        var numbers: [Double] = [replaces ? 1 : 0, Double(committed.count)]
        numbers.reserveCapacity(committed.reduce(8) { $0 + 3 + 2 * $1.polygon.count } + 2 * (provisional?.polygon.count ?? 0))
        for piece in committed { append(piece, to: &numbers) }
        numbers.append(provisional == nil ? 0 : 1)
        if let provisional { append(provisional, to: &numbers) }
        numbers.append(Double(dropped))
        return numbers
    }

    /// `piece` as `[opacity, multiply, point count, x₀, y₀, …]`.
    static func append(_ piece: OutlinePiece, to numbers: inout [Double]) {
        numbers.append(piece.opacity)
        numbers.append(piece.layering == .multiply ? 1 : 0)
        appendPoints(piece.polygon, to: &numbers)
    }

    /// `points` as `[count, x₀, y₀, x₁, y₁, …]`.
    static func appendPoints(_ points: [Point2D], to numbers: inout [Double]) {
        numbers.append(Double(points.count))
        for point in points {
            numbers.append(point.x)
            numbers.append(point.y)
        }
    }
}

/// One stroke being drawn, and how it was begun.
struct LiveStroke {
    var ink: InkStroke
    var kind: PointerKind
}

/// Begins a stroke drawn with the preset or brush named in input slot 1 (default: the pressure
/// brush) and the technique named in slot 2 (default: the preset's, else freehand), from a pointer
/// of kind `pointer` (0 pen, 1 finger, 2 mouse). Returns the stroke's handle (≥ 1), or an
/// `ErrorCode` with the message as text.
@_cdecl("fh_begin")
func fh_begin(_ pointer: Int32) -> Int32 {
    let look = Exchange.name(Exchange.Slot.brush), techniqueName = Exchange.name(Exchange.Slot.technique)
    do throws(ParameterError) {
        var technique: AnyInterpolationTechnique, style: InkStyle
        if let look, let preset = try? InkPreset.named(look) {
            technique = try preset.makeTechnique()
            style = try preset.makeStyle()
        } else {
            technique = FreehandTechnique.standard.erased
            style = try InkStyle(brush: try BrushCatalog.brush(named: look ?? BrushCatalog.defaultName))
        }
        if let techniqueName { technique = try TechniqueCatalog.technique(named: techniqueName) }
        let handle = LiveStrokes.nextHandle
        LiveStrokes.nextHandle += 1
        let kind: PointerKind = pointer == 1 ? .finger : pointer == 2 ? .mouse : .pen
        LiveStrokes.strokes[handle] = LiveStroke(ink: InkStroke(technique: technique, style: style, outputs: .outlinePieces), kind: kind)
        return handle
    } catch {
        return Exchange.fail(.parameter, error.description)
    }
}

/// Adds `count` samples and then `predicted` predicted samples, read from input slot 0 as seven
/// `Float64`s each — x, y (points), time (seconds), force (0…1 of the device's maximum), altitude,
/// azimuth (radians), contact radius (points), NaN where the device gave none — to stroke `handle`.
/// Answers with `LiveStrokes.report` numbers; returns 0 or an `ErrorCode`.
@_cdecl("fh_add")
func fh_add(_ handle: Int32, _ count: Int32, _ predicted: Int32) -> Int32 {
    guard var stroke = LiveStrokes.strokes[handle] else { return Exchange.fail(.unknownStroke, "no live stroke \(handle)") }
    guard let (real, guesses) = SampleInput.read(count: count, predicted: predicted, kind: stroke.kind) else {
        return Exchange.fail(.unreadable, "input slot 0 holds fewer samples than \(count) + \(predicted)")
    }
    do throws(StrokeBuilderError) {
        let update = try stroke.ink.append(real, predicted: guesses)
        let provisional = stroke.ink.provisionalInk().outline
        LiveStrokes.strokes[handle] = stroke
        Exchange.answer(numbers: LiveStrokes.report(
            committed: update.committed, replaces: false, provisional: provisional, dropped: stroke.ink.builder.drops.droppedSamples))
        return 0
    } catch {
        return Exchange.fail(.strokeState, error.description)
    }
}

/// Ends stroke `handle` (the pen lifted). With `snap` 1, a stroke whose pen rested at its end
/// (`HoldToSnap`: 0.5 s within 3 pt) and traces a shape is replaced by that clean shape, drawn in the
/// same manner: the answer's numbers then replace the stroke's ink, and its text names the shape
/// (`circle`, `line`, …; empty when nothing snapped). Answers with `LiveStrokes.report` numbers;
/// returns 0 or an `ErrorCode`. The stroke's handle stays valid until `fh_free`.
@_cdecl("fh_end")
func fh_end(_ handle: Int32, _ snap: Int32) -> Int32 {
    guard var stroke = LiveStrokes.strokes[handle] else { return Exchange.fail(.unknownStroke, "no live stroke \(handle)") }
    do throws(StrokeBuilderError) {
        let update = try stroke.ink.end()
        LiveStrokes.strokes[handle] = stroke
        let dropped = stroke.ink.builder.drops.droppedSamples
        let hold = HoldToSnap()
        if snap != 0, let shape = hold.shape(for: stroke.ink.samples) {
            let clean = hold.cleanSamples(for: shape, like: stroke.ink.samples)
            let outline = InkStroke.outline(for: clean, technique: stroke.ink.builder.technique, style: stroke.ink.style)
            Exchange.answer(numbers: LiveStrokes.report(committed: outline.map { [$0] } ?? [], replaces: true, provisional: nil, dropped: dropped))
            return Exchange.reply(shape.kind.rawValue.utf8)
        }
        Exchange.answer(numbers: LiveStrokes.report(committed: update.committed, replaces: false, provisional: nil, dropped: dropped))
        return Exchange.reply([UInt8]())
    } catch {
        return Exchange.fail(.strokeState, error.description)
    }
}

/// Abandons stroke `handle` and releases it (its ink is to be erased by the caller).
@_cdecl("fh_free")
func fh_free(_ handle: Int32) {
    LiveStrokes.strokes[handle] = nil
}
