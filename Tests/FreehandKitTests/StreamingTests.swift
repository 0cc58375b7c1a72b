@testable import FreehandKit
import Foundation
import Testing

/// The streaming contract: committed geometry never changes, the provisional tail replaces the last
/// one, and however the samples arrive the final path is the same.
struct StreamingTests {
    static let techniques = TechniqueCatalog.names

    /// Feeds `samples` in `chunks`, checking on the way that committed geometry only grows, and
    /// returns the final path and the committed pieces joined.
    static func stream(_ chunks: [ArraySlice<Sample>], technique: any InterpolationTechnique) throws -> (path: BezierPath, joined: BezierPath) {
        var builder = StrokeBuilder(technique: technique)
        var joined = BezierPath()
        var previousCommitted: [PathElement] = []
        for chunk in chunks {
            let update = try builder.append(chunk)
            joined.append(continuing: update.committed)
            #expect(Array(builder.committedElements.prefix(previousCommitted.count)) == previousCommitted)
            previousCommitted = builder.committedElements
        }
        joined.append(continuing: try builder.end().committed)
        return (builder.path, joined)
    }

    @Test(arguments: techniques)
    func streamingEqualsBatchOnRandomStrokes(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        var random = SeededGenerator(seed: 42)
        for _ in 0..<40 {
            let samples = random.stroke(count: Int.random(in: 0...120, using: &random))
            let batch = StrokeBuilder.path(for: samples, technique: technique)
            let oneByOne = try Self.stream(samples.map { [$0][...] }, technique: technique)
            let chunked = try Self.stream(random.chunks(of: samples, maximum: 9), technique: technique)
            #expect(oneByOne.path == batch)
            #expect(chunked.path == batch)
            #expect(oneByOne.joined == batch)
            #expect(chunked.joined == batch)
        }
    }

    @Test func committedPiecesKeptByTheCallerStayAsHandedOut() throws {
        // The builder reuses the buffer of a short piece once the caller lets go of it; pieces
        // the caller keeps must not change under it.
        let samples = TestData.fixture("perfect-freehand-hey").strokes[0]
        var builder = StrokeBuilder()
        var kept: [(piece: BezierPath, copy: [PathElement])] = []
        for sample in samples {
            let piece = try builder.append(sample).committed
            kept.append((piece, Array(piece.elements)))
        }
        let last = try builder.end().committed
        kept.append((last, Array(last.elements)))
        #expect(kept.allSatisfy { $0.piece.elements == $0.copy })
        var joined = BezierPath()
        for entry in kept { joined.append(continuing: entry.piece) }
        #expect(joined == StrokeBuilder.path(for: samples, technique: FreehandTechnique.standard))
    }

    @Test(arguments: techniques)
    func streamingEqualsBatchOnEveryRealStroke(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        var random = SeededGenerator(seed: 7)
        let recordings = TestData.fixtures + TestData.shared
        var strokeCount = 0
        for recording in recordings {
            for samples in recording.strokes {
                let batch = StrokeBuilder.path(for: samples, technique: technique)
                let chunked = try Self.stream(random.chunks(of: samples, maximum: 6), technique: technique)
                #expect(chunked.path == batch, "\(recording.name)")
                #expect(chunked.joined == batch, "\(recording.name)")
                strokeCount += 1
            }
        }
        #expect(strokeCount > 0)
    }

    @Test(arguments: techniques)
    func theProvisionalTailIsTheBatchOfTheSamplesSoFar(name: String) throws {
        // Committed path + tail after an update = the final path of a fresh batch of the samples
        // appended so far, whether the tail is computed on every update or only when asked for.
        let technique = try TechniqueCatalog.technique(named: name)
        for recording in TestData.fixtures + TestData.shared {
            for samples in recording.strokes {
                // Checked at about eight places per stroke: at every one the test would be
                // quadratic in the stroke's length.
                let step = Swift.max(1, samples.count / 8)
                var eager = StrokeBuilder(technique: technique)
                var onRequest = StrokeBuilder(technique: technique)
                onRequest.tracksProvisional = false
                for (index, sample) in samples.enumerated() {
                    try eager.append(sample)
                    try onRequest.append(sample)
                    guard index % step == step - 1 || index == samples.count - 1 else { continue }
                    // The tail reaches the pen: compared with the batch that keeps a pen-up hook,
                    // and a pen-down hook too while the start is undecided (it draws the start as is).
                    var whole = StrokeBuilder(technique: technique)
                    whole.dropsPenUpHook = false
                    whole.dropsPenDownHook = eager.isStartDecided
                    for sample in samples[...index] { try whole.append(sample) }
                    try whole.end()
                    let batch = whole.path
                    #expect(eager.path == batch, "\(recording.name) after \(index + 1) samples")
                    #expect(onRequest.provisional.elements.isEmpty, "computed only when asked for")
                    onRequest.refreshProvisional()
                    #expect(onRequest.path == batch, "\(recording.name) after \(index + 1) samples")
                }
            }
        }
    }

    @Test(arguments: techniques)
    func committedPathTrailsTheNewestSampleByAtMostTheLookahead(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        // Evenly spaced samples moving right, so how far the path got reads off its x.
        let samples = (0..<60).map { Sample(x: Double($0) * 10, y: sin(Double($0)) * 8, timestamp: Double($0) / 60) }
        var builder = StrokeBuilder(technique: technique)
        for sample in samples {
            try builder.append(sample)
            let points = builder.points
            guard points.count > technique.lookahead + 1, let end = builder.committedElements.last?.endPoint else { continue }
            #expect(end.x >= points[points.count - 1 - technique.lookahead].x - 1e-9, "\(name) at \(points.count)")
        }
    }

    @Test(arguments: techniques)
    func provisionalTailReachesTheNewestSampleAndPredictedOnes(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        var builder = StrokeBuilder(technique: technique)
        let real = samples([(0, 0), (10, 0), (20, 5), (30, 5), (40, 0)])
        let predicted = samples([(50, 2), (60, 8)]).map { Sample(location: $0.location, timestamp: 0.05 + $0.timestamp!) }
        let update = try builder.append(real, predicted: predicted)
        let end = update.provisional.endPoint ?? builder.committedElements.last?.endPoint
        if technique.inputFilter == nil {
            #expect(end == Point2D(60, 8))
        } else {
            #expect(end != nil && end!.distance(to: Point2D(60, 8)) < 10)
        }
        // The next update without predictions forgets them.
        let next = try builder.append(samples([(45, 0)]).map { Sample(location: $0.location, timestamp: 0.045) })
        let newEnd = next.provisional.endPoint ?? builder.committedElements.last!.endPoint
        #expect(newEnd.distance(to: Point2D(60, 8)) > 10)
        #expect(next.dirtyRect!.union(update.provisional.controlBounds!) == next.dirtyRect!)
    }

    @Test(arguments: techniques)
    func dirtyRectCoversNewCommittedGeometryAndBothTails(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        var builder = StrokeBuilder(technique: technique)
        var previousTail = BezierPath()
        for sample in TestData.fixture("perfect-freehand-he2").strokes[0].prefix(80) {
            let update = try builder.append(sample)
            for piece in [update.committed, update.provisional, previousTail] {
                guard let box = piece.controlBounds else { continue }
                #expect(update.dirtyRect != nil && update.dirtyRect!.union(box) == update.dirtyRect!)
            }
            previousTail = update.provisional
        }
    }

    @Test func appendCostStaysFlatAsTheStrokeGrows() throws {
        // Work per append is bounded: the elements the technique walks per call do not grow with
        // the stroke, so an append commits at most a few elements and the tail stays short (the
        // denoiser's window holds at most `maximumNeighbours` later samples back).
        for name in Self.techniques {
            let technique = try TechniqueCatalog.technique(named: name)
            let waiting = technique.denoiser == nil ? 0 : TimeWindowDenoiser.maximumNeighbours
            var builder = StrokeBuilder(technique: technique)
            var random = SeededGenerator(seed: 3)
            for sample in random.stroke(count: 3000) {
                let update = try builder.append(sample)
                #expect(update.committed.elements.count <= 3 + waiting)
                #expect(update.provisional.elements.count <= 6 + waiting)
                #expect(builder.points.count - builder.settledPointCount <= 1 + waiting)
            }
        }
    }
}
