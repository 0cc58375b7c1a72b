import FreehandKit

/// A drawing outlined away from the thread that owns the session — the drawing again for a new zoom
/// (`InkSession.outlineJob(scale:)`, `PageInkController.outlineJob()`), or a drawing about to be
/// loaded (`InkSession.loadJob(for:)`): a view runs it on a background task when a pinch ends, a
/// server on a worker when a page's zoom changes or it opens a file, and hands the result back
/// (`InkSession.adopt(_:)`, `InkSession.load(outlined:)`, `PageInkController.adopt(_:)`), so the thread
/// that takes input never outlines a whole drawing.
public struct PageOutlineJob: Sendable {
    let drawing: Drawing
    /// The pixels a point the outlines are made for.
    public let scale: Double
    let revision: Int

    /// How many strokes, or samples, are outlined between two looks at the deadline.
    static let chunkStrokes = 1024, chunkSamples = 1 << 16

    /// Every stroke's outline at `scale`, resolved. Runs on any thread.
    public func run() -> PageOutlines {
        PageOutlines(drawing: drawing, outlines: InkSession.outlines(of: drawing, scale: scale), scale: scale, revision: revision)
    }

    /// Every stroke's outline at `scale`, resolved, a chunk of strokes at a time on up to
    /// `maximumThreads` cores (1 or more; a server whose workers already fill the cores gives 1); nil when
    /// `deadline` passes first (looked at between chunks: the work stops within a chunk's time, and
    /// what it made is let go).
    public func run(until deadline: ContinuousClock.Instant, maximumThreads: Int = 8) -> PageOutlines? {
        let strokes = drawing.strokes
        var outlines: [OutlinePiece?] = []
        outlines.reserveCapacity(strokes.count)
        var start = 0
        while start < strokes.count {
            guard ContinuousClock.now < deadline else { return nil }
            var end = start, samples = 0
            while end < strokes.count, end - start < Self.chunkStrokes, end == start || samples + strokes[end].samples.count <= Self.chunkSamples {
                samples += strokes[end].samples.count
                end += 1
            }
            outlines += Drawing.outlines(of: strokes[start..<end], resolvingOverlaps: true, fittedToPixelsPerPoint: scale, maximumThreads: maximumThreads)
            start = end
        }
        return PageOutlines(drawing: drawing, outlines: outlines, scale: scale, revision: revision)
    }
}

/// Outlines made by a `PageOutlineJob`.
public struct PageOutlines: Sendable {
    /// The drawing outlined.
    public let drawing: Drawing
    /// Each stroke's outline, in drawing order (nil for a stroke that draws nothing).
    public let outlines: [OutlinePiece?]
    /// The pixels a point they were made for.
    public let scale: Double
    let revision: Int
}

extension InkSession {
    /// The drawing outlined again for `scale` pixels a point (0.01…64), as a job to run away from
    /// the session when outlining every stroke would hold up the thread that takes input;
    /// `adopt(_:)` takes its result.
    public func outlineJob(scale: Double) -> PageOutlineJob {
        PageOutlineJob(drawing: drawing, scale: Self.validScale(scale), revision: revision)
    }

    /// `drawing` outlined at the session's scale, as a job to run away from the session (a file
    /// opened onto a page, up to the drawing's limits); `load(outlined:)` with its result replaces
    /// the drawing as `load(_:)` with the drawing would.
    public func loadJob(for drawing: Drawing) -> PageOutlineJob {
        PageOutlineJob(drawing: drawing, scale: outlineScale, revision: revision)
    }

    /// Replaces the drawing with the one a `loadJob(for:)` outlined, as loading it here would
    /// (live strokes abandoned, the undo history forgotten); nil, with nothing changed, when the
    /// session's outline scale changed since the job was made.
    public mutating func load(outlined: PageOutlines) -> InkReport? {
        guard outlined.scale == outlineScale, outlined.outlines.count == outlined.drawing.strokes.count else { return nil }
        return load(outlined.drawing, outlines: outlined.outlines)
    }

    /// Takes outlines a job made, as `setOutlineScale(_:)` would have made them, and reports the
    /// ink to repaint; nil, with nothing changed, when the drawing changed since the job was made.
    public mutating func adopt(_ outlines: PageOutlines) -> InkReport? {
        guard outlines.revision == revision, adoptOutlines(outlines.outlines, scale: outlines.scale) else { return nil }
        var report = InkReport()
        report.repaint = Self.bounds(of: self.outlines)
        return report
    }
}
