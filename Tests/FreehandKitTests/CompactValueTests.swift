@testable import FreehandKit
import Testing

/// The values a long stroke keeps one of per sample or per vertex are stored compactly, and read
/// back exactly as they were given.
struct CompactValueTests {
    @Test func aSampleIsSeventyTwoBytesAndKeepsEveryMeasurementAsGiven() {
        #expect(MemoryLayout<Sample>.stride == 72)
        let values: [Double?] = [nil, 0, -0.0, 1e-300, 0.5, .infinity, -.infinity, .nan, .signalingNaN, -Double.nan, .greatestFiniteMagnitude]
        for value in values {
            var sample = Sample(x: 1, y: 2, timestamp: value, force: value, altitude: value, azimuth: value, majorRadius: value)
            for read in [sample.timestamp, sample.force, sample.altitude, sample.azimuth, sample.majorRadius] {
                #expect(read?.bitPattern == value?.bitPattern)
            }
            sample.force = 0.25
            #expect(sample.force == 0.25 && sample.timestamp?.bitPattern == value?.bitPattern)
            sample.force = nil
            #expect(sample.force == nil)
        }
    }

    @Test func samplesCompareAndHashByWhatTheyRead() {
        let a = Sample(x: 1, y: 2, timestamp: 0.5, force: nil, kind: .finger)
        var b = a
        #expect(a == b && a.hashValue == b.hashValue)
        b.force = 0
        #expect(a != b)
        b.force = nil
        b.estimationUpdateIndex = 3
        #expect(a != b)
        // A NaN measurement equals nothing, as `Double`'s own `==` says.
        let withNaN = Sample(x: 1, y: 2, force: .nan)
        #expect(withNaN != withNaN)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test func aCentrelineVertexIsFortyBytesAndKeepsItsPosition() {
        #expect(MemoryLayout<CentrelineVertex>.stride == 40)
        var vertex = CentrelineVertex(position: Point2D(3, -4), width: 2, opacity: 0.5, distance: 7)
        #expect(vertex.position == Point2D(3, -4) && vertex.radius == 1)
        vertex.position += Point2D(1, 1)
        #expect(vertex.position == Point2D(4, -3))
        #expect(vertex == CentrelineVertex(position: Point2D(4, -3), width: 2, opacity: 0.5, distance: 7))
    }
}
