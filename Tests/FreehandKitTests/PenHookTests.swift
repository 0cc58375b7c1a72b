import Testing
@testable import FreehandKit

/// The flick of a pen tip as it lifts or lands — a stretch shorter than `hookLength` at an end,
/// turning back on the stroke — is left out of the path; real turns, ticks and a resting pen's
/// jitter are kept, and the tail drawn while the pen is down still reaches the lift (and draws the
/// landing as it is until the start is decided).
struct PenHookTests {
    /// 60 pt to the right at 240 Hz, then `end` (offsets from the last point) as the last samples.
    static func stroke(ending end: [Point2D]) -> [Sample] {
        var samples = (0..<40).map { Sample(location: Point2D(10 + Double($0) * 1.5, 50), timestamp: Double($0) / 240, force: 0.5) }
        let last = samples[samples.count - 1]
        for (index, offset) in end.enumerated() {
            samples.append(Sample(location: last.location + offset, timestamp: (last.timestamp ?? 0) + Double(index + 1) / 240, force: 0.3))
        }
        return samples
    }

    /// `start` (offsets from the first point of the line, in order) as the first samples, then 60 pt
    /// to the right at 240 Hz.
    static func stroke(starting start: [Point2D]) -> [Sample] {
        let line = (0..<40).map { Point2D(10 + Double($0) * 1.5, 50) }
        return (start.map { line[0] + $0 } + line).enumerated().map { Sample(location: $1, timestamp: Double($0) / 240, force: 0.5) }
    }

    /// The final path of `samples` (the default technique), the builder set by `adjust` first.
    static func path(of samples: [Sample], _ adjust: (inout StrokeBuilder) -> Void) throws -> BezierPath {
        var builder = StrokeBuilder()
        adjust(&builder)
        try builder.append(samples)
        try builder.end()
        return builder.path
    }

    static func startPoint(of samples: [Sample], dropping: Bool = true) throws -> Point2D? {
        try path(of: samples) { $0.dropsPenDownHook = dropping }.startPoint
    }

    static func endPoint(of samples: [Sample], dropping: Bool = true) throws -> Point2D? {
        try path(of: samples) { $0.dropsPenUpHook = dropping }.endPoint
    }

    @Test func aFlickBackAsThePenLiftsIsLeftOutOfThePath() throws {
        let samples = Self.stroke(ending: [Point2D(-0.8, -0.6), Point2D(-1.6, -1.1)])
        let tip = samples[samples.count - 1].location
        // The path ends where the flick turned back (the denoised line's farthest point), not at its tip.
        let end = try #require(try Self.endPoint(of: samples))
        #expect(end.x > tip.x + 0.5 && abs(end.y - 50) < 1, "ends at \(end)")
        #expect(try Self.endPoint(of: samples, dropping: false) == tip)
        // The same in the ink: the outline ends near the hook's start, not past its tip, streamed or batch.
        let batch = try #require(InkStroke.outline(for: samples))
        var streamed = InkStroke()
        for start in stride(from: 0, to: samples.count, by: 3) { try streamed.append(samples[start..<min(samples.count, start + 3)]) }
        try streamed.end()
        #expect(streamed.outline == batch)
        // Drawn 1 pt wide, the ink stops short of the flick's tip; kept, the hook would reach it.
        try Self.expectThinInk(of: samples, leavesOut: tip) { $0.dropsPenUpHook = false }
    }

    /// Drawn 1 pt wide, the ink of `samples` leaves `tip` (a hook's) uncovered, and covers it with
    /// the hook kept (`keep` on its builder).
    static func expectThinInk(of samples: [Sample], leavesOut tip: Point2D, keep: (inout StrokeBuilder) -> Void) throws {
        let thin = try InkStyle(brush: ConstantBrush(width: 1))
        let ink = try #require(InkStroke.outline(for: samples, style: thin))
        #expect(Winding.number(of: ink.polygon, around: tip) == 0)
        var kept = InkStroke(style: thin)
        keep(&kept.builder)
        try kept.append(samples)
        try kept.end()
        #expect(Winding.number(of: try #require(kept.outline).polygon, around: tip) != 0)
    }

    @Test func turnsTicksAndJitterAreKept() throws {
        // A real turn: the way back is longer than a hook.
        let turn = Self.stroke(ending: (1...5).map { Point2D(-Double($0) * 0.8, -Double($0) * 0.8) })
        #expect(try Self.endPoint(of: turn) == turn[turn.count - 1].location)
        // Going on the same way is no hook.
        let straight = Self.stroke(ending: [Point2D(0.8, 0), Point2D(1.6, 0)])
        #expect(try Self.endPoint(of: straight) == straight[straight.count - 1].location)
        // The pen's jitter at rest.
        let jitter = Self.stroke(ending: [Point2D(-0.1, 0.05)])
        #expect(try Self.endPoint(of: jitter) == jitter[jitter.count - 1].location)
        // A tick: a stroke barely longer than its hook keeps it.
        let tick = [Point2D(0, 0), Point2D(1, 0), Point2D(2, 0), Point2D(1.2, -0.8)].enumerated().map { Sample(location: $1, timestamp: Double($0) / 240) }
        #expect(try Self.endPoint(of: tick) == tick[tick.count - 1].location)
    }

    @Test func theTailDrawnWhileThePenIsDownStillReachesTheFlick() throws {
        let samples = Self.stroke(ending: [Point2D(-0.8, -0.6), Point2D(-1.6, -1.1)])
        var builder = StrokeBuilder()
        try builder.append(samples)
        builder.refreshProvisional()
        #expect(builder.path.endPoint == samples[samples.count - 1].location)
    }
}

extension PenHookTests {
    @Test func aFlickAsThePenLandsIsLeftOutOfThePath() throws {
        let samples = Self.stroke(starting: [Point2D(1.6, 1.1), Point2D(0.8, 0.6)])
        let landing = samples[0].location
        // The path starts where the flick turned (the denoised line's farthest point back), not
        // where the pen touched.
        let start = try #require(try Self.startPoint(of: samples))
        #expect(start.x < landing.x - 0.5 && abs(start.y - 50) < 1, "starts at \(start)")
        #expect(try Self.startPoint(of: samples, dropping: false) == landing)
        // The samples are kept.
        var builder = StrokeBuilder()
        try builder.append(samples)
        try builder.end()
        #expect(builder.samples.count == samples.count)
        // The ink starts there too, streamed one by one, in chunks or as a batch, and the pieces
        // committed on the way are the final outline's.
        let batch = try #require(InkStroke.outline(for: samples))
        for chunk in [1, 3, 7] {
            var streamed = InkStroke()
            var committed: [OutlinePiece] = []
            for first in stride(from: 0, to: samples.count, by: chunk) {
                committed += try streamed.append(samples[first..<min(samples.count, first + chunk)]).committed
                _ = streamed.provisionalInk()
            }
            committed += try streamed.end().committed
            #expect(streamed.outline == batch, "chunks of \(chunk)")
            #expect(!committed.isEmpty)
        }
        try Self.expectThinInk(of: samples, leavesOut: landing) { $0.dropsPenDownHook = false }
    }

    @Test func landingTurnsTicksAndJitterAreKept() throws {
        // A real turn: the way in is longer than a hook.
        let turn = Self.stroke(starting: (1...5).reversed().map { Point2D(Double($0) * 0.8, Double($0) * 0.8) })
        #expect(try Self.startPoint(of: turn) == turn[0].location)
        // Landing on the way is no hook.
        let straight = Self.stroke(starting: [Point2D(-1.6, 0), Point2D(-0.8, 0)])
        #expect(try Self.startPoint(of: straight) == straight[0].location)
        // A stroke that starts up and turns a corner to the left (the top of a small "g": up 2.3 pt
        // leaning 0.7 pt right, then left) turns sideways more than back: no hook.
        let corner = [Point2D(0, 0), Point2D(0.7, -1.5), Point2D(0.7, -2.2)] + (1...8).map { Point2D(0.7 - Double($0) * 0.75, -2.2) }
            + (1...8).map { Point2D(-5.3, -2.2 + Double($0) * 0.75) }
        let cornered = corner.enumerated().map { Sample(location: $1 + Point2D(100, 100), timestamp: Double($0) / 60) }
        #expect(try Self.startPoint(of: cornered) == cornered[0].location)
        // The pen's jitter as it lands.
        let jitter = Self.stroke(starting: [Point2D(0.1, 0.05)])
        #expect(try Self.startPoint(of: jitter) == jitter[0].location)
        // A tick: a stroke barely longer than its hook keeps it.
        let tick = [Point2D(1.2, -0.8), Point2D(2, 0), Point2D(1, 0), Point2D(0, 0)].enumerated().map { Sample(location: $1, timestamp: Double($0) / 240) }
        #expect(try Self.startPoint(of: tick) == tick[0].location)
    }

    @Test func nothingIsCommittedUntilTheStartIsDecided() throws {
        let samples = Self.stroke(starting: [Point2D(1.6, 1.1), Point2D(0.8, 0.6)])
        var builder = StrokeBuilder()
        var decidedAfter: Int?
        for (index, sample) in samples.enumerated() {
            try builder.append(sample)
            if !builder.isStartDecided {
                #expect(builder.committedElements.isEmpty)
                // Until then the tail draws the start as it is: from where the pen landed.
                #expect(builder.path.startPoint == samples[0].location)
            } else if decidedAfter == nil {
                decidedAfter = index
            }
        }
        // Decided once the settled path is 3 hook lengths long, well before the stroke ends.
        let decided = try #require(decidedAfter)
        #expect(decided < 20, "decided after \(decided + 1) samples")
        #expect(builder.path.startPoint != samples[0].location)
        // A stroke with no valid sample has no start to decide.
        var empty = StrokeBuilder()
        try empty.append(Sample(x: .nan, y: 0))
        try empty.end()
        #expect(empty.path.isEmpty)
        // Without the rule nothing waits.
        var keeping = StrokeBuilder()
        keeping.dropsPenDownHook = false
        try keeping.append(samples.prefix(8))
        #expect(keeping.isStartDecided)
    }
}
