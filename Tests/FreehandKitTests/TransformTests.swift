import FreehandKit
import Foundation
import Testing

struct TransformTests {
    static let sample = Sample(location: Point2D(1, 2), timestamp: 0.5, force: 0.4, altitude: 0.8, azimuth: 0.3, majorRadius: 3)

    @Test func aSampleMovesWithItsRadiusScaledAndItsAzimuthTurned() {
        // A quarter turn and a doubling, then a move.
        let turn = Transform2D(a: 0, b: 2, c: -2, d: 0, tx: 5, ty: 0)
        let moved = turn.apply(Self.sample)
        #expect(moved.location == Point2D(1, 2) * 0 + Point2D(-4 + 5, 2))
        #expect(moved.majorRadius == 6)
        #expect(abs(moved.azimuth! - (0.3 + .pi / 2)) < 1e-12)
        #expect(moved.timestamp == 0.5 && moved.force == 0.4 && moved.altitude == 0.8)
    }

    @Test func aMirrorMirrorsTheAzimuth() {
        let flip = Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10)
        let moved = flip.apply(Self.sample)
        #expect(moved.location == Point2D(1, 8))
        #expect(abs(moved.azimuth! + 0.3) < 1e-12)
        #expect(moved.majorRadius == 3)
    }

    @Test func missingReadingsStayMissing() {
        let bare = Transform2D(scale: 3).apply(Sample(x: 1, y: 1))
        #expect(bare.azimuth == nil && bare.majorRadius == nil && bare.location == Point2D(3, 3))
    }
}
