@testable import FreehandKit
import Foundation
import Testing

/// Brushes and tessellation on real recordings and as a stream.
struct InkStrokeTests {
    static let styles: [(String, InkStyle)] = [
        ("constant", try! InkStyle(brush: try! ConstantBrush(width: 3))),
        ("pressure", try! InkStyle(brush: try! PressureBrush(), taper: try! Taper(startLength: 8, endLength: 12))),
        ("velocity", try! InkStyle(brush: try! VelocityBrush())),
        ("tilt-shading", try! InkStyle(brush: try! TiltShadingBrush())),
        ("contact-radius", try! InkStyle(brush: try! ContactRadiusBrush())),
    ]

    @Test func everyRealStrokeTessellatesCleanly() throws {
        var strokes = 0, outlineVertices = 0, centrelineVertices = 0
        let recordings = TestData.fixtures + TestData.shared
        for recording in recordings {
            for (index, samples) in recording.strokes.enumerated() {
                let style = Self.styles[index % Self.styles.count].1
                var stroke = InkStroke(style: style)
                try stroke.append(samples)
                try stroke.end()
                guard let outline = stroke.outline else { continue }
                strokes += 1
                outlineVertices += outline.polygon.count
                centrelineVertices += stroke.vertices.count
                #expect(outline.polygon.allSatisfy { $0.isFinite }, "\(recording.name) stroke \(index)")
                if index % 7 == 0 {
                    for vertex in stroke.vertices where !Winding.covers(outline.polygon, vertex.position) {
                        Issue.record("\(recording.name) stroke \(index): \(vertex.position) not covered")
                        break
                    }
                }
                let strip = TriangleStrip(along: stroke.vertices)
                #expect(strip.orientedAreas.allSatisfy { $0 >= -1e-9 }, "\(recording.name) stroke \(index)")
            }
        }
        #expect(strokes > 0)
        // Lean outlines: at most three outline vertices per centreline vertex, plus the caps.
        #expect(Double(outlineVertices) <= 3 * Double(centrelineVertices) + 40 * Double(strokes))
    }

    @Test(arguments: 0..<5)
    func streamingInkEqualsBatchAndItsPiecesCoverTheOutline(styleIndex: Int) throws {
        let style = Self.styles[styleIndex].1
        var random = SeededGenerator(seed: UInt64(styleIndex))
        for name in ["inkable-pencil-antigrain", "perfect-freehand-he2", "wacom-special-ink"] {
            let samples = TestData.fixture(name).strokes[0]
            var stroke = InkStroke(style: style)
            var pieces: [OutlinePiece] = []
            for chunk in random.chunks(of: samples, maximum: 5) {
                pieces += try stroke.append(chunk).committed
            }
            pieces += try stroke.end().committed
            let batch = try #require(InkStroke.outline(for: samples, style: style))
            #expect(stroke.outline == batch, "\(name)")
            // The batch form reads contiguous input in place and any other sequence through its
            // iterator, a chunk at a time: the same outline either way (more than a chunk's worth too).
            #expect(InkStroke.outline(for: samples.lazy.map { $0 }, style: style) == batch, "\(name)")
            let long = Array(repeating: samples, count: InkStroke.batchChunk / samples.count + 2).enumerated().flatMap { copy, stroke in
                stroke.map { sample in
                    var moved = sample
                    moved.timestamp = sample.timestamp.map { $0 + Double(copy) * 100 }
                    return moved
                }
            }
            #expect(InkStroke.outline(for: long.lazy.map { $0 }, style: style) == InkStroke.outline(for: long[...], style: style), "\(name)")
            // The batch form drops its spans as it flattens them, chunk after chunk; a live stroke
            // keeps its whole path (the builder's public record): the same outline.
            var live = InkStroke(style: style, outputs: [])
            for chunk in random.chunks(of: long, maximum: 700) { try live.append(chunk) }
            try live.end()
            #expect(live.builder.committedElements.count > InkStroke.batchChunk, "\(name): a live stroke keeps its path")
            #expect(live.outline == InkStroke.outline(for: long[...], style: style), "\(name): a batch of several chunks")
            // Pieces fill the same area as the single outline (probe points on a grid), up to the
            // outline's thinning and arc tolerances, which each polygon spends on its own.
            let tolerance = Outline.simplificationTolerance + 0.05
            let bounds = try #require(batch.bounds)
            for row in 0...40 {
                for column in 0...40 {
                    let point = Point2D(bounds.min.x + bounds.width * Double(column) / 40, bounds.min.y + bounds.height * Double(row) / 40)
                    let inBatch = Winding.number(of: batch.rings, around: point) != 0
                    let inPieces = pieces.contains { Winding.number(of: $0.polygon, around: point) != 0 }
                    let onBorder = batch.rings.contains { Polyline.distance(from: point, to: $0 + [$0[0]]) < tolerance }
                        || pieces.contains { Polyline.distance(from: point, to: $0.polygon + [$0.polygon[0]]) < tolerance }
                    #expect(inBatch == inPieces || onBorder, "\(name) at \(point)")
                }
            }
        }
    }

    @Test func samplesTakenInGroupsStillDrawUpToThePenAndRetireWhatWasDrawn() throws {
        // Fed one sample at a time, the engine runs once per group of samples; what a frame draws
        // must still reach the newest sample, and every update — a deferred one too — must cover
        // the provisional ink it replaces.
        let samples = TestData.fixture("inkable-pencil-antigrain").strokes[0]
        var stroke = InkStroke(style: try InkStyle(brush: try ConstantBrush(width: 3)))
        var drawn: Rect2D?
        var deferred = 0
        for sample in samples {
            let update = try stroke.append(sample)
            if update.committed.isEmpty { deferred += 1 }
            if let drawn { #expect(update.dirtyRect.map { $0.union(drawn) == $0 } == true) }
            let outline = try #require(stroke.provisionalInk().outline)
            #expect(Winding.number(of: outline.polygon, around: sample.location) != 0)
            drawn = outline.bounds
        }
        #expect(deferred > samples.count / 2)
    }

    @Test(arguments: [0, 10, 100_000, -5])
    func roomReservedChangesNoInk(samples: Int) throws {
        let style = Self.styles[1].1
        for stroke in TestData.fixtures.flatMap(\.strokes).prefix(12) {
            var reserved = InkStroke(style: style, outputs: .all), plain = InkStroke(style: style, outputs: .all)
            reserved.reserveCapacity(samples)
            var pieces: [[OutlinePiece]] = [[], []]
            for start in stride(from: 0, to: stroke.count, by: 7) {
                let run = stroke[start..<min(stroke.count, start + 7)]
                pieces[0] += try reserved.append(run).committed
                pieces[1] += try plain.append(run).committed
            }
            pieces[0] += try reserved.end().committed
            pieces[1] += try plain.end().committed
            #expect(pieces[0] == pieces[1] && reserved.outline == plain.outline && reserved.strip == plain.strip)
        }
    }

    @Test func appendWorkStaysBoundedAsTheStrokeGrows() throws {
        var stroke = InkStroke(style: try InkStyle(brush: try PressureBrush(), taper: try Taper(startLength: 10, endLength: 10)))
        var random = SeededGenerator(seed: 5)
        var largestTail = 0
        for sample in random.stroke(count: 4000) {
            try stroke.append(sample)
            largestTail = max(largestTail, stroke.provisionalInk().outline?.polygon.count ?? 0)
        }
        // The provisional piece spans the uncommitted end only, whatever the stroke's length.
        #expect(largestTail < 400)
    }

    @Test func lateForceChangesOnlyInkNotYetCommitted() throws {
        var stroke = InkStroke(technique: LinearTechnique(), style: try InkStyle(brush: try PressureBrush(), widthSmoothing: 0))
        var input: [Sample] = []
        for index in 0..<60 {
            // Only the newest readings still expect a refinement (UIKit's usual state).
            input.append(Sample(
                location: Point2D(Double(index) * 5, 0), timestamp: Double(index) / 100, force: 0.25, estimationUpdateIndex: index >= 57 ? index : nil))
        }
        try stroke.append(input)
        let committedBefore = stroke.vertices
        #expect(!committedBefore.isEmpty)
        stroke.update(estimated: [EstimatedUpdate(estimationUpdateIndex: 59, force: 1), EstimatedUpdate(estimationUpdateIndex: 0, force: 1)])
        #expect(stroke.samples.last?.force == 1, "the newest sample's force is the refined one")
        #expect(stroke.samples.first?.force == 0.25, "a sample that expected no refinement keeps its force")
        #expect(stroke.vertices == committedBefore)
        let tailWidths = (stroke.provisionalInk().outline?.polygon ?? []).map { abs($0.y) }
        #expect(tailWidths.max()! > 1.9)  // the newest sample is now at force 1: 4 points wide
        try stroke.end()
        #expect(stroke.vertices.prefix(committedBefore.count).allSatisfy { $0.width == 1 })
    }

    @Test func inkOverAReadingWaitsForItsRefinementAndEndsAsTheBatchOfRefinedSamples() throws {
        let recorded = TestData.fixture("inkable-pencil-error").strokes[0]
        let style = try InkStyle(brush: try PressureBrush())
        var batch = InkStroke(style: style, outputs: [])
        try batch.append(recorded)
        try batch.end()
        var stroke = InkStroke(style: style)
        var refined: [Sample] = []
        for (index, sample) in recorded.enumerated() {
            var estimate = sample
            estimate.force = 0.05
            estimate.estimationUpdateIndex = index
            refined.append(sample)
            try stroke.append(estimate)
            // Each refinement arrives eight readings later (UIKit's take two to eight), after the
            // path under the reading would have been committed.
            if index >= 8 {
                stroke.update(estimated: [EstimatedUpdate(estimationUpdateIndex: index - 8, force: recorded[index - 8].force)])
            }
            // Committed ink is final: never drawn from an estimate.
            #expect(stroke.vertices[...] == batch.vertices.prefix(stroke.vertices.count), "after reading \(index)")
        }
        stroke.update(estimated: (recorded.count - 8..<recorded.count).map { EstimatedUpdate(estimationUpdateIndex: $0, force: recorded[$0].force) })
        try stroke.end()
        #expect(stroke.outline?.polygon == InkStroke.outline(for: refined, style: style)?.polygon)
        #expect(stroke.vertices.count > 50)
    }

    @Test func inkCommitsWithTheEstimateWhenARefinementNeverComes() throws {
        var stroke = InkStroke(technique: LinearTechnique())
        // Past the wait limit, ink commits a piece's worth at a time (32 vertices; linear: one per sample).
        for index in 0..<(StrokeBuilder.estimateWaitLimit + 40) {
            try stroke.append(Sample(location: Point2D(Double(index) * 5, 0), timestamp: Double(index) / 100, force: 0.5, estimationUpdateIndex: index))
            if index < StrokeBuilder.estimateWaitLimit { #expect(stroke.vertices.isEmpty) }
        }
        #expect(!stroke.vertices.isEmpty)
    }

    @Test func cancelledInkLeavesNothingAndReportsWhereItWas() throws {
        var stroke = InkStroke()
        try stroke.append(samples([(0, 0), (30, 0), (60, 10), (90, 0), (120, 10)]))
        // Drawn once: all of it is still provisional ink.
        #expect(stroke.vertices.isEmpty && stroke.provisionalInk().outline != nil)
        let update = stroke.cancel()
        #expect(stroke.vertices.isEmpty && stroke.outline == nil)
        #expect(update.dirtyRect!.contains(Point2D(0, 0)))
    }

    @Test func predictedSamplesShapeOnlyTheProvisionalInk() throws {
        var stroke = InkStroke(technique: LinearTechnique())
        try stroke.append(samples([(0, 0), (10, 0), (20, 0)]), predicted: samples([(40, 0)]))
        #expect(stroke.provisionalInk().outline!.bounds!.max.x > 40)
        let next = try stroke.append(samples([(21, 0)]).map { Sample(location: $0.location, timestamp: 0.03) })
        #expect(stroke.provisionalInk().outline!.bounds!.max.x < 25)
        // The update's dirty rectangle covers the provisional ink it replaces.
        #expect(next.dirtyRect!.max.x > 40)
    }

    @Test func copiesOfALiveStrokeDrawIndependentlyOnTwoThreads() throws {
        // A stroke's outline working lists are reused piece after piece; a copy of the stroke must
        // not share them, even when both copies draw at the same time.
        let recording = try #require(TestData.fixtures.first { $0.strokes.contains { $0.count > 100 } })
        let samples = try #require(recording.strokes.first { $0.count > 100 })
        let half = samples.count / 2
        let style = try InkStyle(brush: try PressureBrush())
        var original = InkStroke(style: style, outputs: .outlinePieces)
        for sample in samples[..<half] { try original.append(sample) }
        _ = original.provisionalInk()
        // Each copy goes on with its own samples: the rest of the stroke, or the rest moved aside.
        let continuations = [Array(samples[half...]), samples[half...].map { sample in
            var moved = sample
            moved.location = moved.location + Point2D(7, -3)
            return moved
        }]
        @Sendable func draw(_ stroke: InkStroke, _ rest: [Sample]) -> [OutlinePiece] {
            var stroke = stroke, pieces: [OutlinePiece] = []
            for sample in rest {
                pieces += (try? stroke.append(sample).committed) ?? []
                if let tail = stroke.provisionalInk().outline { pieces.append(tail) }
            }
            pieces += (try? stroke.end().committed) ?? []
            return pieces
        }
        let expected = continuations.map { draw(original, $0) }
        let copies = [original, original]
        for _ in 0..<4 {
            let results = ConcurrentMap.results(count: 2) { index in draw(copies[index], continuations[index]) }
            let same = results == expected
            #expect(same, "a copy drew other ink than the same stroke drawing alone")
        }
    }
}
