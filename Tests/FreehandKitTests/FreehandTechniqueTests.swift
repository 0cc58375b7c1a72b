@testable import FreehandKit
import Foundation
import Testing

struct FreehandTechniqueTests {
    @Test func localC2TangentsReproduceAParabolaExactly() {
        // With uniform knots the C2 equations hold for cubics and the end conditions for parabolas,
        // so samples of a parabola give its exact derivative everywhere.
        let points = (0..<9).map { Point(Double($0), Double($0 * $0) / 4) }
        let tangents = LocalC2Tangents(alpha: 0)
        for i in points.indices {
            let expected = Point(1, Double(i) / 2)
            #expect(tangents.tangent(at: i, in: points[...]).distance(to: expected) < 1e-12, "sample \(i)")
        }
    }

    @Test func localC2SpansPassThroughEverySampleWithMatchingTangents() {
        let points = [Point(0, 0), Point(3, 4), Point(9, 5), Point(10, 12), Point(4, 14), Point(0, 9)]
        let spline = LocalC2Tangents(alpha: 0.15)
        var previousDirection: Point?
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
        let points = (0..<12).map { Point(Double($0) * 3, sin(Double($0)) * 5) }
        var moved = points
        moved[9] += Point(7, -7)
        let tangents = LocalC2Tangents(alpha: 0.15)
        // Sample 6's tangent reads samples 4…8 (window ±1, plus one neighbour for the window's ends).
        #expect(tangents.tangent(at: 6, in: points[0..<11]) == tangents.tangent(at: 6, in: moved[0..<11]))
        #expect(tangents.tangent(at: 7, in: points[0..<11]) != tangents.tangent(at: 7, in: moved[0..<11]))
        var early = points
        early[3] += Point(7, -7)
        #expect(tangents.tangent(at: 6, in: points[0..<11]) == tangents.tangent(at: 6, in: early[0..<11]))
        #expect(tangents.tangent(at: 5, in: points[0..<11]) != tangents.tangent(at: 5, in: early[0..<11]))
    }

    @Test func oneEuroFilterPassesTheFirstSampleAndHoldsStillInputStill() throws {
        var filter = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 30, derivativeCutoff: 5)
        #expect(filter.filter(Point(4, 4), at: 0) == Point(4, 4))
        for step in 1...20 { #expect(filter.filter(Point(4, 4), at: Double(step) / 60) == Point(4, 4)) }
    }

    @Test func oneEuroFilterSmoothsJitterAtLowCutoffAndASteepSettingFollowsFastMotion() throws {
        var atRest = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 0, derivativeCutoff: 5)
        var jitter: [Double] = []
        for step in 0..<120 {
            let noisy = Point(step % 2 == 0 ? 0.5 : -0.5, 0)
            jitter.append(abs(atRest.filter(noisy, at: Double(step) / 60).x))
        }
        #expect(jitter.suffix(60).max()! < 0.2)

        // The setting the default technique used before it dropped the filter (1 Hz, 30, 5 Hz).
        var moving = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 30)
        var lag = 0.0
        for step in 0..<60 {
            let time = Double(step) / 60
            lag = Point(300 * time, 0).x - moving.filter(Point(300 * time, 0), at: time).x
        }
        #expect(lag < 1)
    }

    @Test func oneEuroFilterIsDrivenByTimestampsNotBySampleCount() throws {
        var fast = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 0, derivativeCutoff: 5)
        var slow = fast
        _ = fast.filter(.zero, at: 0)
        _ = slow.filter(.zero, at: 0)
        let afterShortInterval = fast.filter(Point(10, 0), at: 0.001)
        let afterLongInterval = slow.filter(Point(10, 0), at: 1)
        #expect(afterLongInterval.x > afterShortInterval.x)
        var untimed = try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 0, derivativeCutoff: 5, fallbackInterval: 0.001)
        _ = untimed.filter(.zero, at: nil)
        #expect(untimed.filter(Point(10, 0), at: nil) == afterShortInterval)
    }

    @Test func theDefaultHasNoFilterAndWaitsTwoSamplesOrThreeWithOne() throws {
        #expect(FreehandTechnique.standard.inputFilter == nil)
        #expect(FreehandTechnique.standard.lookahead == 2)
        let filtered = try FreehandTechnique(filter: try OneEuroFilter(minimumCutoff: 1, speedCoefficient: 30))
        #expect(filtered.lookahead == 3)
        // Span k is final once Pₖ₊₂ is known: after samples 0…5, spans 1…3 are committed.
        var builder = StrokeBuilder()
        try builder.append((0..<6).map { Sample(x: Double($0) * 10, y: Double($0 % 2) * 5) })
        #expect(builder.committedSpans.progress == [0, 1, 2, 3])
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
