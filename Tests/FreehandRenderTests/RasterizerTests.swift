import FreehandEvaluation
import FreehandKit
import Foundation
@testable import FreehandRender
import Testing

struct RasterizerTests {
    /// Total coverage and per-pixel coverage of `polygon` on a `size` × `size` canvas.
    func coverage(_ polygon: [Point2D], size: Int = 32) -> (total: Double, pixels: [Int: Float]) {
        var total = 0.0
        var pixels: [Int: Float] = [:]
        Rasterizer().rasterize(polygon, clip: PixelRect(width: size, height: size)) { row, first, values in
            for (offset, value) in values.enumerated() where value > 0 {
                total += Double(value)
                pixels[row * size + first + offset] = value
            }
        }
        return (total, pixels)
    }

    static func area(_ polygon: [Point2D]) -> Double {
        var sum = 0.0
        for index in polygon.indices { sum += polygon[index].cross(polygon[(index + 1) % polygon.count]) }
        return abs(sum) / 2
    }

    @Test func aPixelAlignedSquareCoversWholePixelsExactly() {
        let result = coverage([Point2D(2, 3), Point2D(6, 3), Point2D(6, 5), Point2D(2, 5)])
        #expect(result.pixels.count == 8)
        #expect(result.pixels.values.allSatisfy { $0 == 1 })
    }

    @Test func edgesThroughPixelsGiveTheExactCoveredArea() {
        let result = coverage([Point2D(2.5, 3), Point2D(6.25, 3), Point2D(6.25, 4), Point2D(2.5, 4)])
        #expect(result.pixels[3 * 32 + 2] == 0.5)
        #expect(result.pixels[3 * 32 + 3] == 1)
        #expect(result.pixels[3 * 32 + 6] == 0.25)
    }

    @Test func totalCoverageEqualsPolygonAreaForRandomConvexPolygons() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<200 {
            let center = Point2D(Double.random(in: 8...24, using: &random), Double.random(in: 8...24, using: &random))
            let radius = Double.random(in: 0.3...7, using: &random)
            let count = Int.random(in: 3...12, using: &random)
            let start = Double.random(in: 0...6.28, using: &random)
            let polygon = (0..<count).map { index -> Point2D in
                let angle = start + 2 * .pi * Double(index) / Double(count)
                return center + Point2D(cos(angle), sin(angle)) * radius
            }
            let result = coverage(polygon)
            #expect(abs(result.total - Self.area(polygon)) < 1e-3 * max(1, Self.area(polygon)))
            #expect(result.pixels.values.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }

    @Test func polygonsCrossingTheCanvasEdgeAreClippedExactly() {
        // A 10 × 10 square centred on the top-left corner: a quarter of it is on the canvas.
        let result = coverage([Point2D(-5.3, -5.3), Point2D(4.7, -5.3), Point2D(4.7, 4.7), Point2D(-5.3, 4.7)])
        #expect(abs(result.total - 4.7 * 4.7) < 1e-4)
        // A slanted edge leaving through the left side.
        let slanted = coverage([Point2D(-4, 2), Point2D(6, 2), Point2D(2, 10)])
        #expect(abs(slanted.total - 0.5 * 10 * 8 + 0.5 * 4 * (8 * 4 / 6)) < 1e-3)
    }

    @Test func overlappingPartsOfOnePolygonAreCoveredOnce() {
        // Two squares in one polygon, same orientation, overlapping: non-zero fills the overlap once.
        let polygon = [Point2D(2, 2), Point2D(10, 2), Point2D(10, 10), Point2D(2, 10), Point2D(2, 2),
                       Point2D(6, 6), Point2D(14, 6), Point2D(14, 14), Point2D(6, 14), Point2D(6, 6)]
        let result = coverage(polygon)
        #expect(result.pixels[7 * 32 + 7] == 1)
        #expect(abs(result.total - (64 + 64 - 16)) < 1e-3)
    }

    /// Coverage of the union of `polygons` (non-zero) by a 32 × 32 sample grid per pixel: the
    /// independent reference for overlapping shapes.
    static func sampledCoverage(_ polygons: [[Point2D]], x: Int, y: Int) -> Double {
        var inside = 0
        for i in 0..<32 {
            for j in 0..<32 {
                let point = Point2D(Double(x) + (Double(i) + 0.5) / 32, Double(y) + (Double(j) + 0.5) / 32)
                var winding = 0
                for polygon in polygons {
                    for index in polygon.indices {
                        let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                        if a.y <= point.y {
                            if b.y > point.y, (b - a).cross(point - a) > 0 { winding += 1 }
                        } else if b.y <= point.y, (b - a).cross(point - a) < 0 {
                            winding -= 1
                        }
                    }
                }
                if winding != 0 { inside += 1 }
            }
        }
        return Double(inside) / 1024
    }

    @Test func aSquareOffTheGridCoversHalfPixelsByHalf() {
        let result = coverage([Point2D(2.5, 3), Point2D(6.5, 3), Point2D(6.5, 5), Point2D(2.5, 5)])
        #expect(result.pixels[3 * 32 + 2] == 0.5)
        #expect(result.pixels[4 * 32 + 6] == 0.5)
        #expect(result.pixels[3 * 32 + 4] == 1)
        #expect(abs(result.total - 8) < 1e-5)
    }

    @Test func overlappingAndSelfCrossingPolygonsMatchASampledNonZeroReference() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            // Two or three random polygons, each possibly self-crossing, some reversed.
            let polygons = (0..<Int.random(in: 2...3, using: &random)).map { _ in
                (0..<Int.random(in: 3...7, using: &random)).map { _ in
                    Point2D(Double.random(in: 1...15, using: &random), Double.random(in: 1...15, using: &random))
                }
            }
            var measured = [Float](repeating: 0, count: 16 * 16)
            Rasterizer().rasterize(polygons, clip: PixelRect(width: 16, height: 16)) { row, run in
                switch run {
                case .varying(let first, let values): for (offset, value) in values.enumerated() { measured[row * 16 + first + offset] = value }
                case .solid(let first, let count, let value): for x in first..<(first + count) { measured[row * 16 + x] = value }
                }
            }
            for y in 0..<16 {
                for x in 0..<16 {
                    let expected = Self.sampledCoverage(polygons, x: x, y: y)
                    // The sampled reference is within 1/32 of a pixel's area per edge crossing it.
                    #expect(abs(Double(measured[y * 16 + x]) - expected) < 0.07, "pixel \(x), \(y) of \(polygons)")
                }
            }
        }
    }

    /// Coverage of the union of `polygons` (non-zero) in a `width` × `height` clip, from 256
    /// sub-rows per pixel row, each with exact horizontal coverage: an independent reference
    /// within about 1/256 of a pixel per edge, fine enough to hold the exact sweep to 1/100.
    static func finelySampledCoverage(_ polygons: [[Point2D]], width: Int, height: Int) -> [Double] {
        var pixels = [Double](repeating: 0, count: width * height)
        let subRows = 256
        for row in 0..<(height * subRows) {
            let y = (Double(row) + 0.5) / Double(subRows)
            var crossings: [(x: Double, step: Int)] = []
            for polygon in polygons {
                for index in polygon.indices {
                    let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                    guard (a.y <= y) != (b.y <= y) else { continue }
                    crossings.append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), a.y < b.y ? 1 : -1))
                }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for (index, crossing) in crossings.enumerated() {
                winding += crossing.step
                guard winding != 0, index + 1 < crossings.count else { continue }
                // Inked from this crossing to the next, clipped to the row of pixels.
                let from = Swift.max(0, crossing.x), to = Swift.min(Double(width), crossings[index + 1].x)
                guard to > from else { continue }
                let line = (row / subRows) * width
                for column in Int(from.rounded(.down))..<Swift.min(width, Int(to.rounded(.up))) {
                    let covered = Swift.min(to, Double(column + 1)) - Swift.max(from, Double(column))
                    if covered > 0 { pixels[line + column] += covered / Double(subRows) }
                }
            }
        }
        return pixels
    }

    /// The rasterizer's coverage of `polygons` in a `width` × `height` clip, one value a pixel.
    static func measuredCoverage(_ polygons: [[Point2D]], width: Int, height: Int) -> [Double] {
        var measured = [Double](repeating: 0, count: width * height)
        Rasterizer().rasterize(polygons, clip: PixelRect(width: width, height: height)) { row, run in
            switch run {
            case .varying(let first, let values): for (offset, value) in values.enumerated() { measured[row * width + first + offset] = Double(value) }
            case .solid(let first, let count, let value): for x in first..<(first + count) { measured[row * width + x] = Double(value) }
            }
        }
        return measured
    }

    @Test func crossingsLevelStepsAndTheClipAreCoveredExactly() {
        // A chain that steps sideways (a level edge) across a bar in the middle of a row: the
        // bar is crossed at the step's height, not somewhere after it.
        let staircase = [Point2D(10, 1), Point2D(10, 5.5), Point2D(2, 5.5), Point2D(2, 12), Point2D(14, 12), Point2D(14, 1)]
        let bar = [Point2D(5, 3), Point2D(7, 3), Point2D(7, 9), Point2D(5, 9)]
        for polygons in [[staircase, bar], [staircase, Array(bar.reversed())]] {
            let measured = Self.measuredCoverage(polygons, width: 16, height: 16)
            let reference = Self.finelySampledCoverage(polygons, width: 16, height: 16)
            #expect(zip(measured, reference).map { abs($0 - $1) }.max() ?? 1 < 0.01)
        }
        var random = SeededGenerator(seed: 11)
        for trial in 0..<60 {
            // Random polygons reaching past the 16 × 16 clip on every side, crossing themselves
            // and each other; every other trial on a half-pixel grid, so that many edges are level
            // (chains step sideways where they were) and many vertices and edges coincide.
            let snapped = trial % 2 == 0
            func coordinate() -> Double {
                let value = Double.random(in: -4...20, using: &random)
                return snapped ? (value * 2).rounded() / 2 : value
            }
            let polygons = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 3...12, using: &random)).map { _ in Point2D(coordinate(), coordinate()) }
            }
            let measured = Self.measuredCoverage(polygons, width: 16, height: 16)
            let reference = Self.finelySampledCoverage(polygons, width: 16, height: 16)
            let worst = zip(measured, reference).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < 0.01, "trial \(trial): \(polygons)")
        }
    }

    @Test func aRowCrossedByHundredsOfEdgesIsSampledWithinASixteenthOfAPixel() {
        // A zigzag of 300 long edges across a 40-pixel strip: every row holds hundreds of chains
        // that cross one another, past the exact sweep's budget, so those rows are sampled at 16
        // heights — in bounded time, within a sixteenth of a pixel.
        var random = SeededGenerator(seed: 5)
        let zigzag = (0..<300).map { index in Point2D(Double.random(in: 0...40, using: &random), index % 2 == 0 ? 0.3 : 5.6) }
        let measured = Self.measuredCoverage([zigzag], width: 40, height: 6)
        let reference = Self.finelySampledCoverage([zigzag], width: 40, height: 6)
        let worst = zip(measured, reference).map { abs($0 - $1) }.max() ?? 1
        #expect(worst > 1e-3, "the rows were sampled, not swept")
        #expect(worst <= 1.0 / 16 + 0.01)
    }

    @Test func aPolygonLeavingTheClipOnTheRightStillCoversWhatIsInside() {
        // Only the left edge of this wide quadrilateral lies inside the clip.
        var inside: Float = 0
        Rasterizer().rasterize(CollectionOfOne([Point2D(2, 1), Point2D(40, 1), Point2D(40, 9), Point2D(2, 9)]), clip: PixelRect(minX: 0, minY: 0, maxX: 8, maxY: 10)) { row, run in
            if row == 5, case .solid(let first, let count, let value) = run, first <= 5, 5 < first + count { inside = value }
        }
        #expect(inside == 1)
    }

    @Test func nonFiniteOrDegeneratePolygonsDrawNothing() {
        #expect(coverage([Point2D(1, 1), Point2D(.nan, 2), Point2D(3, 3)]).total == 0)
        #expect(coverage([Point2D(1, 1), Point2D(5, 5)]).total == 0)
        #expect(coverage([Point2D(1, 1), Point2D(5, 1), Point2D(9, 1)]).total == 0)
    }
}

/// The seeded generator of the evaluation module, so random tests are reproducible.
typealias SeededGenerator = SplitMix64

struct SVGPolygonDataTests {
    @Test(arguments: [0, 7, 9, 10, 99, 100, 1_000_000, 999_999_999, -1, -10, -1_000_000_000, Int.max, Int.min])
    func decimalsAreWrittenAsTheirStringsAre(value: Int) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
    }

    @Test func polygonDataIsCompactAndLandsEveryVertexOnTheGrid() {
        let text = SVGPolygonData.text([Point2D(10, 20), Point2D(10.5, 20), Point2D(10.5, 19.3), Point2D(9.9, 19.26)])
        #expect(text == "M10 20l.5 0 0-.7-.6 0z")
        // Relative steps never accumulate rounding: a long walk ends where its last point rounds.
        var points: [Point2D] = []
        var position = Point2D(0.013, 0.027)
        for step in 0..<1000 {
            position += Point2D(0.0337, -0.0211 * Double(step % 3))
            points.append(position)
        }
        let steps = SVGPolygonDataTests.parse(SVGPolygonData.text(points))
        #expect(abs(steps.last!.x - points.last!.x) <= 0.05 + 1e-9)
        #expect(abs(steps.last!.y - points.last!.y) <= 0.05 + 1e-9)
    }

    @Test func curvedDataStaysOnTheOutlineAndIsShorter() {
        let circle = (0..<200).map { index -> Point2D in
            let angle = Double(index) / 200 * 2 * .pi
            return Point2D(50 + 30 * cos(angle), 40 + 30 * sin(angle))
        }
        let curved = SVGPolygonData.text(circle, curveTolerance: 0.1)
        #expect(curved.contains("c") && curved.count * 3 < SVGPolygonData.text(circle).count)
        // Walk the commands: every segment's end is near the circle and the path closes.
        let groups = Self.commandGroups(curved)
        var position = Point2D(groups[0].numbers[0], groups[0].numbers[1])
        let start = position
        for (command, numbers) in groups.dropFirst() where command == "l" || command == "c" {
            let stride = command == "l" ? 2 : 6
            for base in Swift.stride(from: 0, to: numbers.count, by: stride) {
                position += Point2D(numbers[base + stride - 2], numbers[base + stride - 1])
                #expect(abs(position.distance(to: Point2D(50, 40)) - 30) <= 0.1 + 0.025 + 1e-9)
            }
        }
        #expect(position.distance(to: start) <= 1e-9)
    }

    /// Each command letter of path data with the numbers after it (separated as SVG allows).
    static func commandGroups(_ text: String) -> [(command: Character, numbers: [Double])] {
        var groups: [(command: Character, numbers: [Double])] = []
        var current = ""
        func flush() {
            if !current.isEmpty, let value = Double(current), !groups.isEmpty { groups[groups.count - 1].numbers.append(value) }
            current = ""
        }
        for character in text {
            switch character {
            case "M", "l", "c", "z":
                flush()
                groups.append((character, []))
            case " ": flush()
            case "-": flush(); current = "-"
            case ".": if current.contains(".") { flush() }; current.append(".")
            default: current.append(character)
            }
        }
        flush()
        return groups
    }

    /// The absolute points of `M x y l dx dy …z` data (numbers separated as SVG allows).
    static func parse(_ text: String) -> [Point2D] {
        var numbers: [Double] = []
        var current = ""
        func flush() {
            if !current.isEmpty, let value = Double(current) { numbers.append(value) }
            current = ""
        }
        for character in text {
            switch character {
            case "M", "l", "z", " ": flush()
            case "-": flush(); current = "-"
            case ".": if current.contains(".") { flush() }; current.append(".")
            default: current.append(character)
            }
        }
        flush()
        var points = [Point2D(numbers[0], numbers[1])]
        var index = 2
        while index + 1 < numbers.count {
            points.append(points.last! + Point2D(numbers[index], numbers[index + 1]))
            index += 2
        }
        return points
    }
}
