import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// The PencilKit mapping, apart from PencilKit: `Drawing → PencilKit strokes → Drawing` keeps every
/// reading PencilKit can hold, neither losing nor inventing one, on the bundled and shared
/// recordings and on strokes with gaps.
struct PencilKitMappingTests {
    /// The readings PencilKit holds: location, time, force, altitude, azimuth.
    static func readings(_ drawing: Drawing) -> [[[Double?]]] {
        drawing.strokes.map { stroke in
            stroke.samples.map { [$0.location.x, $0.location.y, $0.timestamp, $0.force, $0.altitude, $0.azimuth] }
        }
    }

    @Test func aRoundTripThroughPencilKitKeepsEveryReadingAndColourOfEveryRecording() throws {
        var checked = 0
        for file in ConversionFidelityTests.recordings {
            let drawing = try InkJSON.drawing(from: Data(contentsOf: file))
            let back = Drawing(pencilKit: drawing.pencilKitStrokes)
            let got = Self.readings(back), want = Self.readings(drawing)
            let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(first == nil, "\(file.lastPathComponent): stroke \(first?.offset ?? -1) \(first.map { zip($0.element.0, $0.element.1).first { $0.0 != $0.1 }.map { "\($0.0) vs \($0.1)" } ?? "count" } ?? "")")
            #expect(got.count == want.count)
            #expect(back.strokes.map(\.color) == drawing.strokes.map(\.color), "\(file.lastPathComponent)")
            checked += drawing.strokes.count
        }
        #expect(checked > 20)
    }

    @Test func aReadingASampleLacksIsNeitherLostNorInvented() {
        let drawing = Drawing(strokes: [
            StrokeRecord(samples: [Sample(x: 10, y: 20), Sample(x: 30, y: 40)], color: RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)),
            StrokeRecord(samples: [
                Sample(x: 1, y: 2, timestamp: 100.25, force: 0.5, altitude: 0.9, azimuth: 1.25, kind: .pen),
                Sample(x: 3, y: 4, timestamp: 100.5, force: 0.75, altitude: 1.1, azimuth: 1.5, kind: .pen),
            ], brush: "highlighter"),
            StrokeRecord(samples: [Sample(x: 5, y: 6, timestamp: 0, kind: .finger)]),
            // A time missing from a stroke with times.
            StrokeRecord(samples: [Sample(x: 1, y: 1, timestamp: 5, kind: .pen), Sample(x: 2, y: 2, kind: .pen), Sample(x: 3, y: 3, timestamp: 5.5, kind: .pen)]),
            // Readings that equal PencilKit's neutral values are readings: they stay.
            StrokeRecord(samples: [Sample(x: 7, y: 8, timestamp: 1, force: 1, altitude: .pi / 2, azimuth: 0, kind: .pen)]),
        ])
        let strokes = drawing.pencilKitStrokes
        #expect(strokes.map(\.ink) == [.pen, .marker, .pen, .pen, .pen])
        #expect(strokes[0].points.allSatisfy { $0.force == 1.0.nextUp && $0.azimuth == .leastNonzeroMagnitude && $0.altitude == (Double.pi / 2).nextDown && $0.timeOffset == 0 })
        #expect(strokes[0].creationDate == Date.distantPast.timeIntervalSinceReferenceDate)
        #expect(strokes[1].creationDate == 100.25 && strokes[1].points.map(\.timeOffset) == [0, 0.25])
        let back = Drawing(pencilKit: strokes)
        #expect(Self.readings(back) == Self.readings(drawing))
        #expect(back.strokes.map(\.pointer) == [.finger, .pen, .finger, .finger, .pen], "a pen where altitudes were read")
        #expect(back.strokes.map(\.brush) == ["pressure", "highlighter", "pressure", "pressure", "pressure"])
    }

    @Test func pencilKitStrokesComeInThroughTheirTransformWithTheirInkAndWidth() {
        let points = (0..<5).map { index in
            PencilKitPoint(
                location: Point2D(Double(index), 0), timeOffset: Double(index) / 240, size: Point2D(Double(3 + index), 3), opacity: 1,
                force: 0.5 + Double(index) / 10, azimuth: 0.3, altitude: 1.0)
        }
        let stroke = PencilKitStroke(
            ink: .pencil, color: .black, creationDate: 700_000_000, points: points,
            transform: Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20))
        let drawing = Drawing(pencilKit: [stroke, PencilKitStroke(ink: .other("com.apple.ink.fountainpen"), color: .black, creationDate: 1, points: points)])
        let first = Array(drawing.strokes[0].samples)
        #expect(first.map(\.location) == (0..<5).map { Point2D(10 + 2 * Double($0), 20) })
        #expect(first[2].timestamp == 700_000_000 + 2.0 / 240)
        #expect(drawing.strokes[0].brush == "tilt-shading" && drawing.strokes[0].brushOptions.width == 10, "the median tip width, through the 2× transform")
        #expect(drawing.strokes[1].brush == "fountain-pen")
    }
}
