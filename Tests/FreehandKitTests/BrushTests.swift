@testable import FreehandKit
import FreehandDocument
@testable import FreehandEvaluation
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
        // A zero force is the pen lifting: it keeps the width before it.
        let samples = [Sample(x: 0, y: 0, force: 0.5), Sample(x: 1, y: 0, force: 0), Sample(x: 2, y: 0, kind: .finger), Sample(x: 3, y: 0, force: 1.5)]
        #expect(widths(brush, samples) == [2, 2, 2, 4])
        let light = (0..<6).map { Sample(x: Double($0), y: 0, force: 0.05) }
        #expect(widths(brush, light) == Array(repeating: 0.5, count: 6))
        let curved = try PressureBrush(response: .gamma(2))
        #expect(widths(curved, [Sample(x: 0, y: 0, force: 0.5)]) == [1])
        #expect(throws: ParameterError.self) { try PressureBrush(sensitivity: 0) }
        #expect(throws: ParameterError.self) { try PressureBrush(response: .gamma(-1)) }
    }

    /// At the writer's own pace the width is the geometric mean of the two widths; a segment
    /// `speedRatio` times faster than the pace or more draws the thinnest, one that many times slower
    /// the widest, and the width follows through the low-pass filter.
    @Test func velocityWidthFollowsTheSpeedAgainstTheWritersPace() throws {
        let brush = try VelocityBrush()
        let settling = VelocityBrush.settlingPoints
        let steady = (0..<(settling + 10)).map { Sample(x: Double($0), y: 0, timestamp: Double($0) / 100) }  // 100 pt/s
        let pace = (2.5 * 0.5).squareRoot()
        #expect(widths(brush, steady).allSatisfy { abs($0 - pace) < 1e-9 })
        // Ten times the pace past the settling points: the thinnest, low-passed.
        var fast = steady
        for index in (settling + 5)..<fast.count { fast[index].location.x += 9 * Double(index - settling - 4) }
        #expect(abs(widths(brush, fast)[settling + 5] - (0.5 * pace + 0.5 * 0.5)) < 1e-9)
        // A tenth of it: the widest.
        var slow = steady
        for index in (settling + 5)..<slow.count { slow[index].location.x -= 0.9 * Double(index - settling - 4) }
        #expect(abs(widths(brush, slow)[settling + 5] - (0.5 * pace + 0.5 * 2.5)) < 1e-9)
        // Between, the width falls as a power of the speed: twice the pace, a fraction ln 2 / (2 ln 2.9) past the middle.
        var faster = steady
        for index in (settling + 5)..<faster.count { faster[index].location.x += Double(index - settling - 4) }
        let typical = 100 + (1 - exp(-0.01 / brush.memory)) * (200 - 100)
        let target = 2.5 * pow(0.2, 0.5 + log(200 / typical) / (2 * log(2.9)))
        #expect(abs(widths(brush, faster)[settling + 5] - (0.5 * pace + 0.5 * target)) < 1e-9)
    }

    /// The brush is scale-free: the same hand written twice as fast, or twice as large, draws the
    /// same widths — a fast signer and a slow one both get thick and thin.
    @Test func velocityWidthIsTheSameForTheSameHandFasterOrLarger() throws {
        let brush = try VelocityBrush(memory: 0.1)
        // A wavy stroke at a varying pace: slow at the turns, fast between them.
        let samples = (0..<80).map { index -> Sample in
            let t = Double(index) / 100
            let phase = 2 * Double.pi * t * 2
            return Sample(x: 40 * t + 3 * sin(phase), y: 10 * sin(phase), timestamp: t)
        }
        let base = widths(brush, samples)
        let larger = widths(brush, samples.map { sample in
            var sample = sample
            sample.location = sample.location * 2
            return sample
        })
        #expect(zip(base, larger).allSatisfy { abs($0 - $1) < 1e-9 })
        // Twice as fast with half the memory is the same stroke in half the time.
        let faster = widths(try VelocityBrush(memory: 0.05), samples.map { sample in
            var sample = sample
            sample.timestamp = sample.timestamp.map { $0 / 2 }
            return sample
        })
        #expect(zip(base, faster).allSatisfy { abs($0 - $1) < 1e-9 })
        // And it is thick and thin: the widths span a good part of the range.
        #expect(base.max()! - base.min()! > 0.8, "\(base.min()!)…\(base.max()!)")
    }

    /// What a brush carries along the stroke (the velocity brush's pace) survives the style's
    /// smoothing and the bounds, or the brush would lose its pace at every point.
    @Test func whatABrushCarriesSurvivesSmoothingAndBounds() throws {
        var properties = InkProperties(width: 2)
        properties.carried = 300
        #expect(properties.bounded.carried == 300)
        let style = try InkStyle(brush: VelocityBrush.standard, widthSmoothing: 0.5)
        #expect(style.smoothed(properties, previous: InkProperties(width: 1)).carried == 300)
    }

    /// A pen starts from rest: the first points take the speed of the segments after them, so a
    /// stroke does not start with a club at the widest.
    @Test func velocityStartsAtTheStrokesOwnWidth() throws {
        let brush = try VelocityBrush()
        var samples = (0..<20).map { Sample(x: Double($0) * 5, y: 0, timestamp: Double($0) / 100) }  // 500 pt/s
        samples[1].location.x = 0.5  // a slow first step
        let result = widths(brush, samples)
        #expect(result[0] <= result[10] * 1.01 && result[1] <= result[10] * 1.01)
    }

    /// A pen's first force reading often spikes: the first points settle to the next readings.
    @Test func aForceSpikeAtPenDownDrawsNoBulb() throws {
        let brush = try PressureBrush()
        let forces = [0.36, 0.20, 0.20, 0.22, 0.20, 0.20, 0.20]
        let samples = forces.enumerated().map { Sample(x: Double($0.offset) * 2, y: 0, force: $0.element) }
        let result = widths(brush, samples)
        #expect(result[0] <= result[3] * 1.01)
        #expect(abs(result[3] - 0.88) < 1e-12)
    }

    /// Taps leave a dot as wide as the brush's dot width in every preset, whatever the pen-up
    /// reading (a zero force merged onto the tap).
    @Test(arguments: InkPreset.all)
    func everyPresetsTapLeavesAVisibleDot(preset: InkPreset) throws {
        let style = try preset.makeStyle(), technique = try preset.makeTechnique()
        let taps = [
            [Sample(x: 10, y: 10, timestamp: 0, force: 0.3)],
            [Sample(x: 10, y: 10, timestamp: 0, force: 0.3), Sample(x: 10, y: 10, timestamp: 0.008, force: 0)],
            [Sample(x: 10, y: 10, timestamp: 0, force: 0.2), Sample(x: 10.4, y: 10.2, timestamp: 0.008, force: 0)],
        ]
        let disc = Double.pi * style.brush.dotWidth * style.brush.dotWidth / 4
        for tap in taps {
            let outline = try #require(InkStroke.outline(for: tap, technique: technique, style: style))
            var twice = 0.0
            for (a, b) in zip(outline.polygon, outline.polygon.dropFirst() + outline.polygon.prefix(1)) { twice += a.x * b.y - b.x * a.y }
            #expect(abs(twice) / 2 >= 0.8 * disc, "\(preset.name): \(abs(twice) / 2) for a disc of \(disc)")
        }
    }

    /// A pen that lands and crawls before it moves (a slow start, a hook) draws no club: the
    /// stroke's first stretch is no wider than the ink it settles into, in the signature preset.
    @Test func aSlowStartIsNoWiderThanTheInkItSettlesInto() throws {
        let style = try InkPreset.signature.makeStyle()
        var samples: [Sample] = []
        for index in 0..<10 { samples.append(Sample(x: Double(index) * 0.3, y: 0, timestamp: Double(index) / 100)) }  // 30 pt/s
        for index in 1...30 { samples.append(Sample(x: 2.7 + Double(index) * 6, y: 0, timestamp: 0.09 + Double(index) / 100)) }  // 600 pt/s
        var stroke = InkStroke(style: style, outputs: [])
        _ = try stroke.append(samples)
        _ = try stroke.end()
        let settling = 2 * style.brush.dotWidth
        let settled = try #require(stroke.vertices.first { $0.distance >= settling }).width
        let start = stroke.vertices.filter { $0.distance < settling }.map(\.width).max() ?? 0
        #expect(start <= settled * 1.001, "start \(start), settled \(settled)")
        #expect(settled < 3, "the fast ink is thin: \(settled)")
    }

    /// A tap's readings are light (a quick touch) however hard its writer presses: the pressure
    /// brush draws it as wide as the pen pressed fully, never narrower than the writing around it.
    @Test func aLightTapIsNoNarrowerThanHeavyWriting() throws {
        let style = try InkPreset.handwriting.makeStyle()
        let writing = (0..<40).map { Sample(x: Double($0) * 2, y: 0, timestamp: Double($0) / 100, force: 0.95) }
        var stroke = InkStroke(style: style, outputs: [])
        _ = try stroke.append(writing)
        _ = try stroke.end()
        let widths = stroke.vertices.map(\.width).sorted()
        let median = widths[widths.count / 2]
        let tap = [Sample(x: 10, y: 10, timestamp: 0, force: 0.12), Sample(x: 10, y: 10, timestamp: 0.008, force: 0)]
        let outline = try #require(InkStroke.outline(for: tap, technique: FreehandTechnique.standard, style: style))
        #expect(abs(NonZeroBoundary.signedArea(outline.polygon)) >= 0.95 * Double.pi * median * median / 4)
    }

    /// A dash shorter than twice its tapers keeps its full width along its middle, not a lozenge.
    @Test func aDashKeepsItsFullWidthAlongItsMiddle() throws {
        let taper = try Taper(startLength: 2, endLength: 6)
        #expect(taper.scale(distanceFromStart: 4, distanceToEnd: 4) == 1)
        #expect(taper.scale(distanceFromStart: 0, distanceToEnd: 8) == taper.tipScale)
    }

    /// A taper shorter than the stroke needs is shortened in proportion: a dot keeps its width.
    @Test func aShortStrokesTaperIsShortenedInProportion() throws {
        let taper = try Taper(startLength: 2, endLength: 6)
        #expect(taper.scale(distanceFromStart: 0, distanceToEnd: 0) == 1)
        #expect(taper.scale(distanceFromStart: 2, distanceToEnd: 2) > 0.8)
        #expect(taper.scale(distanceFromStart: 0, distanceToEnd: 100) == taper.tipScale)
        #expect(taper.scale(distanceFromStart: 1, distanceToEnd: .infinity) < 1)
    }

    /// The fountain pen's width follows the direction against its nib; the highlighter is flat and
    /// translucent.
    @Test func theFountainPenFollowsItsNibAndTheHighlighterIsAFlatWash() throws {
        let pen = try FountainPenBrush()
        func width(along direction: Point2D) -> Double {
            let samples = (0..<3).map { Sample(location: direction * Double($0)) }
            return pen.properties(at: 1, of: input(samples), previous: nil).width
        }
        // Along the nib's edge (45°, y down): the hairline; across it: the full width.
        #expect(abs(width(along: Point2D(1, 1)) - 0.6) < 1e-9)
        #expect(abs(width(along: Point2D(1, -1)) - 4) < 1e-9)
        #expect(width(along: Point2D(1, 0)) > 0.6 && width(along: Point2D(1, 0)) < 4)
        let pressed = [Sample(x: 0, y: 0, force: 1), Sample(x: 1, y: -1, force: 1), Sample(x: 2, y: -2, force: 1)]
        #expect(abs(pen.properties(at: 1, of: input(pressed), previous: nil).width - 4 * 1.4) < 1e-9)
        let marker = HighlighterBrush.standard
        #expect(marker.properties(at: 0, of: input([Sample(x: 0, y: 0, force: 1)]), previous: nil) == InkProperties(width: 14, opacity: 0.35))
        #expect(try BrushCatalog.brush(named: "fountain-pen", options: BrushOptions(width: 8)).dotWidth == 8)
    }

    /// Untimed samples are `fallbackInterval` apart: the pace's memory counts them at that rate.
    @Test func velocityBrushWithoutTimestampsUsesTheFallbackRate() throws {
        let brush = try VelocityBrush(smoothing: 0)
        // Steps that vary in length past the settling points, so the pace moves.
        let steps = (0..<40).map { index in Double(index % 7 + 1) }
        func stroke(interval: Double?) -> [Sample] {
            var x = 0.0
            return steps.enumerated().map { index, step in
                x += step
                return Sample(x: x, y: 0, timestamp: interval.map { Double(index) * $0 })
            }
        }
        let untimed = widths(brush, stroke(interval: nil))
        let timed = widths(brush, stroke(interval: Sample.untimedInterval))
        #expect(zip(untimed, timed).allSatisfy { abs($0 - $1) < 1e-9 })
        let faster = widths(brush, stroke(interval: Sample.untimedInterval / 4))
        #expect(zip(untimed, faster).contains { abs($0 - $1) > 1e-3 })
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
        #expect(taper.scale(distanceFromStart: 100, distanceToEnd: 5) == 0.25)
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
            // Some samples lack force or radius (base widths apply), some have tiny ones (minimums
            // apply); the speed changes (300–430 pt/s, within the velocity brush's range).
            return Sample(
                x: 4 * step + 3 * Double(index % 4), y: step, timestamp: step / 60, force: index % 4 == 0 ? nil : 0.1 * Double(index % 7),
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

    /// Width changes smoothly across samples: a sparse stroke whose force peaks at its middle
    /// sample has no kink there (the width's slope just before and just after it is near zero, where
    /// straight interpolation would turn from +0.12 to −0.12 pt a point), and never leaves the range of
    /// its neighbours.
    @Test func widthHasNoKinkAtASample() throws {
        let brush = try PressureBrush(sensitivity: 6)
        // The peak past the start's settling points.
        let forces = [0.2, 0.2, 0.2, 0.2, 0.6, 0.2, 0.2]
        let samples = forces.enumerated().map { Sample(x: Double($0.offset) * 20, y: $0.offset % 2 == 0 ? 4 : 0, force: $0.element) }
        let technique = try TechniqueCatalog.technique(named: "catmull-rom")
        var stroke = InkStroke(technique: technique, style: try InkStyle(brush: brush, flattening: .tolerance(0.001), widthSmoothing: 0), outputs: [])
        _ = try stroke.append(samples)
        _ = try stroke.end()
        let vertices = stroke.vertices
        #expect(vertices.count > 20)
        let peak = try #require(vertices.firstIndex { $0.position == Point2D(80, 4) })
        let before = vertices[peak - 1], after = vertices[peak + 1]
        let slopeBefore = (vertices[peak].width - before.width) / (vertices[peak].distance - before.distance)
        let slopeAfter = (after.width - vertices[peak].width) / (after.distance - vertices[peak].distance)
        #expect(abs(slopeBefore) < 0.02 && abs(slopeAfter) < 0.02, "\(slopeBefore), \(slopeAfter)")
        #expect(abs(vertices[peak].width - 3.6) < 1e-9)
        #expect(vertices.allSatisfy { $0.width >= 1.2 - 1e-9 && $0.width <= 3.6 + 1e-9 })
    }
}

/// The brush measurements of `freehand evaluate --brushes`.
struct BrushMeasurementTests {
    /// Each drawing's strokes in points, y down, as `freehand evaluate` measures them (`Drawing.inPoints`).
    static func drawingsInPoints(_ recordings: [TestData.Recording]) -> [[[Sample]]] {
        recordings.map { recording in
            let info = RecordingInfo(units: recording.units, sampleRate: recording.sampleRate)
            return Drawing(strokes: recording.strokes.map { StrokeRecord(samples: $0) }, recording: info).inPoints.strokes.map(\.samples.unpacked)
        }
    }

    /// The signature preset's goals on real recordings: thick and thin (the width's coefficient of
    /// variation 0.15…0.45 along each drawing) and no start wider than 1.25 × its stroke's median.
    static func expectSignatureGoals(_ drawings: [[[Sample]]]) throws {
        let technique = try InkPreset.signature.makeTechnique(), style = try InkPreset.signature.makeStyle()
        let variation = BrushMeasurement.widthVariation(drawings, technique: technique, style: style)
        #expect(!variation.isEmpty)
        #expect(variation.allSatisfy { (0.15...0.45).contains($0) }, "\(variation.sorted())")
        let starts = BrushMeasurement.startRatios(drawings.flatMap { $0 }, technique: technique, style: style)
        #expect(starts.allSatisfy { $0 <= 1.25 }, "\(starts.filter { $0 > 1.25 })")
    }

    @Test func theSignaturePresetIsThickAndThinWithoutClubsOnTheBundledRecordings() throws {
        try Self.expectSignatureGoals(Self.drawingsInPoints(TestData.fixtures))
    }

    @Test(.enabled(if: TestData.hasSharedData, "needs ../shared/data (absent: the bundled recordings above still check the goals)"))
    func theSignaturePresetIsThickAndThinWithoutClubsOnTheSharedRecordings() throws {
        try Self.expectSignatureGoals(Self.drawingsInPoints(TestData.shared))
    }

    /// A stroke's median width is by length: a taper's or a bend's denser vertices count no more
    /// than the length they stand for.
    @Test func aStrokesMedianWidthIsByLength() {
        // Ten vertices of width 1 over the first 1 pt, then one of width 3 each 10 pt to 100 pt.
        var vertices = (0..<10).map { CentrelineVertex(position: Point2D(x: Double($0) / 10, y: 0), width: 1, opacity: 1, distance: Double($0) / 10) }
        vertices += (1...10).map { CentrelineVertex(position: Point2D(x: Double($0) * 10, y: 0), width: 3, opacity: 1, distance: Double($0) * 10) }
        #expect(BrushMeasurement.medianWidth(vertices) == 3)
    }

    /// Width from speed against width from force: the same brush agrees with itself (1), a pen
    /// that presses harder where it slows agrees, one that presses harder where it speeds does not.
    @Test func theAgreementOfTwoWidthsIsTheirCorrelation() throws {
        func stroke(pressingWhenSlow: Bool) -> [Sample] {
            var x = 0.0
            return (0..<60).map { index in
                let slow = (index / 10) % 2 == 0
                x += slow ? 1 : 8
                return Sample(x: x, y: 0, timestamp: Double(index) / 100, force: slow == pressingWhenSlow ? 0.9 : 0.2)
            }
        }
        let velocity = try InkStyle(brush: try VelocityBrush(maximumWidth: 3.5, minimumWidth: 1))
        let pressure = try InkStyle(brush: PressureBrush.standard)
        let technique = FreehandTechnique.standard
        let itself = BrushMeasurement.velocityPressureAgreement([[stroke(pressingWhenSlow: true)]], technique: technique, velocity: pressure, pressure: pressure)
        #expect(abs(try #require(itself.first) - 1) < 1e-9)
        let agrees = BrushMeasurement.velocityPressureAgreement([[stroke(pressingWhenSlow: true)]], technique: technique, velocity: velocity, pressure: pressure)
        let disagrees = BrushMeasurement.velocityPressureAgreement([[stroke(pressingWhenSlow: false)]], technique: technique, velocity: velocity, pressure: pressure)
        #expect(try #require(agrees.first) > 0.5)
        #expect(try #require(disagrees.first) < -0.5)
    }
}
