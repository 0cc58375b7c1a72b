import Foundation
import Testing
@testable import FreehandKit

struct StabilizerTests {
    /// A pen moving right at `speed` points a second for `seconds` at `rate` hertz, its hand shaking
    /// up and down by up to `shake` points.
    static func shakyLine(rate: Double = 240, speed: Double = 200, seconds: Double = 1, shake: Double = 1.5) -> [Sample] {
        var random = SeededGenerator(seed: 5)
        return (0...Int(rate * seconds)).map { index in
            let time = Double(index) / rate
            return Sample(location: Point2D(speed * time, Double.random(in: -shake...shake, using: &random)), timestamp: time)
        }
    }

    /// The total change of direction along a polyline walked in 1-point steps, radians.
    static func wiggle(_ path: BezierPath) -> Double {
        let polyline = path.flattened(tolerance: 0.01)
        var walked = [polyline[0]]
        for point in polyline where (point - walked[walked.count - 1]).length >= 1 { walked.append(point) }
        var total = 0.0
        for index in 2..<walked.count {
            let a = walked[index - 1] - walked[index - 2], b = walked[index] - walked[index - 1]
            total += abs(atan2(a.cross(b), a.dot(b)))
        }
        return total
    }

    @Test(arguments: Stabilizer.Mode.allCases)
    func strengthZeroLeavesTheInkAsItWas(mode: Stabilizer.Mode) throws {
        let samples = Self.shakyLine()
        #expect(StrokeBuilder.path(for: samples, stabilizer: try Stabilizer(mode, strength: 0)) == StrokeBuilder.path(for: samples))
    }

    @Test(arguments: Stabilizer.Mode.allCases)
    func aShakyHandDrawsASteadyLine(mode: Stabilizer.Mode) throws {
        let samples = Self.shakyLine()
        let plain = Self.wiggle(StrokeBuilder.path(for: samples))
        let steadied = Self.wiggle(StrokeBuilder.path(for: samples, stabilizer: try Stabilizer(mode, strength: 0.5)))
        #expect(steadied < 0.3 * plain, "\(mode): \(steadied) vs \(plain) radians")
    }

    @Test(arguments: Stabilizer.Mode.allCases)
    func theStrokeStartsAtThePenAndCatchesUpWhenItLifts(mode: Stabilizer.Mode) throws {
        let samples = Self.shakyLine(seconds: 0.3)
        let path = StrokeBuilder.path(for: samples, stabilizer: try Stabilizer(mode, strength: 0.8))
        #expect(path.elements.first == .move(to: samples[0].location))
        #expect(path.endPoint == samples[samples.count - 1].location)
    }

    @Test(arguments: Stabilizer.Mode.allCases)
    func whileDrawingTheInkTrailsThePenByAboutTheReach(mode: Stabilizer.Mode) throws {
        // A steady pen, no shake: the ink's end (committed and provisional) trails by the reach.
        let stabilizer = try Stabilizer(mode, strength: 0.5)
        for rate in [120.0, 240] {
            var builder = StrokeBuilder(stabilizer: stabilizer)
            let samples = Self.shakyLine(rate: rate, shake: 0)
            for sample in samples.prefix(Int(rate / 2)) { try builder.append(sample) }
            let pen = samples[Int(rate / 2) - 1].location
            let trail = (pen - (try #require(builder.path.endPoint))).length
            #expect(abs(trail - stabilizer.reach) < 0.15 * stabilizer.reach, "\(mode) at \(rate) Hz: \(trail) pt behind")
        }
    }

    @Test(arguments: Stabilizer.Mode.allCases)
    func streamingEqualsBatch(mode: Stabilizer.Mode) throws {
        let stabilizer = try Stabilizer(mode, strength: 0.6)
        var random = SeededGenerator(seed: 17)
        for _ in 0..<20 {
            let samples = random.stroke(count: Int.random(in: 1...150, using: &random))
            let batch = StrokeBuilder.path(for: samples, stabilizer: stabilizer)
            var builder = StrokeBuilder(stabilizer: stabilizer)
            var joined = BezierPath()
            for chunk in random.chunks(of: samples, maximum: 7) {
                joined.append(continuing: try builder.append(chunk, predicted: [Sample(x: 1, y: 2)]).committed)
            }
            joined.append(continuing: try builder.end().committed)
            #expect(builder.path == batch)
            #expect(joined == batch)
        }
    }

    @Test func aStyleCarriesItsStabilizerIntoTheInk() throws {
        let samples = Self.shakyLine()
        let steady = try InkStyle(stabilizer: Stabilizer(.string, strength: 0.5))
        let plain = try #require(InkStroke.outline(for: samples, style: .default))
        let steadied = try #require(InkStroke.outline(for: samples, style: steady))
        // The steadied outline hugs the line: the 3-point ink strays less from it than the plain one.
        let spread = { (piece: OutlinePiece) in piece.polygon.map(\.y).max()! - piece.polygon.map(\.y).min()! }
        #expect(spread(steadied) < spread(plain) - 0.5, "\(spread(steadied)) vs \(spread(plain))")
    }

    @Test func itsCommandLineFormIsParsedAndChecked() throws {
        #expect(try Stabilizer(parsing: "string:0.25") == Stabilizer(.string, strength: 0.25))
        #expect(try Stabilizer(parsing: "average") == Stabilizer(.average, strength: 0.5))
        #expect(try Stabilizer(parsing: "average:1").description == "average:1.0")
        for bad in ["rope:0.5", "string:abc", "string:1.5", "string:-0.1", "string:nan", "", "string:"] {
            #expect(throws: ParameterError.self, "\(bad)") { try Stabilizer(parsing: bad) }
        }
    }

    @Test func aReadingFarAwayLeavesNoNaN() throws {
        var builder = StrokeBuilder(stabilizer: try Stabilizer(.average, strength: 1))
        try builder.append([Sample(x: 0, y: 0), Sample(x: 1e300, y: -1e300), Sample(x: 3, y: 4)])
        try builder.end()
        #expect(builder.points.allSatisfy { $0.isFinite })
    }
}
