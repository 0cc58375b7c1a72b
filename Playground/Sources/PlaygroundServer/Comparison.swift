import FreehandDocument
import FreehandKit
import Foundation

/// A `compare` message's work: a drawing's strokes outlined again with another technique, at the
/// page's outline scale, answered as a `compare` drawing message. A value that holds what it
/// needs, so that it runs on any thread (the server's heavy-work queue), not the session's.
public struct Comparison: Sendable {
    /// The strokes to outline.
    let strokes: [StrokeRecord]
    /// The technique to outline them with.
    let technique: any InterpolationTechnique
    /// The page's device pixels per point.
    let outlineScale: Double
    /// Whether the drawing can be undone and redone now (the answer carries them).
    let canUndo: Bool, canRedo: Bool

    /// The answer's JSON text: the compare drawing, or, when `deadline` passes first (checked after
    /// each stroke, so the work stops and its memory goes within a stroke's time), an error naming
    /// how many strokes were done.
    public func run(until deadline: ContinuousClock.Instant?) -> String {
        PlaygroundMessage.encode(answer(until: deadline))
    }

    /// The answer as a message (see `run(until:)`).
    func answer(until deadline: ContinuousClock.Instant?) -> PlaygroundMessage.Outgoing {
        var answer: [PlaygroundMessage.Stroke] = []
        for (index, record) in strokes.enumerated() {
            if let deadline, ContinuousClock.now >= deadline {
                return .error("compare stopped after \(index) of \(strokes.count) strokes: it took longer than the server allows")
            }
            guard let style = try? record.makeStyle(),
                let outline = InkStroke.outline(for: Array(record.samples), technique: technique, style: style.fitted(toPixelsPerPoint: outlineScale))
            else { continue }
            answer.append(PlaygroundMessage.Stroke(piece: PlaygroundMessage.Piece(outline.resolvingOverlaps()), color: record.color.hexText))
        }
        return .drawing(kind: "compare", strokes: answer, canUndo: canUndo, canRedo: canRedo)
    }
}
