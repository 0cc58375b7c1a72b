import FreehandKit

/// Real strokes prepared for benchmarks: scaled to a drawing size and tiled to any length.
public struct BenchmarkInk: Sendable {
    /// The strokes, in points, each starting near the origin and at time zero.
    public let strokes: [[Sample]]

    /// Strokes from `recordings` (at least one stroke of two samples or more), each scaled so its
    /// larger side is about `size` points and moved to start at the origin at time 0.
    public init(recordings: [EvaluationRecording], size: Double = 60) {
        var result: [[Sample]] = []
        for recording in recordings {
            for stroke in recording.strokes where stroke.count >= 2 {
                guard let bounds = Rect2D(enclosing: stroke.map(\.location)) else { continue }
                let extent = Swift.max(bounds.width, bounds.height, 1e-9)
                let factor = Swift.min(size / extent, 10)
                let start = stroke[0].timestamp ?? 0
                result.append(stroke.enumerated().map { index, sample in
                    var moved = sample
                    moved.location = (sample.location - bounds.min) * factor
                    moved.timestamp = (sample.timestamp ?? Double(index) / 120) - start
                    return moved
                })
            }
        }
        strokes = result
    }

    /// Ink of the given strokes, already prepared.
    init(strokes: [[Sample]]) {
        self.strokes = strokes
    }

    /// The total number of samples.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.count } }

    /// One long stroke of `count` samples: the strokes joined end to start, each continuing where the
    /// previous one stopped (in place and in time), wrapping around a 2000-point square. A stroke's
    /// first sample would land on the previous one's last (up to rounding: a step of a few ulps,
    /// which no pen makes): the strokes after the first join at their first sample elsewhere.
    public func longStroke(count: Int) -> [Sample] {
        guard !strokes.isEmpty else { return [] }
        var result: [Sample] = []
        result.reserveCapacity(count)
        var offset = Point2D.zero, timeOffset = 0.0
        var index = 0, countBeforeRound = 0
        while result.count < count {
            if index % strokes.count == 0 {
                // A whole round that added nothing (single-sample strokes only) would add nothing again.
                if index > 0, result.count == countBeforeRound { break }
                countBeforeRound = result.count
            }
            let stroke = strokes[index % strokes.count]
            index += 1
            let shift = offset - stroke[0].location
            // Past the first stroke, its opening samples at its first location (a pen resting
            // before it moves) would land on the last one too.
            let start = result.isEmpty ? 0 : (stroke.firstIndex { $0.location != stroke[0].location } ?? stroke.count)
            for sample in stroke[start...] where result.count < count {
                var moved = sample
                moved.location += shift
                moved.location.x = moved.location.x.truncatingRemainder(dividingBy: 2000)
                moved.location.y = moved.location.y.truncatingRemainder(dividingBy: 2000)
                moved.timestamp = (sample.timestamp ?? 0) + timeOffset
                result.append(moved)
            }
            guard let last = result.last else { break }
            offset = last.location
            timeOffset = (last.timestamp ?? 0) + 1.0 / 120
        }
        return result
    }
}
