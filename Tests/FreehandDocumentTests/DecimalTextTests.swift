import Foundation
import Testing

@testable import FreehandDocument
@testable import FreehandDrawing
import FreehandEvaluation
import FreehandKit

struct DecimalTextTests {
    /// The text `JSONText` gives one number.
    private func text(_ value: Double, _ precision: NumberPrecision = .exact) -> String {
        var json = JSONText()
        json.append(value, precision: precision)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    @Test(arguments: [NumberPrecision.exact, .decimals(3)])
    func manyPairsWrittenOnTwoCoresAreThePairsWrittenOneByOne(precision: NumberPrecision) {
        var generator = SystemRandomNumberGenerator()
        let points = (0..<(JSONText.concurrentPairs + 1_001)).map { index in
            index % 7 == 0 ? Point2D(Double(index) / 8, -Double(index) * 1e-9) : Point2D(.random(in: -3e4...3e4, using: &generator), .random(in: -1...1, using: &generator))
        }
        var expected = JSONText()
        for (index, point) in points.enumerated() {
            expected.append(index > 0 ? ",[" : "[")
            expected.append(point.x, precision: precision)
            expected.append(",")
            expected.append(point.y, precision: precision)
            expected.append("]")
        }
        var written = JSONText()
        written.appendPairs(points[...], precision: precision)
        #expect(written.bytes == expected.bytes)
        // A slice not starting at zero, below the two-core size: the same text as its own array.
        var slice = JSONText(), copy = JSONText()
        slice.appendPairs(points[5..<105], precision: precision)
        copy.appendPairs(Array(points[5..<105])[...], precision: precision)
        #expect(slice.bytes == copy.bytes && slice.bytes.first == UInt8(ascii: "["))
    }

    @Test func exactNumbersAreWrittenAsSwiftDescribesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 5, 0.5, 0.001, -0.001, 0.0009999, 0.0001, 1e-5, 0.1 + 0.2, 1e15, 1e15 - 1,
                                999_999_999_999_999.9, 123_456_789.123, 546.25, 418.8591183489158, .pi, 2.5e-3, 1.0 / 3, 0.7, 4.35]
        for _ in 0..<20_000 {
            // Recorded values: a few decimals at every magnitude.
            let places = Int.random(in: 0...9, using: &generator)
            let integer = Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &generator))
            values.append(integer / pow(10, Double(places)))
            // Computed values: any double in the decimal range, and any bit pattern.
            values.append(Double.random(in: -2000...2000, using: &generator))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        for value in values where value.isFinite {
            #expect(text(value) == value.description, "\(value)")
        }
    }

    @Test func roundedNumbersKeepTheirPlacesAndDropTrailingZeros() throws {
        #expect(text(546.25, .decimals(3)) == "546.25")
        #expect(text(418.8591183489158, .decimals(3)) == "418.859")
        #expect(text(3, .decimals(3)) == "3")
        #expect(text(-0.0001, .decimals(3)) == "0")
        #expect(text(-0.25, .decimals(3)) == "-0.25")
        #expect(text(0.0096, .decimals(2)) == "0.01")
        #expect(text(12.5, .decimals(0)) == "12")
        #expect(text(1e300, .decimals(3)) == "1e+300")
        #expect(text(-2.5, .decimals(-4)) == "-2")
        #expect(text(0.123456789012, .decimals(12)) == "0.123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let places = Int.random(in: 0...9, using: &generator)
            let value = Double.random(in: -1e5...1e5, using: &generator)
            let written = text(value, .decimals(places))
            let read = try #require(Double(written), "\(written)")
            #expect(abs(read - value) <= 0.5 * pow(10, -Double(places)) * (1 + 1e-9) + value.ulp * 2, "\(value) → \(written)")
            if let point = written.firstIndex(of: ".") {
                let fraction = written[written.index(after: point)...]
                #expect(fraction.count <= places && fraction.last != "0", "\(written)")
            }
        }
    }

    @Test func outlinesWrittenRoundedReadBackWithinTheirPrecision() throws {
        let pieces: [OutlinePiece?] = [OutlinePiece(polygon: [Point2D(0.12345, -7.0004), Point2D(1e20, 2)], opacity: 0.33333)]
        let text = OutlineJSON.string(for: pieces, precision: .decimals(3))
        #expect(text == "{\"strokes\":[{\"outline\":[[0.123,-7],[1e+20,2]],\"opacity\":0.333}]}\n")
        #expect(CentrelineJSON.string(for: [[Point2D(0.5, 2.0004)]], precision: .decimals(3)) == "{\"strokes\":[{\"points\":[[0.5,2]]}]}\n")
        #expect(NumberPrecision("exact") == .exact)
        #expect(NumberPrecision("9") == .decimals(9))
        #expect(NumberPrecision("10") == nil && NumberPrecision("-1") == nil && NumberPrecision("two") == nil)
    }
}

/// Moving a decimal point on the digits of a number's text.
struct DecimalShiftTests {
    @Test(arguments: [
        ("0.30000000000000004", 3, "300.00000000000004"), ("16", -3, "0.016"), ("0.016", 3, "16"), ("1.5e2", 1, "1500"),
        ("-0.0", 3, "-0"), ("0", -3, "0"), ("1e-7", 3, "0.0001"), ("1.7e300", 3, "1.7e303"), ("5e-324", 3, "5e-321"),
        ("-12.5E+1", -1, "-12.5"), ("1700000000000", -3, "1700000000"), ("00120.500", 0, "120.5"),
    ])
    func movesThePointOnTheDigits(text: String, places: Int, expected: String) {
        #expect(DecimalShift.shiftedText(text, by: places) == expected)
    }

    @Test func aShiftThereAndBackIsTheSameDouble() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let value = Double(bitPattern: generator.next() >> 2 | 0x3000_0000_0000_0000) * (generator.next() % 2 == 0 ? 1 : -1)
            let there = DecimalShift.shiftedText("\(value)", by: 3)
            #expect(Double(DecimalShift.shiftedText(there, by: -3))?.bitPattern == value.bitPattern, "\(value)")
        }
    }
}
