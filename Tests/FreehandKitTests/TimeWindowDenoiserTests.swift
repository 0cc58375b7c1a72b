import Foundation
import Testing
@testable import FreehandKit

struct TimeWindowDenoiserTests {
    /// A circle of radius 40 points drawn at `rate` hertz, one turn a second, positions rounded to
    /// `grid` points (0: not rounded).
    static func circle(rate: Double, grid: Double = 0, seconds: Double = 1) -> [Sample] {
        (0...Int(rate * seconds)).map { index in
            let time = Double(index) / rate
            var location = Point2D(100 + 40 * cos(2 * .pi * time), 100 + 40 * sin(2 * .pi * time))
            if grid > 0 { location = Point2D((location.x / grid).rounded() * grid, (location.y / grid).rounded() * grid) }
            return Sample(location: location, timestamp: time)
        }
    }

    static let spline = ParameterError.builtIn { () throws(ParameterError) in try FreehandTechnique(denoising: nil) }

    @Test(arguments: [30.0, 50, 60])
    func sparseInputPassesThroughBitForBit(rate: Double) throws {
        // Every sample has at most one neighbour a side within ±24 ms: the quadratic goes through it.
        var random = SeededGenerator(seed: 7)
        let samples = Self.circle(rate: rate).map { sample in
            var moved = sample
            moved.location += Point2D(Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random))
            return moved
        }
        #expect(StrokeBuilder.path(for: samples, technique: FreehandTechnique.standard) == StrokeBuilder.path(for: samples, technique: Self.spline))
    }

    @Test func untimedSamplesPassThrough() {
        let samples = Self.circle(rate: 240, grid: 0.5).map { Sample(location: $0.location) }
        #expect(StrokeBuilder.path(for: samples, technique: FreehandTechnique.standard) == StrokeBuilder.path(for: samples, technique: Self.spline))
    }

    @Test(arguments: [240.0, 120])
    func denseRoundedInputComesOutCloserToTheCurveAndSmoother(rate: Double) {
        let samples = Self.circle(rate: rate, grid: 0.5)
        func radialError(_ technique: any InterpolationTechnique) -> (mean: Double, wiggle: Double) {
            let polyline = StrokeBuilder.path(for: samples, technique: technique).flattened(tolerance: 0.001)
            let errors = polyline.map { abs(($0 - Point2D(100, 100)).length - 40) }
            // Wiggle: the total change of turning between neighbouring 0.5-point steps.
            var turning: [Double] = []
            var previous: Point2D?
            var walked: [Point2D] = [polyline[0]]
            for point in polyline where (point - walked[walked.count - 1]).length >= 0.5 { walked.append(point) }
            for (a, b) in zip(walked, walked.dropFirst()) {
                if let previous { turning.append(atan2((previous).cross(b - a), previous.dot(b - a))) }
                previous = b - a
            }
            let change = zip(turning, turning.dropFirst()).reduce(0) { $0 + abs($1.1 - $1.0) }
            return (errors.reduce(0, +) / Double(errors.count), change)
        }
        let raw = radialError(Self.spline), denoised = radialError(FreehandTechnique.standard)
        // Four times as many samples in the window at 240 Hz as at 120 Hz: more noise averaged away.
        #expect(denoised.mean < (rate == 240 ? 0.6 : 0.8) * raw.mean, "\(rate) Hz: \(denoised.mean) vs \(raw.mean)")
        #expect(denoised.wiggle < 0.5 * raw.wiggle, "\(rate) Hz: \(denoised.wiggle) vs \(raw.wiggle)")
    }

    @Test func aStrokeStillStartsWhereThePenTouchedAndEndsWhereItLifted() {
        let samples = Self.circle(rate: 240, grid: 0.5, seconds: 0.7)
        let path = StrokeBuilder.path(for: samples, technique: FreehandTechnique.standard)
        #expect(path.elements.first == .move(to: samples[0].location))
        #expect(path.endPoint == samples[samples.count - 1].location)
    }

    @Test(arguments: [240.0, 120, 60, 30])
    func theLagItAddsStaysUnderTheWindowAtASteadyRate(rate: Double) throws {
        var builder = StrokeBuilder()
        var worst = 0.0
        for sample in Self.circle(rate: rate, grid: 0.5) {
            try builder.append(sample)
            guard builder.settledPointCount > 0 else { continue }
            let newest = builder.pointTimes[builder.points.count - 1], settled = builder.pointTimes[builder.settledPointCount - 1]
            worst = Swift.max(worst, newest - settled)
        }
        #expect(worst < TimeWindowDenoiser.standardWindow, "\(rate) Hz: \(worst * 1000) ms")
        // At 30 Hz no neighbour fits in the window: nothing waits.
        if rate <= 30 { #expect(worst == 0) }
    }

    @Test func aRestingPenFlickeringBetweenGridCellsIsHeldStill() throws {
        // At rest at x = 0.2 the readings flicker between the cells at 0 and 0.5, three to two, at
        // 240 Hz. Each reading counts (repeats too): the points sit near 0.2, not 0.5 apart.
        var samples: [Sample] = []
        for index in 0..<60 {
            samples.append(Sample(x: index % 5 < 3 ? 0 : 0.5, y: 0, timestamp: Double(index) / 240))
        }
        var builder = StrokeBuilder()
        try builder.append(samples)
        try builder.end()
        let interior = builder.points.dropFirst(4).dropLast(4)
        #expect(interior.count >= 15)
        for point in interior {
            #expect(abs(point.x - 0.2) < 0.1, "\(point)")
            #expect(point.y == 0)
        }
    }

    @Test func manySamplesAtOneInstantCostABoundedWindow() throws {
        // A hostile stream: 20,000 samples with one timestamp. Each window reads at most 16 a side.
        let samples = (0..<20_000).map { Sample(x: Double($0 % 100), y: Double($0 / 100), timestamp: 1) }
        var builder = StrokeBuilder()
        try builder.append(samples)
        #expect(builder.points.count - builder.settledPointCount <= TimeWindowDenoiser.maximumNeighbours)
        try builder.end()
        #expect(builder.path.elements.allSatisfy { $0.isFinite })
    }

    @Test func theWindowIsCheckedAndZeroTurnsItOff() throws {
        #expect(throws: ParameterError.self) { try TimeWindowDenoiser(window: -0.001) }
        #expect(throws: ParameterError.self) { try TimeWindowDenoiser(window: 0.2) }
        #expect(throws: ParameterError.self) { try TimeWindowDenoiser(window: .nan) }
        let off = try FreehandTechnique(denoising: TimeWindowDenoiser(window: 0))
        #expect(off.denoiser == nil)
    }

    @Test func streamingEqualsBatchWithPredictionsAndEveryChunking() throws {
        var random = SeededGenerator(seed: 11)
        let samples = Self.circle(rate: 240, grid: 0.5).map { sample in
            var moved = sample
            moved.location += Point2D(Double.random(in: -0.3...0.3, using: &random), Double.random(in: -0.3...0.3, using: &random))
            return moved
        }
        let batch = StrokeBuilder.path(for: samples, technique: FreehandTechnique.standard)
        for chunk in [1, 3, 17] {
            var builder = StrokeBuilder()
            var committed: [PathElement] = []
            var start = 0
            while start < samples.count {
                let end = Swift.min(start + chunk, samples.count)
                let predicted = [Sample(location: samples[end - 1].location + Point2D(2, 1), timestamp: samples[end - 1].timestamp! + 0.008)]
                let update = try builder.append(samples[start..<end], predicted: predicted)
                committed += update.committed.elements.drop { if case .move = $0 { return true } else { return false } }
                start = end
            }
            let last = try builder.end()
            committed += last.committed.elements.drop { if case .move = $0 { return true } else { return false } }
            #expect(builder.path == batch, "chunks of \(chunk)")
            #expect(Array(batch.elements.dropFirst()) == committed, "chunks of \(chunk)")
        }
    }
}
