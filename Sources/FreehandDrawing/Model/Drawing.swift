import FreehandKit

/// A drawing: an ordered list of strokes, first drawn first. A value: copy it freely; edit it
/// through a `DrawingEditor` to get undo and redo.
public struct Drawing: Hashable, Sendable {
    /// The strokes in drawing order.
    public package(set) var strokes: [StrokeRecord]
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
    public var bounds: Rect2D? {
        var bounds: Rect2D?
        for entry in lazyOutlines { bounds.formUnion(entry.piece.bounds) }
        return bounds
    }

    /// The topmost stroke whose ink passes within `tolerance` points of `point`, or nil.
    public func stroke(at point: Point2D, tolerance: Double = 4) -> Int? {
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

    /// Every stroke's outline with its colour, in drawing order, built `outlineBatch` strokes at a
    /// time on every core when reached (for rendering a large drawing without holding all its
    /// outlines).
    public var lazyOutlines: some Sequence<(piece: OutlinePiece, color: RGBAColor)> {
        let strokes = self.strokes
        return stride(from: 0, to: strokes.count, by: Self.outlineBatch).lazy.flatMap { start in
            let records = strokes[start..<Swift.min(start + Self.outlineBatch, strokes.count)]
            return zip(records, Self.outlines(of: records)).compactMap { record, piece -> (piece: OutlinePiece, color: RGBAColor)? in
                piece.map { (piece: $0, color: record.color) }
            }
        }
    }

    /// Each stroke's outline, in drawing order: nil where a stroke draws nothing or its settings
    /// are invalid (as `StrokeRecord.outline()`), built on every core at once. With
    /// `resolvingOverlaps`, each outline resolved to the boundary of its ink
    /// (`OutlinePiece.resolvingOverlaps()`, on those cores too): for outlines kept and drawn again,
    /// which then fill in about half the time.
    public func strokeOutlines(resolvingOverlaps: Bool = false) -> [OutlinePiece?] {
        Self.outlines(of: strokes[...], resolvingOverlaps: resolvingOverlaps)
    }

    /// How many strokes `lazyOutlines` builds at a time.
    static let outlineBatch = 256

    /// The outlines of `records` (nil for a stroke with invalid settings), on up to `maximumThreads`
    /// cores at once, fitted to output at `pixelsPerPoint` (`InkStyle.fitted(toPixelsPerPoint:)`),
    /// resolved when asked.
    package static func outlines(
        of records: ArraySlice<StrokeRecord>, resolvingOverlaps: Bool = false, fittedToPixelsPerPoint pixelsPerPoint: Double = 1, maximumThreads: Int = 8
    ) -> [OutlinePiece?] {
        var batch: [InkStroke.BatchStroke] = []
        var slots: [Int?] = []
        batch.reserveCapacity(records.count)
        slots.reserveCapacity(records.count)
        for record in records {
            guard var stroke = record.batchStroke else {
                slots.append(nil)
                continue
            }
            stroke.style = stroke.style.fitted(toPixelsPerPoint: pixelsPerPoint)
            slots.append(batch.count)
            batch.append(stroke)
        }
        let pieces = InkStroke.outlines(for: batch, maximumThreads: maximumThreads, resolvingOverlaps: resolvingOverlaps)
        return slots.map { slot in slot.flatMap { pieces[$0] } }
    }
}
