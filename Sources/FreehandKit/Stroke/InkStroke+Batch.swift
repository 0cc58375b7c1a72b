extension InkStroke {
    /// One stroke of a batch for `outlines(for:maximumThreads:)`: its samples and how it is drawn.
    public struct BatchStroke: Sendable {
        /// The stroke's samples, in order.
        public var samples: [Sample]
        /// The smoothing technique.
        public var technique: AnyInterpolationTechnique
        /// The brush, taper and flattening.
        public var style: InkStyle

        /// A stroke of `samples` drawn with `technique` and `style`.
        public init(samples: [Sample], technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, style: InkStyle = .default) {
            self.samples = samples
            self.technique = technique
            self.style = style
        }
    }

    /// The final outline of each of `strokes`, in order, all drawn with `technique` and `style`:
    /// exactly what `outline(for:technique:style:)` gives each (nil for a stroke with no valid
    /// sample), computed on up to `maximumThreads` processor cores at once.
    public static func outlines(
        for strokes: [[Sample]], technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, style: InkStyle = .default,
        maximumThreads: Int = 8
    ) -> [OutlinePiece?] {
        outlines(for: strokes.map { BatchStroke(samples: $0, technique: technique, style: style) }, maximumThreads: maximumThreads)
    }

    /// The final outline of each of `strokes`, in order, each in its own technique and style:
    /// exactly what `outline(for:technique:style:)` gives each — with `resolvingOverlaps`, what
    /// `OutlinePiece.resolvingOverlaps()` then makes of it (for outlines kept and drawn again and
    /// again) — computed on up to `maximumThreads` processor cores at once. The strokes are cut
    /// into runs of about equal sample counts, several per core, so that a few long strokes among
    /// short ones still share out the work.
    public static func outlines(for strokes: [BatchStroke], maximumThreads: Int = 8, resolvingOverlaps: Bool = false) -> [OutlinePiece?] {
        let threads = Swift.max(1, Swift.min(maximumThreads, ProcessorCores.active, strokes.count))
        let sampleCount = strokes.reduce(0) { $0 + $1.samples.count }
        let finalOutline: @Sendable (BatchStroke) -> OutlinePiece? = { stroke in
            let piece = outline(for: stroke.samples, technique: stroke.technique, style: stroke.style)
            return resolvingOverlaps ? piece?.resolvingOverlaps() : piece
        }
        // Below a few thousand samples, starting threads costs more than it saves.
        guard threads > 1, sampleCount >= Self.concurrentBatchSamples else { return strokes.map(finalOutline) }
        let runs = Self.runs(of: strokes, count: 4 * threads, totalSamples: sampleCount)
        return ConcurrentMap.results(count: runs.count) { run in runs[run].map { finalOutline(strokes[$0]) } }.flatMap { $0 }
    }

    /// Samples in a batch below which its outlines are computed on one thread.
    static let concurrentBatchSamples = 4096

    /// `count` (or fewer) consecutive runs of `strokes` with about equal sample counts, covering
    /// them all.
    static func runs(of strokes: [BatchStroke], count: Int, totalSamples: Int) -> [Range<Int>] {
        let share = Swift.max(1, (totalSamples + count - 1) / count)
        var runs: [Range<Int>] = []
        var start = 0, samples = 0
        for index in strokes.indices {
            samples += strokes[index].samples.count
            if samples >= share {
                runs.append(start..<(index + 1))
                start = index + 1
                samples = 0
            }
        }
        if start < strokes.count { runs.append(start..<strokes.count) }
        return runs
    }
}

extension InkStroke {
    /// An empty stroke of the batch form, with room for `samples` samples: it makes no outputs but
    /// the final outline and drops each span of its path once flattened (a long stroke's spans are
    /// 64 bytes a sample). Fed any runs of samples and ended, its outline is `outline(for:)`'s.
    package static func batchStroke(technique: AnyInterpolationTechnique, style: InkStyle, reserving samples: Int) -> InkStroke {
        var stroke = InkStroke(technique: technique, style: style, outputs: [])
        stroke.forgetsFlattenedSpans = true
        stroke.reserveCapacity(samples)
        return stroke
    }

    /// The final outline of `samples` drawn with `technique` and `style` (the batch form).
    public static func outline<S: Sequence<Sample>>(
        for samples: S, technique: AnyInterpolationTechnique = FreehandTechnique.standard.erased, style: InkStyle = .default
    ) -> OutlinePiece? {
        var stroke = batchStroke(technique: technique, style: style, reserving: samples.underestimatedCount)
        // Fed in chunks, as a live stroke would be: what waits to be committed (the flattened
        // centreline, brush properties) stays a chunk's worth instead of the whole stroke's, and no
        // copy of the whole input is made. A new stroke is active, so neither call can throw.
        // Contiguous input (an array, a slice) is read in place: called from another module, this
        // function is not specialized, and stepping a generic iterator costs ~400 instructions a sample.
        let contiguous: Void? = samples.withContiguousStorageIfAvailable { buffer in
            var start = 0
            while start < buffer.count {
                let end = Swift.min(buffer.count, start + Self.batchChunk)
                _ = try? stroke.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]), predicted: [])
                start = end
            }
        }
        if contiguous == nil {
            var chunk: [Sample] = []
            chunk.reserveCapacity(Self.batchChunk)
            for sample in samples {
                chunk.append(sample)
                if chunk.count == Self.batchChunk {
                    _ = try? stroke.append(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            _ = try? stroke.append(chunk)
        }
        _ = try? stroke.end()
        return stroke.takeFinishedOutline()
    }

    /// How many samples the batch form feeds at a time.
    static let batchChunk = 4096
}
