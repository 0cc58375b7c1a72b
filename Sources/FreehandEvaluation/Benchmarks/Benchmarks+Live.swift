import FreehandKit

/// The live-ink workloads beside batch and append: a pencil's frames, and the batch cost by stroke
/// length.
extension Benchmarks {
    /// A 240 Hz pencil stroke as UIKit delivers it: each 60 Hz frame brings 4 coalesced samples and
    /// 2 predicted ones (here the 2 that really come next), and the provisional ink is computed once
    /// per frame (default technique, pressure brush, outline). Strokes recorded at 180 Hz or more
    /// are joined into one; without any, every stroke is.
    public func pencilFrames() -> [BenchmarkResult] {
        let fast = ink.strokes.filter { stroke in
            guard stroke.count > 8, let first = stroke.first?.timestamp, let last = stroke.last?.timestamp, last > first else { return false }
            return Double(stroke.count - 1) / (last - first) >= 180
        }
        let source = fast.isEmpty ? ink : BenchmarkInk(strokes: fast)
        let frames = quick ? 120 : 600
        let samples = source.longStroke(count: frames * 4 + 2)
        guard samples.count == frames * 4 + 2 else { return [] }
        let style = Self.pressureStyle
        let times = Stopwatch.measure(repetitions: repetitions) {
            var stroke = InkStroke(style: style, outputs: .outlinePieces)
            for frame in 0..<frames {
                let base = frame * 4
                _ = try? stroke.append(samples[base..<(base + 4)], predicted: Array(samples[(base + 4)..<(base + 6)]))
                _ = stroke.provisionalInk()
            }
            _ = try? stroke.end()
        }
        let perFrame = Stopwatch.median(times) / Double(frames) * 1e6
        return [
            BenchmarkResult(group: "live", name: "240 Hz pencil: a frame (4 + 2 predicted)", value: perFrame, unit: "µs/frame", repetitions: times.count),
            BenchmarkResult(group: "live", name: "240 Hz pencil: per real sample", value: perFrame / 4, unit: "µs/sample", repetitions: times.count),
        ]
    }

    /// The batch outline cost per sample of strokes of each of `lengths` samples: the same
    /// handwriting at every length (one stroke of the longest length, cut into strokes of each
    /// length), so that only the length differs. Flat when no step is worse than linear. The lengths
    /// take their timed passes in turn, so that a busy moment of a shared machine slows them all
    /// alike. With `memoryReused`, each length's passes run back to back instead (each reusing the
    /// memory its previous pass freed, when the allocator keeps it: see `freehand bench`'s reuse
    /// group), and the rows' names say so.
    public func batchCost(lengths: [Int], memoryReused: Bool = false) -> [BenchmarkResult] {
        let style = Self.pressureStyle
        let content = ink.longStroke(count: lengths.max() ?? 0)
        guard !content.isEmpty else { return [] }
        let cut = lengths.map { length in
            let size = Swift.max(1, length)
            return stride(from: 0, to: content.count, by: size).map { Array(content[$0..<Swift.min(content.count, $0 + size)]) }
        }
        let passes = content.count > 100_000 ? (quick ? 1 : 5) : repetitions
        // Each length takes one untimed pass (the warm-up), then the timed ones: in turn across the
        // lengths, or back to back for each length when its memory is to be reused.
        let rounds = 0...passes
        let schedule: [(index: Int, round: Int)] = memoryReused
            ? lengths.indices.flatMap { index in rounds.map { (index, $0) } }
            : rounds.flatMap { round in lengths.indices.map { ($0, round) } }
        var times = [[Double]](repeating: [], count: lengths.count)
        for (index, round) in schedule {
            let time = Stopwatch.time {
                for stroke in cut[index] { _ = InkStroke.outline(for: stroke, style: style) }
            }
            if round > 0 { times[index].append(time) }
        }
        let suffix = memoryReused ? ", memory reused" : ""
        return lengths.indices.map { index in
            BenchmarkResult(
                group: "live", name: "batch, strokes of \(lengths[index]) samples\(suffix)",
                value: Stopwatch.median(times[index]) / Double(content.count) * 1e6, unit: "µs/sample", repetitions: times[index].count)
        }
    }
}
