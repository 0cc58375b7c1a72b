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
        // Five-decimal force (the Apple Pencil recording's 0.12635) takes 4 bytes, not 2.
        let finer: StoredSamples = [Sample(x: 1, y: 2, timestamp: 0, force: 0.12635)]
        #expect(finer.stride == 16)
        let everything = StoredSamples(Self.randomSamples(count: 1000, seed: 1))
        #expect(everything.stride == 56)
        #expect(Double(everything.memoryFootprint) / 1000 <= 56.2)
    }

    @Test func keepsEveryValueOfEveryChannelBitForBit() {
        let samples = Self.randomSamples(count: 500, seed: 2)
        let stored = StoredSamples(samples)
        #expect(stored.count == samples.count)
        for (original, read) in zip(samples, stored) {
            #expect(read.location == original.location)
            #expect(read.timestamp == original.timestamp)
            #expect(read.force == original.force)
            #expect(read.altitude == original.altitude)
            #expect(read.azimuth == original.azimuth)
            #expect(read.majorRadius == original.majorRadius)
        }
        // Values no pen gives still come back as given: a negative azimuth is not turned into
        // its positive equivalent, a force beyond the 2-byte range is not clamped.
        let odd: [Sample] = [Sample(x: 0, y: 0, force: 7.25, altitude: .pi / 2, azimuth: -0.5, majorRadius: 1e6)]
        #expect(Array(StoredSamples(odd)) == odd)
        // A negative zero reading keeps its sign (`==` alone cannot tell −0 from +0).
        let negativeZeros = [Sample(x: 1, y: 2, force: -0.0, altitude: -0.0, azimuth: -0.0, majorRadius: -0.0), Sample(x: 3, y: 4, force: 0.5)]
        let read = Array(StoredSamples(negativeZeros))
        #expect([read[0].force, read[0].altitude, read[0].azimuth, read[0].majorRadius].allSatisfy { $0?.sign == .minus && $0 == 0 })
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

    @Test func unpackingAllAtOnceGivesWhatEachIndexGives() {
        // Every mix of channels and widths: random readings, then ones that fit narrower forms.
        let strokes: [[Sample]] = [
            Self.randomSamples(count: 300, seed: 4),
            (0..<300).map { (index: Int) -> Sample in
                let step = Double(index)
                return Sample(x: step / 4, y: 2, timestamp: step / 1000, force: Double(index % 10) / 10)
            },
            (0..<300).map { (index: Int) -> Sample in Sample(x: Double(index), y: -Double(index), kind: .finger) },
            (0..<300).map { (index: Int) -> Sample in
                let time: Double? = index % 3 == 0 ? nil : Double(index)
                let radius: Double? = index % 2 == 0 ? 4 : nil
                return Sample(x: 1, y: 2, timestamp: time, majorRadius: radius)
            },
            [],
        ]
        for samples in strokes {
            let stored = StoredSamples(samples)
            let unpacked = stored.unpacked
            #expect(unpacked.count == stored.count)
            for (index, sample) in unpacked.enumerated() {
                let one = stored[index]
                #expect(sample.location == one.location && sample.timestamp == one.timestamp && sample.force == one.force)
                #expect(sample.altitude == one.altitude && sample.azimuth == one.azimuth && sample.majorRadius == one.majorRadius)
                #expect(sample.kind == one.kind)
            }
            #expect(StoredSamples(unpacked) == stored)
        }
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

    @Test func samplesReadBackWithTheStrokesPointerKind() {
        let stored: StoredSamples = [Sample(x: 0, y: 0, kind: .finger), Sample(x: 1, y: 0, kind: .pen)]
        #expect(stored.map(\.kind) == [.finger, .finger])
        #expect(StoredSamples([]).isEmpty)
    }
}
