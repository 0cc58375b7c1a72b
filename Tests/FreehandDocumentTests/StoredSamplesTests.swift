import FreehandDocument
import FreehandEvaluation
import FreehandKit
import Testing

struct StoredSamplesTests {
    private static func randomSamples(count: Int, seed: UInt64) -> [Sample] {
        var random = SplitMix64(seed: seed)
        func value(_ range: ClosedRange<Double>) -> Double { range.lowerBound + Double.random(in: 0...1, using: &random) * (range.upperBound - range.lowerBound) }
        return (0..<count).map { _ in
            Sample(
                x: value(-1e6...1e6), y: value(-1e3...1e3), timestamp: value(0...1e6), force: value(0...1),
                altitude: value(0...(.pi / 2)), azimuth: value(-10...10), majorRadius: value(0...50), kind: .pen)
        }
    }

    @Test func takesOnlyTheBytesOfTheChannelsTheStrokeHas() {
        let mouse: StoredSamples = [Sample(x: 1, y: 2, kind: .mouse), Sample(x: 3, y: 4, kind: .mouse)]
        #expect(mouse.stride == 8 && mouse.channels == [])
        let pen: StoredSamples = [Sample(x: 1, y: 2, timestamp: 0, force: 0.5), Sample(x: 3, y: 4, timestamp: 0.01, force: 0.6)]
        #expect(pen.stride == 14 && pen.channels == [.time, .force])
        let tilted: StoredSamples = [Sample(x: 1, y: 2, timestamp: 0, force: 0.5, altitude: 1, azimuth: 2)]
        #expect(tilted.stride == 18)
        let precise: StoredSamples = [Sample(x: 1.0 / 3, y: 2, timestamp: 1.0 / 3, force: 0.5, altitude: 1, azimuth: 2)]
        #expect(precise.stride == 30)
        let everything = StoredSamples(Self.randomSamples(count: 1000, seed: 1))
        #expect(everything.stride == 32)
        #expect(Double(everything.memoryFootprint) / 1000 <= 32.2)
    }

    @Test func keepsLocationAndTimeExactlyAndReadingsToTheirStep() {
        let samples = Self.randomSamples(count: 500, seed: 2)
        let stored = StoredSamples(samples)
        #expect(stored.count == samples.count)
        for (original, read) in zip(samples, stored) {
            #expect(read.location == original.location)
            #expect(read.timestamp == original.timestamp)
            #expect(abs(read.force! - original.force!) <= 0.5e-4 + 1e-12)
            #expect(abs(read.altitude! - original.altitude!) <= 0.5e-4 + 1e-12)
            #expect(abs(read.majorRadius! - original.majorRadius!) <= 0.5e-2 + 1e-12)
            // The same direction, within the step.
            let turn = (read.azimuth! - original.azimuth!) / (2 * .pi)
            #expect(abs((read.azimuth! - original.azimuth!) - turn.rounded() * 2 * .pi) <= 0.5e-4 + 1e-9)
            #expect(read.azimuth! >= 0 && read.azimuth! < 2 * .pi)
        }
    }

    @Test func readingsGivenToFourDecimalsReadBackExactly() {
        var samples: [Sample] = []
        for step in 0..<2000 {
            let force = Double(step * 3) / 10000
            let altitude = Double(step % 15707) / 10000
            let azimuth = Double(step * 31 % 62831) / 10000
            samples.append(Sample(x: 0, y: 0, force: force, altitude: altitude, azimuth: azimuth))
        }
        for (original, read) in zip(samples, StoredSamples(samples)) {
            #expect(read.force == original.force)
            #expect(read.altitude == original.altitude)
            #expect(read.azimuth == original.azimuth)
        }
        #expect(StoredSamples([Sample(x: 0, y: 0, force: 0.6)])[0].force == 0.6)
    }

    @Test func narrowLocationsAndTimesAreChosenOnlyWhenEveryValueReadsBackBitForBit() {
        let cases: [(samples: [Sample], stride: Int)] = [
            // Hundredths of a millimetre and milliseconds (as the Wacom recordings are).
            ([Sample(x: 25.51, y: 86.53, timestamp: 2.862), Sample(x: -0.07, y: 1e4, timestamp: 2.864)], 12),
            // Single-precision touch coordinates (as Flutter reports them) and microseconds.
            ([Sample(x: 270, y: 538.2857055664062, timestamp: 0.000001), Sample(x: Double(Float(0.1)), y: 3, timestamp: 1234.567891)], 12),
            // A negative zero keeps its sign; a binary fraction no decimal holds fits a float.
            ([Sample(x: -0.0, y: 0, timestamp: 0x1p-20)], 12),
            // Values no 4-byte form holds exactly take 8 bytes.
            ([Sample(x: 1.0 / 3, y: 0, timestamp: 0.1 + 0.2), Sample(x: 3e12, y: .pi, timestamp: 1e300)], 24),
            // Missing and non-finite times take the marker; a NaN location stays NaN.
            ([Sample(x: .nan, y: 1, timestamp: .nan), Sample(x: 2, y: 1, timestamp: nil), Sample(x: 1, y: 1, timestamp: 0.5)], 12),
        ]
        for (samples, stride) in cases {
            let stored = StoredSamples(samples)
            #expect(stored.stride == stride, "\(samples)")
            for (original, read) in zip(samples, stored) {
                #expect(read.location.x.bitPattern == original.location.x.bitPattern || (read.location.x.isNaN && original.location.x.isNaN))
                #expect(read.location.y.bitPattern == original.location.y.bitPattern)
                #expect(read.timestamp?.bitPattern == original.timestamp.flatMap { $0.isFinite ? $0.bitPattern : nil })
            }
            #expect(StoredSamples(Array(stored)) == stored)
        }
    }

    @Test func storingWhatWasReadGivesTheSameBytes() {
        let stored = StoredSamples(Self.randomSamples(count: 2000, seed: 3))
        #expect(StoredSamples(Array(stored)) == stored)
    }

    @Test func missingAndNonFiniteValuesReadBackMissing() {
        let stored: StoredSamples = [
            Sample(x: 1, y: 1, timestamp: 0, force: 0.5, altitude: 1, azimuth: 1, majorRadius: 3),
            Sample(x: 2, y: 2, timestamp: .nan, force: nil, altitude: .infinity, azimuth: nil, majorRadius: .nan),
        ]
        #expect(stored[1].timestamp == nil && stored[1].force == nil && stored[1].altitude == nil)
        #expect(stored[1].azimuth == nil && stored[1].majorRadius == nil)
        #expect(stored[0].majorRadius == 3 && stored[0].timestamp == 0)
    }

    @Test func readingsOutsideTheirRangeAreClampedAsDocumented() {
        let stored: StoredSamples = [Sample(x: 0, y: 0, force: 100, altitude: .pi / 2, azimuth: -.pi / 2, majorRadius: 10_000)]
        #expect(stored[0].force == 6.5534)
        #expect(stored[0].altitude == 1.5707)
        #expect(abs(stored[0].azimuth! - 3 * .pi / 2) <= 0.5e-4)
        #expect(stored[0].majorRadius == 655.34)
    }

    @Test func samplesReadBackWithTheStrokesPointerKind() {
        let stored: StoredSamples = [Sample(x: 0, y: 0, kind: .finger), Sample(x: 1, y: 0, kind: .pen)]
        #expect(stored.map(\.kind) == [.finger, .finger])
        #expect(StoredSamples([]).isEmpty)
    }
}
