import FreehandKit
import FreehandRender

/// A drawing: an ordered list of strokes, first drawn first. A value: copy it freely; edit it
/// through a `DrawingEditor` to get undo and redo.
public struct Drawing: Hashable, Sendable {
    /// The strokes in drawing order.
    public internal(set) var strokes: [StrokeRecord]
    /// What the recording said about itself (source, licence, units, rate), kept through
    /// conversions that can hold it.
    public var recording: RecordingInfo

    /// A drawing of the given strokes.
    public init(strokes: [StrokeRecord] = [], recording: RecordingInfo = RecordingInfo()) {
        self.strokes = strokes
        self.recording = recording
    }

    /// The number of stored samples over all strokes.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }

    /// The bounds of all ink (outlines), or nil for a drawing with no ink.
    public var bounds: Rect? {
        strokes.compactMap { $0.outline()?.bounds }.reduce(nil) { partial, box in partial?.union(box) ?? box }
    }

    /// The topmost stroke whose ink passes within `tolerance` points of `point`, or nil.
    public func stroke(at point: Point, tolerance: Double = 4) -> Int? {
        for index in strokes.indices.reversed() {
            let record = strokes[index]
            guard let bounds = record.sampleBounds, bounds.expanded(by: tolerance + record.maximumHalfWidth).contains(point),
                  let vertices = record.ink()?.vertices else { continue }
            if InkGeometry.distance(from: point, toInkOf: vertices) <= tolerance { return index }
        }
        return nil
    }

    /// Every stroke's outline with its colour, in drawing order (strokes that draw nothing are left out).
    public func outlines() -> [(piece: OutlinePiece, color: RGBAColor)] {
        Array(lazyOutlines)
    }

    /// Every stroke's outline with its colour, in drawing order, each built when it is reached (for
    /// rendering a large drawing without holding all its outlines).
    public var lazyOutlines: some Sequence<(piece: OutlinePiece, color: RGBAColor)> {
        strokes.lazy.compactMap { record in record.outline().map { ($0, record.color) } }
    }
}
