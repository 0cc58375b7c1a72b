@testable import FreehandKit
import Foundation
import Testing

struct FreehandTechniqueTests {
    @Test func localC2TangentsReproduceAParabolaExactlyInsideTheStroke() {
        // With uniform knots the C2 equations hold for cubics and the window's end conditions for
        // parabolas, so samples of a parabola give its exact derivative at every sample whose window
        // (±1) stays off the stroke's ends.
        let points = (0..<9).map { Point2D(Double($0), Double($0 * $0) / 4) }
        let tangents = LocalC2Tangents(alpha: 0)
        for i in 2..<(points.count - 2) {
            let expected = Point2D(1, Double(i) / 2)
            #expect(tangents.tangent(at: i, in: points[...]).distance(to: expected) < 1e-12, "sample \(i)")
        }
        // At the stroke's ends the parabola's derivative leans a quarter of the way to the end chord.
        let first = 0.75 * Point2D(1, 0) + 0.25 * (points[1] - points[0])
        let last = 0.75 * Point2D(1, 4) + 0.25 * (points[8] - points[7])
        #expect(tangents.tangent(at: 0, in: points[...]).distance(to: first) < 1e-12)
        #expect(tangents.tangent(at: 8, in: points[...]).distance(to: last) < 1e-12)
    }

    @Test func aSharpTurnBetweenFarSamplesKeepsEachArmWithinThreeQuartersOfItsChord() {
        // A hairpin: a long run out, two close samples at the turn, a long run back.
        let points = [Point2D(0, 0), Point2D(40, 0), Point2D(80, 0), Point2D(82, 3), Point2D(40, 4), Point2D(0, 4)]
        let spline = LocalC2Tangents(alpha: 0.15)
        var shortened = 0
        for k in 1..<points.count {
            guard case .cubic(let c1, let c2, let to) = spline.span(endingAt: k, in: points[...]) else {
                Issue.record("span \(k) is not a cubic")
                return
            }
            let chord = points[k].distance(to: points[k - 1])
            #expect((c1 - points[k - 1]).length <= 0.75 * chord * (1 + 1e-12), "span \(k) start arm")
            #expect((to - c2).length <= 0.75 * chord * (1 + 1e-12), "span \(k) end arm")
            // Shortened arms keep the tangent's direction.
            let h = spline.interval(points[k - 1], points[k]) / 3
            let unlimited = spline.tangent(at: k - 1, in: points[...]) * h
            if (c1 - points[k - 1]).length < unlimited.length * (1 - 1e-9) {
                shortened += 1
                let direction = (c1 - points[k - 1]) / (c1 - points[k - 1]).length
                #expect(direction.distance(to: unlimited / unlimited.length) < 1e-9, "span \(k) arm direction")
            }
        }
        #expect(shortened > 0, "the turn's short span had an arm longer than its chord")
        // Samples evenly spaced on a gentle arc: no arm is near its limit, the spline is untouched.
        let arc = (0..<8).map { Point2D(100 * cos(Double($0) * 0.1), 100 * sin(Double($0) * 0.1)) }
        for k in 2..<(arc.count - 1) {
            guard case .cubic(let c1, _, _) = spline.span(endingAt: k, in: arc[...]) else { continue }
            let h = spline.interval(arc[k - 1], arc[k]) / 3
            #expect(c1 == arc[k - 1] + spline.tangent(at: k - 1, in: arc[...]) * h)
        }
    }

    @Test func localC2SpansPassThroughEverySampleWithMatchingTangents() {
        let points = [Point2D(0, 0), Point2D(3, 4), Point2D(9, 5), Point2D(10, 12), Point2D(4, 14), Point2D(0, 9)]
        let spline = LocalC2Tangents(alpha: 0.15)
        var previousDirection: Point2D?
        for k in 1..<points.count {
            guard case .cubic(let c1, let c2, let to) = spline.span(endingAt: k, in: points[...]) else {
                Issue.record("span \(k) is not a cubic")
                return
            }
            #expect(to == points[k])
            if let previousDirection {
                let incoming = (c1 - points[k - 1]) / (c1 - points[k - 1]).length
                #expect(incoming.distance(to: previousDirection) < 1e-9, "tangent continuity at sample \(k - 1)")
            }
            previousDirection = (to - c2) / (to - c2).length
        }
    }

    @Test func aTangentDependsOnlyOnSamplesWithinItsWindow() {
        let points = (0..<12).map { Point2D(Double($0) * 3, sin(Double($0)) * 5) }
        var moved = points
        moved[9] += Point2D(7, -7)
        let tangents = LocalC2Tangents(alpha: 0.15)
        // Sample 6's tangent reads samples 4…8 (window ±1, plus one neighbour for the window's ends).
        #expect(tangents.tangent(at: 6, in: points[0..<11]) == tangents.tangent(at: 6, in: moved[0..<11]))
        #expect(tangents.tangent(at: 7, in: points[0..<11]) != tangents.tangent(at: 7, in: moved[0..<11]))
        var early = points
        early[3] += Point2D(7, -7)
        #expect(tangents.tangent(at: 6, in: points[0..<11]) == tangents.tangent(at: 6, in: early[0..<11]))
        #expect(tangents.tangent(at: 5, in: points[0..<11]) != tangents.tangent(at: 5, in: early[0..<11]))
    }

    @Test func oneEuroFilterPassesTheFirstSampleAndHoldsStillInputStill() throws {
        var filter = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 30, derivativeCutoff: 5)
        #expect(filter.filter(Point2D(4, 4), at: 0) == Point2D(4, 4))
        for step in 1...20 { #expect(filter.filter(Point2D(4, 4), at: Double(step) / 60) == Point2D(4, 4)) }
    }

    @Test func oneEuroFilterSmoothsJitterAtLowCutoffAndASteepSettingFollowsFastMotion() throws {
        var atRest = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 0, derivativeCutoff: 5)
        var jitter: [Double] = []
        for step in 0..<120 {
            let noisy = Point2D(step % 2 == 0 ? 0.5 : -0.5, 0)
            jitter.append(abs(atRest.filter(noisy, at: Double(step) / 60).x))
        }
        #expect(jitter.suffix(60).max()! < 0.2)

        // The setting the default technique used before it dropped the filter (1 Hz, 30, 5 Hz).
        var moving = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 30)
        var lag = 0.0
        for step in 0..<60 {
            let time = Double(step) / 60
            lag = Point2D(300 * time, 0).x - moving.filter(Point2D(300 * time, 0), at: time).x
        }
        #expect(lag < 1)
    }

    @Test func oneEuroFilterIsDrivenByTimestampsNotBySampleCount() throws {
        var fast = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 0, derivativeCutoff: 5)
        var slow = fast
        _ = fast.filter(.zero, at: 0)
        _ = slow.filter(.zero, at: 0)
        let afterShortInterval = fast.filter(Point2D(10, 0), at: 0.001)
        let afterLongInterval = slow.filter(Point2D(10, 0), at: 1)
        #expect(afterLongInterval.x > afterShortInterval.x)
        var untimed = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 0, derivativeCutoff: 5, fallbackInterval: 0.001)
        _ = untimed.filter(.zero, at: nil)
        #expect(untimed.filter(Point2D(10, 0), at: nil) == afterShortInterval)
    }

    @Test func theDefaultDenoisesWithoutAFilterAndItsSplineWaitsTwoSamplesOrThreeWithAFilter() throws {
        #expect(FreehandTechnique.standard.inputFilter == nil)
        #expect(FreehandTechnique.standard.denoiser == .standard)
        #expect(FreehandTechnique.standard.lookahead == 2 + TimeWindowDenoiser.maximumNeighbours)
        #expect(try FreehandTechnique(denoising: nil).lookahead == 2)
        // A filter and the denoiser are alternatives: with a filter there is none.
        let filtered = try FreehandTechnique(filter: try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 30))
        #expect(filtered.denoiser == nil)
        #expect(filtered.lookahead == 3)
        // Span k is final once Pₖ₊₂ is known: after samples 0…5, spans 1…3 are committed.
        var builder = StrokeBuilder()
        try builder.append((0..<6).map { Sample(x: Double($0) * 10, y: Double($0 % 2) * 5) })
        #expect(builder.committedSpans.progress == [0, 1, 2, 3])
    }

    @Test func untimedSamplesKeepTheDistanceOnlyKnotsAndEvenTimingChangesNothingButRounding() throws {
        let locations = (0..<12).map { Point2D(Double($0) * 7 + Double($0 % 3), 20 * sin(Double($0) * 0.7)) }
        // The spline alone: at 240 Hz the denoiser would (rightly) average these samples.
        let technique = try FreehandTechnique(denoising: nil)
        let distanceOnly = technique.path(through: locations)
        // No timestamps: the engine's timed call falls back to the very same knots.
        let untimed = StrokeBuilder.path(for: locations.map { Sample(location: $0) }, technique: technique)
        #expect(untimed == distanceOnly)
        // Times of the wrong count are not read (no crash, no invented time).
        var cursor = SpanCursor(), output = SpanOutput()
        technique.commit(locations[...], times: [0.0, 0.5][...], cursor: &cursor, into: &output)
        technique.finish(locations[...], times: [][...], cursor: cursor, into: &output)
        #expect(BezierPath(output.elements) == distanceOnly)
        // Evenly timed samples (any rate): every knot interval stretched alike, and only ratios of
        // neighbouring intervals shape the spline.
        for rate in [30.0, 60, 240] {
            let even = StrokeBuilder.path(for: locations.enumerated().map { Sample(location: $1, timestamp: Double($0) / rate) }, technique: technique)
            #expect(even.elements.count == distanceOnly.elements.count)
            for (a, b) in zip(even.flattened(tolerance: 0.01), distanceOnly.flattened(tolerance: 0.01)) {
                #expect(a.distance(to: b) < 1e-9, "\(rate) Hz")
            }
        }
    }

    @Test func aSampleThatCameLateStretchesItsSpansKnotInterval() throws {
        let locations = (0..<10).map { Point2D(Double($0) * 10, 15 * sin(Double($0) * 0.9)) }
        // Sample 5 arrives three frames late: the pen took longer over the segment before it.
        var times = (0..<10).map { Double($0) / 60 }
        for index in 5..<10 { times[index] += 3.0 / 60 }
        let late = StrokeBuilder.path(for: zip(locations, times).map { Sample(location: $0, timestamp: $1) }, technique: FreehandTechnique.standard)
        let even = StrokeBuilder.path(for: locations.enumerated().map { Sample(location: $1, timestamp: Double($0) / 60) }, technique: FreehandTechnique.standard)
        // Both pass through every sample; the spans read by the late segment's interval differ.
        #expect(late.elements.count == even.elements.count)
        #expect(late.elements[5] != even.elements[5])
        #expect(late.elements[1] == even.elements[1])
        #expect(abs(LocalC2Tangents.durationFactor(4.0 / 60) - pow(4.0, LocalC2Tangents.durationExponent)) < 1e-12)
        #expect(abs(LocalC2Tangents.durationFactor(0.5 / 60) - pow(0.5, LocalC2Tangents.durationExponent)) < 1e-12)
        // A pause counts as at most 16 frames; a missing or sub-microsecond duration as none.
        #expect(abs(LocalC2Tangents.durationFactor(10) - pow(16.0, LocalC2Tangents.durationExponent)) < 1e-12)
        #expect(LocalC2Tangents.durationFactor(.nan) == 1)
        #expect(LocalC2Tangents.durationFactor(1e-9) == 1)
        #expect(LocalC2Tangents.durationFactor(-0.5) == 1)
    }

    @Test func freehandEndsAtTheLastSampleAndStartsAtTheFirst() {
        let input = TestData.fixture("inkable-events").strokes[0]
        let path = StrokeBuilder.path(for: input, technique: FreehandTechnique.standard)
        #expect(path.elements.first == .move(to: input[0].location))
        #expect(path.endPoint == input.last!.location)
    }
}

struct OneEuroFilterParameterTests {
    @Test func theFilterValidatesItsParametersLikeEveryOtherType() throws {
        #expect(throws: ParameterError.self) { try OneEuroFilter(minimumCutoff: 0, speedCoefficient: 1) }
        #expect(throws: ParameterError.self) { try OneEuroFilter(minimumCutoff: 1, speedCoefficient: -1) }
        #expect(throws: ParameterError.self) { try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 1, derivativeCutoff: .nan) }
        #expect(throws: ParameterError.self) { try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 1, fallbackInterval: 0) }
        // One home for the derivative cutoff's default: the filter's own.
        #expect(try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 1).derivativeCutoff == OneEuroFilter.standardDerivativeCutoff)
        // One interval for untimed samples, whatever needs time.
        #expect(try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 1).fallbackInterval == Sample.untimedInterval)
        #expect(VelocityBrush.standard.fallbackInterval == Sample.untimedInterval)
    }
}
