import FreehandEvaluation
@testable import FreehandKit
import Foundation
import Testing

/// Every awkward input gets a defined result: a dot, a path to the last sample, a counted drop.
struct InputEdgeCaseTests {
    static let techniques = TechniqueCatalog.names

    @Test(arguments: techniques)
    func aTapMakesADot(name: String) throws {
        var builder = StrokeBuilder(technique: try TechniqueCatalog.technique(named: name))
        var dirty = try builder.append(Sample(x: 5, y: 7, timestamp: 0)).dirtyRect
        dirty.formUnion(try builder.append(Sample(x: 5, y: 7, timestamp: 0.01)).dirtyRect)
        dirty.formUnion(try builder.end().dirtyRect)
        #expect(builder.path.isDot)
        #expect(builder.path.endPoint == Point2D(5, 7))
        #expect(builder.path.flattened() == [Point2D(5, 7)])
        #expect(dirty == Rect2D(point: Point2D(5, 7)))
        #expect(builder.drops.mergedDuplicates == 1)
    }

    @Test(arguments: techniques)
    func shortStrokesReachTheirLastSample(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        for input in [[(0.0, 0.0), (10.0, 5.0)], [(0.0, 0.0), (10.0, 5.0), (3.0, 9.0)]] {
            let path = StrokeBuilder.path(for: samples(input), technique: technique)
            let last = Point2D(input.last!.0, input.last!.1)
            #expect(path.endPoint == last)
            #expect(path.elements.first == .move(to: Point2D(0, 0)))
            #expect(!path.isDot)
        }
    }

    @Test(arguments: techniques)
    func aSmallCircleClosesForEveryTechniqueAndEveryLength(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        for count in 4...16 {
            let circle = (0...count).map { index -> Sample in
                let angle = 2 * Double.pi * Double(index) / Double(count)
                return Sample(x: 3 * cos(angle), y: 3 * sin(angle), timestamp: Double(index) / 60)
            }
            let path = StrokeBuilder.path(for: circle, technique: technique)
            #expect(path.endPoint!.distance(to: circle.last!.location) < 1e-12, "\(name) with \(count) samples")
        }
    }

    @Test(arguments: techniques)
    func cancelLeavesNothingBehind(name: String) throws {
        var builder = StrokeBuilder(technique: try TechniqueCatalog.technique(named: name))
        try builder.append(samples([(0, 0), (10, 0), (20, 10), (30, 0), (40, 10)]), predicted: samples([(50, 0)]))
        let drawn = builder.path.controlBounds!
        let update = builder.cancel()
        #expect(builder.path.isEmpty)
        #expect(builder.samples.isEmpty)
        #expect(builder.phase == .cancelled)
        #expect(update.dirtyRect == drawn)
        #expect(throws: StrokeBuilderError.strokeCancelled) { try builder.append(Sample(x: 1, y: 1)) }
    }

    @Test func aStrokeWithNoValidSampleDrawsNothing() throws {
        var builder = StrokeBuilder()
        try builder.append([Sample(x: .nan, y: 0), Sample(x: 0, y: .infinity)])
        let update = try builder.end()
        #expect(builder.path.isEmpty)
        #expect(update.dirtyRect == nil)
        #expect(builder.drops.nonFiniteLocation == 2)
        #expect(builder.drops.droppedSamples == 2)
    }

    @Test func nonFiniteAndOutOfRangeSamplesAreDroppedAndCounted() throws {
        var builder = StrokeBuilder(technique: LinearTechnique())
        try builder.append([
            Sample(x: 0, y: 0, timestamp: 0),
            Sample(x: .nan, y: 1, timestamp: 0.01),
            Sample(x: 1e12, y: 1, timestamp: 0.02),
            Sample(x: 5, y: 5, timestamp: .nan),
            Sample(x: 10, y: 0, timestamp: 0.03),
        ])
        try builder.end()
        #expect(builder.path.elements == [.move(to: Point2D(0, 0)), .line(to: Point2D(10, 0))])
        #expect(builder.drops.nonFiniteLocation == 1)
        #expect(builder.drops.locationOutOfRange == 1)
        #expect(builder.drops.nonFiniteTimestamp == 1)
        #expect(builder.samples.count == 2)
    }

    @Test func invalidPropertiesAreClearedButTheSampleKept() throws {
        var builder = StrokeBuilder()
        try builder.append(Sample(x: 0, y: 0, timestamp: 0, force: -1, altitude: 3, azimuth: .nan, majorRadius: -2))
        #expect(builder.samples == [Sample(x: 0, y: 0, timestamp: 0)])
        #expect(builder.drops.invalidProperties == 4)
    }

    @Test func aBackwardsTimestampIsClampedToThePreviousOne() throws {
        var builder = StrokeBuilder()
        try builder.append(samples([(0, 0), (1, 0)]))
        try builder.append(Sample(x: 2, y: 0, timestamp: 0.001))
        #expect(builder.samples.map(\.timestamp) == [0, 0.01, 0.01])
        #expect(builder.drops.clampedTimestamps == 1)
    }

    @Test(arguments: techniques)
    func repeatedSamplesAreMergedTheLaterWinning(name: String) throws {
        // The default's denoiser reads repeats as observations (see TimeWindowDenoiserTests): here
        // its spline alone.
        let technique = name == "freehand" ? try FreehandTechnique(denoising: nil) : try TechniqueCatalog.technique(named: name)
        var builder = StrokeBuilder(technique: technique)
        try builder.append([
            Sample(x: 0, y: 0, timestamp: 0, force: 0.1), Sample(x: 0, y: 0, timestamp: 0.01, force: 0.2),
            Sample(x: 10, y: 0, timestamp: 0.02), Sample(x: 20, y: 5, timestamp: 0.03), Sample(x: 20, y: 5, timestamp: 0.04),
        ])
        try builder.end()
        #expect(builder.points.count == 3)
        #expect(builder.pointSampleIndices == [1, 2, 4])
        #expect(builder.samples.count == 5)
        #expect(builder.drops.mergedDuplicates == 2)
        // A point's time for a technique that reads time is when the pen arrived (the first of its
        // repeats: a repeat never changes a committed span); a filter sees the later one.
        #expect(builder.pointTimes == [0, 0.02, 0.03])
        // The techniques that read time (`timed-hermite`, and `freehand` for its knots) see arrival times.
        let times = name == "timed-hermite" || name == "freehand" ? [0, 0.02, 0.03] : [0.01, 0.02, 0.04]
        let withoutRepeats = StrokeBuilder.path(
            for: [Sample(x: 0, y: 0, timestamp: times[0]), Sample(x: 10, y: 0, timestamp: times[1]), Sample(x: 20, y: 5, timestamp: times[2])],
            technique: builder.technique)
        #expect(builder.path == withoutRepeats)
    }

    @Test func samplesAfterEndAreATypedError() throws {
        var builder = StrokeBuilder()
        try builder.append(Sample(x: 0, y: 0))
        try builder.end()
        #expect(throws: StrokeBuilderError.strokeEnded) { try builder.append(Sample(x: 1, y: 1)) }
        #expect(throws: StrokeBuilderError.strokeEnded) { try builder.end() }
    }

    @Test func estimatedUpdatesRefineTheirSampleEvenAfterTheStrokeEnds() throws {
        var builder = StrokeBuilder()
        try builder.append([
            Sample(location: Point2D(0, 0), timestamp: 0, force: 0.1, estimationUpdateIndex: 11),
            Sample(location: Point2D(5, 0), timestamp: 0.01, force: 0.1, estimationUpdateIndex: 12),
        ])
        let pathBefore = builder.path
        builder.update(estimated: [EstimatedUpdate(estimationUpdateIndex: 11, force: 0.6, altitude: 1.0)])
        try builder.end()
        builder.update(estimated: [EstimatedUpdate(estimationUpdateIndex: 12, force: 0.7), EstimatedUpdate(estimationUpdateIndex: 99, force: 1)])
        #expect(builder.samples[0].force == 0.6 && builder.samples[0].altitude == 1.0)
        #expect(builder.samples[1].force == 0.7)
        #expect(builder.drops.unmatchedUpdates == 1)
        #expect(Array(builder.path.elements.prefix(1)) == Array(pathBefore.elements.prefix(1)))
    }

    @Test func invalidPredictedSamplesAreIgnoredAndCountedApart() throws {
        var builder = StrokeBuilder(technique: LinearTechnique())
        let update = try builder.append(samples([(0, 0), (10, 0)]), predicted: [Sample(x: .nan, y: 0), Sample(x: 20, y: 0)])
        #expect(update.provisional.endPoint == Point2D(20, 0))
        #expect(builder.drops.invalidPredicted == 1)
        #expect(builder.drops.droppedSamples == 0)
    }

    @Test(arguments: techniques)
    func nearlyCoincidentSamplesNeverProduceNaN(name: String) throws {
        let technique = try TechniqueCatalog.technique(named: name)
        let input = [Sample(x: 0, y: 0, timestamp: 0), Sample(x: 1e-300, y: 0, timestamp: 0.001), Sample(x: 1e-300, y: 1e-300, timestamp: 0.002),
                     Sample(x: 1e9, y: -1e9, timestamp: 0.003), Sample(x: -1e9, y: 1e9, timestamp: 0.003), Sample(x: 5, y: 5, timestamp: 1e9)]
        let path = StrokeBuilder.path(for: input, technique: technique)
        #expect(path.flattened(tolerance: 1).allSatisfy { $0.isFinite })
        #expect(path.endPoint == Point2D(5, 5) || technique.inputFilter != nil)
    }

    @Test func decimationKeepsEveryKthSampleAndAlwaysTheLast() {
        let input = samples((0..<10).map { (Double($0), 0) })
        #expect(input.decimated(keepingEvery: 4).map(\.location.x) == [0, 4, 8, 9])
        #expect(input.decimated(keepingEvery: 3).map(\.location.x) == [0, 3, 6, 9])
        #expect(input.decimated(keepingEvery: 1) == input)
    }

    @Test func theBuilderTellsWhenThePenWasAtAPointPositionAndHowFarItHasCommitted() throws {
        var builder = StrokeBuilder(technique: LinearTechnique())
        #expect(builder.timestamp(atPointProgress: 0) == nil && builder.committedProgress == 0)
        for step in 0..<6 {
            _ = try builder.append(Sample(x: Double(step) * 10, y: 0, timestamp: Double(step) * 0.01))
        }
        #expect(builder.pointCount == 6)
        #expect(abs(try #require(builder.timestamp(atPointProgress: 2.5)) - 0.025) < 1e-12)
        #expect(builder.timestamp(atPointProgress: 5) == 0.05)
        #expect(builder.timestamp(atPointProgress: 5.5) == nil && builder.timestamp(atPointProgress: -1) == nil && builder.timestamp(atPointProgress: .nan) == nil)
        // Straight lines commit every span as soon as its end arrives.
        #expect(builder.committedProgress == 5)
    }
}
