@testable import FreehandKit
import Foundation
import Testing

struct BrushTests {
    func input(_ samples: [Sample]) -> BrushInput {
        BrushInput(points: samples.map(\.location), samples: samples, pointSampleIndices: Array(samples.indices))
    }

    func widths(_ brush: any Brush, _ samples: [Sample]) -> [Double] {
        var previous: InkProperties?
        return samples.indices.map { index in
            let properties = brush.properties(at: index, of: input(samples), previous: previous)
            previous = properties
            return properties.width
        }
    }

    @Test func pressureWidthIsForceTimesSensitivityWithAMinimumAndABaseWithoutForce() throws {
        let brush = try PressureBrush()
        let samples = [Sample(x: 0, y: 0, force: 0.5), Sample(x: 1, y: 0, force: 0), Sample(x: 2, y: 0, kind: .finger), Sample(x: 3, y: 0, force: 1.5)]
        #expect(widths(brush, samples) == [2, 0.5, 2, 4])
        let curved = try PressureBrush(response: .gamma(2))
        #expect(widths(curved, [Sample(x: 0, y: 0, force: 0.5)]) == [1])
        #expect(throws: ParameterError.self) { try PressureBrush(sensitivity: 0) }
        #expect(throws: ParameterError.self) { try PressureBrush(response: .gamma(-1)) }
    }

    @Test func velocityBrushMapsClampedSpeedToWidthAndLowPassFiltersIt() throws {
        let brush = try VelocityBrush()
        // 1 point in 0.01 s = 100 pt/s; 60 points in 0.01 s = 6000 pt/s (clamped to 5000).
        let samples = [Sample(x: 0, y: 0, timestamp: 0), Sample(x: 1, y: 0, timestamp: 0.01), Sample(x: 61, y: 0, timestamp: 0.02)]
        let result = widths(brush, samples)
        let target100 = 2.5 + (0.5 - 2.5) * (100 - 20) / (5000 - 20)
        #expect(result[0] == 2.5)
        #expect(abs(result[1] - (0.5 * 2.5 + 0.5 * target100)) < 1e-12)
        #expect(abs(result[2] - (0.5 * result[1] + 0.5 * 0.5)) < 1e-12)
    }

    @Test func velocityBrushWithoutTimestampsUsesTheFallbackRate() throws {
        let brush = try VelocityBrush(smoothing: 0)
        let untimed = [Sample(x: 0, y: 0), Sample(x: 10, y: 0)]
        let timed = [Sample(x: 0, y: 0, timestamp: 0), Sample(x: 10, y: 0, timestamp: 1.0 / 60)]
        #expect(abs(widths(brush, untimed)[1] - widths(brush, timed)[1]) < 1e-9)
    }

    @Test func tiltShadingFollowsTheTutorialFormulaBelowTheThresholdAndPressureAbove() throws {
        let brush = try TiltShadingBrush()
        // Travelling along +x, pen leaning across (azimuth π/2), altitude 0.3, force 0.6.
        let low = [Sample(x: 0, y: 0, force: 0.6, altitude: 0.3, azimuth: .pi / 2), Sample(x: 10, y: 0, force: 0.6, altitude: 0.3, azimuth: .pi / 2)]
        let properties = brush.properties(at: 0, of: input(low), previous: nil)
        let lean = 1 - (0.3 - 0.25) / (Double.pi / 6 - 0.25)
        #expect(abs(properties.width - (60 * 1 * lean + 5)) < 1e-9)
        #expect(abs(properties.opacity - 0.6 * 4.1667 / 5) < 1e-12)
        // Along the stroke there is no shading width beyond the minimum.
        let along = low.map { sample -> Sample in var copy = sample; copy.azimuth = 0; return copy }
        #expect(abs(brush.properties(at: 0, of: input(along), previous: nil).width - 5) < 1e-9)
        // Upright: like the pressure brush.
        let upright = [Sample(x: 0, y: 0, force: 0.6, altitude: 1.4, azimuth: 0), Sample(x: 10, y: 0, force: 0.6, altitude: 1.4, azimuth: 0)]
        #expect(brush.properties(at: 0, of: input(upright), previous: nil) == InkProperties(width: 0.6 * 4))
    }

    @Test func contactRadiusBrushUsesHalfTheMajorRadius() throws {
        let brush = try ContactRadiusBrush()
        #expect(widths(brush, [Sample(x: 0, y: 0, majorRadius: 30, kind: .finger), Sample(x: 1, y: 0, kind: .finger)]) == [15, 20])
    }

    @Test func taperNarrowsBothEndsAndOnlyThem() throws {
        let taper = try Taper(startLength: 10, endLength: 20, tipScale: 0, easing: .linear)
        #expect(taper.scale(distanceFromStart: 0, distanceToEnd: 100) == 0)
        #expect(taper.scale(distanceFromStart: 5, distanceToEnd: 100) == 0.5)
        #expect(taper.scale(distanceFromStart: 50, distanceToEnd: 50) == 1)
        #expect(taper.scale(distanceFromStart: 50, distanceToEnd: 5) == 0.25)
        #expect(taper.scale(distanceFromStart: 50, distanceToEnd: .infinity) == 1)
        #expect(throws: ParameterError.self) { try Taper(startLength: -1) }
    }

    @Test func everyBrushHasAStableName() throws {
        for name in BrushCatalog.names { #expect(try BrushCatalog.brush(named: name).name == name) }
        #expect(throws: ParameterError.self) { try BrushCatalog.brush(named: "crayon") }
        #expect(try ResponseCurve(named: "gamma:0.5") == .gamma(0.5))
        #expect(throws: ParameterError.self) { try ResponseCurve(named: "wobbly") }
    }
}

struct InkStyleTests {
    @Test func widthsAreSmoothedAlongTheStroke() throws {
        let style = try InkStyle(brush: try PressureBrush(), widthSmoothing: 0.5)
        let first = style.smoothed(InkProperties(width: 4), previous: nil)
        let second = style.smoothed(InkProperties(width: 0.5), previous: first)
        #expect(first.width == 4)
        #expect(second.width == 2.25)
        #expect(throws: ParameterError.self) { try InkStyle(widthSmoothing: 1) }
    }
}

struct BrushDefaultsTests {
    @Test func theCatalogTakesEachBrushsOwnDefaults() throws {
        // With no options, every catalog brush has the settings of the brush built with its own defaults.
        let constant = try #require(try BrushCatalog.brush(named: "constant") as? ConstantBrush)
        #expect(constant.width == ConstantBrush.standard.width)
        let pressure = try #require(try BrushCatalog.brush(named: "pressure") as? PressureBrush)
        let pressureDefault = PressureBrush.standard
        #expect(pressure.sensitivity == pressureDefault.sensitivity && pressure.minimumWidth == pressureDefault.minimumWidth)
        #expect(pressure.baseWidth == pressureDefault.baseWidth && pressure.response == pressureDefault.response)
        let velocity = try #require(try BrushCatalog.brush(named: "velocity") as? VelocityBrush)
        let velocityDefault = VelocityBrush.standard
        #expect(velocity.maximumWidth == velocityDefault.maximumWidth && velocity.minimumWidth == velocityDefault.minimumWidth)
        #expect(velocity.smoothing == velocityDefault.smoothing)
        let radius = try #require(try BrushCatalog.brush(named: "contact-radius") as? ContactRadiusBrush)
        #expect(radius.minimumWidth == ContactRadiusBrush.standard.minimumWidth && radius.baseWidth == ContactRadiusBrush.standard.baseWidth)
    }
}

struct BrushOptionsReadTests {
    @Test func anOptionTheCatalogSaysABrushIgnoresChangesNoWidth() throws {
        let samples: [Sample] = (0..<40).map { (index: Int) -> Sample in
            let step = Double(index)
            // Some samples lack force or radius (base widths apply), some have tiny ones (minimums apply).
            return Sample(
                x: step * step, y: step, timestamp: step / 60, force: index % 4 == 0 ? nil : 0.1 * Double(index % 7),
                altitude: 0.3 + 0.1 * Double(index % 5), azimuth: 1, majorRadius: index % 3 == 0 ? nil : 0.2 * step)
        }
        let input = BrushInput(points: samples.map { $0.location }, samples: samples, pointSampleIndices: Array(samples.indices))
        func widths(_ brush: any Brush) -> [Double] {
            var previous: InkProperties?
            return samples.indices.map { index in
                let properties = brush.properties(at: index, of: input, previous: previous)
                previous = properties
                return properties.width
            }
        }
        func changed(_ option: BrushCatalog.Option) -> BrushOptions {
            var options = BrushOptions()
            switch option {
            case .width: options.width = 7
            case .minimumWidth: options.minimumWidth = 0.25
            case .maximumWidth: options.maximumWidth = 9
            case .sensitivity: options.sensitivity = 11
            case .response: options.response = .easeIn
            case .smoothing: options.smoothing = 0.9
            }
            return options
        }
        for name in BrushCatalog.names {
            let read = try #require(BrushCatalog.options(readBy: name))
            let standard = widths(try BrushCatalog.brush(named: name))
            for option in BrushCatalog.Option.allCases {
                let altered = widths(try BrushCatalog.brush(named: name, options: changed(option)))
                // What the brush reads changes its ink; what it ignores does not.
                #expect((altered != standard) == read.contains(option), "\(name) \(option)")
            }
        }
    }
}
