import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// The ink session every front end forwards its pointers to: live ink reported as it grows,
/// strokes recorded once they end (outlined once), the pen/finger policy, erasing, refinements,
/// undo, and a canvas showing the reported pieces exactly as if it had run the stroke itself.
struct InkSessionTests {
    /// A wavy line of `count` pen samples from `start`, 1/240 s apart, force rising and falling.
    static func line(from start: Point2D = Point2D(20, 40), count: Int = 60, kind: PointerKind = .pen, step: Double = 3) -> [Sample] {
        (0..<count).map { index in
            let t = Double(index)
            return Sample(
                location: start + Point2D(t * step, 10 * sin(t / 9)), timestamp: t / 240, force: 0.2 + 0.15 * sin(t / 20), majorRadius: 6, kind: kind)
        }
    }

    /// Draws `samples` as one stroke of `pointer`, a few samples a call, and returns every report.
    @discardableResult
    static func draw(_ samples: [Sample], pointer: Int = 1, kind: PointerKind = .pen, role: TouchRole? = nil, into session: inout InkSession) -> [InkReport] {
        var reports = [session.begin(pointer, kind: kind, role: role, at: samples.first?.location ?? .zero)]
        var start = 0
        while start < samples.count {
            let end = Swift.min(samples.count, start + 4)
            reports.append(session.append(pointer, Array(samples[start..<end])))
            start = end
        }
        reports.append(session.end(pointer))
        return reports
    }

    /// Loading a drawing repaints where the old ink was and where the new ink is, whether the
    /// session outlines it or takes outlines a job made away from it (the same report).
    @Test func aLoadRepaintsTheOldInkAndTheNew() throws {
        var session = InkSession()
        Self.draw(Self.line(from: Point2D(20, 40), count: 120), into: &session)
        let small = Drawing(strokes: [StrokeRecord(samples: Self.line(from: Point2D(30, 300), count: 10))])
        var other = session
        let loaded = session.load(small)
        let old = try #require(Self.line(from: Point2D(20, 40), count: 120).last?.location)
        #expect(loaded.repaint.map { $0.max.x > old.x && $0.min.y < 40 && $0.max.y > 300 } == true, "\(String(describing: loaded.repaint))")
        let job = other.loadJob(for: small).run()
        let viaJob = other.load(outlined: job)
        #expect(viaJob != nil)
        #expect(viaJob?.repaint == loaded.repaint && other.outlines == session.outlines)
    }

    @Test func aStrokeIsReportedAsItGrowsAndRecordedWhenItEnds() {
        var session = InkSession()
        let reports = Self.draw(Self.line(), into: &session)
        #expect(reports.first?.live.first?.change == .began)
        let drawn = reports.dropFirst().dropLast().flatMap(\.live)
        #expect(drawn.allSatisfy { $0.change == .drawn && $0.provisional != nil })
        #expect(!drawn.flatMap(\.committed).isEmpty, "pieces are committed while the pen is down")
        let last = reports.last
        #expect(last?.live.last?.change == .ended && last?.live.last?.provisional == nil)
        #expect(last?.drawingChanged == true && session.drawing.strokes.count == 1 && session.revision == 1)
        #expect(last?.repaint == nil, "the view already shows the stroke's ink: nothing to repaint")
        #expect(session.liveCount == 0)
    }

    @Test func eachFinishedStrokeKeepsTheOutlineItWasDrawnWith() throws {
        for scale in [1.0, 3.0] {
            var session = InkSession(preset: .signature, outlineScale: scale)
            let samples = Self.line(count: 90)
            session.begin(1, kind: .pen, at: samples[0].location)
            session.append(1, Array(samples[..<40]))
            // A look chosen while the pen is down is the next stroke's: this one is kept, drawn and
            // recorded, in the look it began with.
            session.preset = .raw
            session.append(1, Array(samples[40...]))
            session.end(1)
            let record = try #require(session.drawing.strokes.first)
            #expect(record.brush == InkPreset.signature.brush)
            let kept = try #require(session.outlines.first ?? nil)
            // The outline streamed while drawing is the stroke's outline (streaming = batch): no
            // second outlining was needed to keep it.
            #expect(kept == record.outline(fittedToPixelsPerPoint: scale)?.resolvingOverlaps())
        }
    }

    @Test func predictedSamplesAreDrawnButNeverRecorded() {
        var session = InkSession()
        session.begin(1, kind: .pen, at: Point2D(0, 0))
        let report = session.append(1, Self.line(count: 20), predicted: Self.line(from: Point2D(80, 40), count: 5))
        let provisional = report.live.last?.provisional?.bounds
        #expect((provisional?.max.x ?? 0) > 80, "the predicted tail is shown")
        session.end(1)
        #expect(session.drawing.strokes.first?.samples.count == 20)
    }

    @Test func fingersDrawUntilAPenIsSeenThenScrollOrEraseAsThePolicySays() {
        var session = InkSession()
        #expect(session.role(for: .finger) == .draw)
        Self.draw(Self.line(kind: .finger), kind: .finger, into: &session)
        #expect(session.drawing.strokes.count == 1, "a finger drew")
        Self.draw(Self.line(from: Point2D(20, 120)), pointer: 2, into: &session)
        #expect(session.hasSeenPencil && session.role(for: .finger) == .ignore && session.role(for: .mouse) == .draw, "PencilKit's default")
        session.fingerPolicy = .drawThenErase
        #expect(session.role(for: .finger) == .erase)
        // A finger across the first stroke now cuts it in two: the cut area is repainted.
        let across = (0..<40).map { Sample(location: Point2D(100, 0 + Double($0) * 3), timestamp: Double($0) / 240, majorRadius: 8, kind: .finger) }
        let reports = Self.draw(across, pointer: 3, kind: .finger, into: &session)
        #expect(reports.first?.live.first?.erases == true)
        #expect(session.drawing.strokes.count == 3, "cut in two, the pen's stroke untouched")
        #expect(reports.last?.repaint != nil)
    }

    @Test func aSnapIsMadeOnlyWithinTheDrawingsSampleLimit() throws {
        let held = HoldToSnapTests.roughCircle(hold: 0.6).map { $0.sample(kind: .pen, coalesced: false) }
        var free = InkSession()
        free.holdToSnap = HoldToSnap()
        Self.draw(held, into: &free)
        let snapped = try #require(free.drawing.strokes.first?.samples.count)
        #expect(snapped != held.count, "held at its end, the circle snaps")
        var bounded = InkSession()
        bounded.holdToSnap = HoldToSnap()
        bounded.drawingSampleLimit = snapped - 1
        Self.draw(held, into: &bounded)
        #expect(bounded.drawing.strokes.first?.samples.count == held.count, "a snap past the limit is not made")
        #expect(bounded.editor.canUndo && bounded.revision == 1, "one edit: the stroke")
    }

    @Test func aCancelledStrokeLeavesNothingAndUndoRedoReportWhatToRepaint() {
        var session = InkSession()
        session.begin(1, kind: .pen, at: Point2D(0, 0))
        session.append(1, Self.line())
        let cancelled = session.cancel([1])
        #expect(cancelled.live.map(\.change) == [.cancelled] && session.drawing.strokes.isEmpty && session.liveCount == 0)
        Self.draw(Self.line(), into: &session)
        let undone = session.undo()
        #expect(session.drawing.strokes.isEmpty && undone.drawingChanged && undone.repaint != nil)
        let redone = session.redo()
        #expect(session.drawing.strokes.count == 1 && redone.repaint != nil && session.outlines.count == 1)
        #expect(session.undo().repaint == undone.repaint)
    }

    @Test func aLateRefinementChangesTheEndedStrokeAndIsRepainted() throws {
        var session = InkSession()
        var samples = Self.line(count: 30)
        samples[10].estimationUpdateIndex = 7
        Self.draw(samples, into: &session)
        let before = try #require(session.drawing.strokes.first?.samples.unpacked[10].force)
        let report = session.refine([TouchPropertyUpdate(touch: 1, estimationUpdateIndex: 7, force: 0.9 * 4.17, maximumPossibleForce: 4.17)])
        let after = try #require(session.drawing.strokes.first?.samples.unpacked[10].force)
        #expect(after != before && report.drawingChanged && report.repaint != nil)
    }

    /// A canvas showing a session's reports while the pen moves ends with the ink that repainting
    /// it from the session's kept outlines gives: what was drawn live is what stays (the live pieces
    /// and the kept outline differ only by the outline's tolerance).
    @Test func whatACanvasShowsLiveIsWhatARepaintFromTheKeptOutlinesGives() throws {
        var session = InkSession(preset: .handwriting, outlineScale: 2)
        let shown = InkCanvas(width: 420, height: 120, scale: 2)
        var tailSeen = false
        for report in Self.draw(Self.line(count: 120), into: &session) {
            shown.show(report, of: session)
            tailSeen = tailSeen || report.live.contains { $0.provisional != nil }
        }
        #expect(tailSeen && shown.liveStrokeCount == 0)
        let repainted = InkCanvas(width: 420, height: 120, scale: 2)
        repainted.repaint(repainted.image.bounds, from: session)
        let differences = zip(shown.image.pixels, repainted.image.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 0.05)
        #expect(shown.image.pixels.contains { $0 < 128 }, "ink was drawn")
    }

    @Test func aDrawingOpenedOntoThePageIsOneUndoStep() {
        var session = InkSession()
        Self.draw(Self.line(), into: &session)
        let opened = Drawing(strokes: [StrokeRecord(samples: Self.line(from: Point2D(20, 120))), StrokeRecord(samples: Self.line(from: Point2D(20, 200)))])
        let report = session.add(opened)
        #expect(session.drawing.strokes.count == 3)
        #expect(session.outlines.count == 3 && session.outlines.allSatisfy { $0 != nil })
        #expect(report.drawingChanged)
        #expect(report.repaint.map { $0.max.y > 200 } == true, "the opened strokes are repainted")
        session.undo()
        #expect(session.drawing.strokes.count == 1, "one undo takes the whole drawing back out")
        session.redo()
        #expect(session.drawing.strokes.count == 3)
        #expect(!session.add(Drawing()).drawingChanged, "an empty drawing is no edit")
    }
}
