@testable import FreehandDocument
@testable import FreehandDrawing
import FreehandEvaluation
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// The spatial index answers exactly what a scan of every stroke answers, stays so through every
/// kind of edit, undo and redo, and the selection edits round-trip and undo exactly.
struct StrokeIndexTests {
    /// A seeded drawing of `count` strokes across a 1,400 × 1,000 pt page: short scribbles, long
    /// diagonals, dots.
    static func drawing(count: Int, seed: UInt64) -> Drawing {
        var random = SplitMix64(seed: seed)
        var strokes: [StrokeRecord] = []
        for number in 0..<count {
            var location = Point2D(Double.random(in: 0...1400, using: &random), Double.random(in: 0...1000, using: &random))
            var heading = Double.random(in: 0...(2 * .pi), using: &random)
            let length = number % 17 == 0 ? 1 : (number % 23 == 0 ? 400 : Int.random(in: 8...120, using: &random))
            var samples: [Sample] = []
            for step in 0..<length {
                samples.append(Sample(location: location, timestamp: Double(step) / 120, force: Double.random(in: 0.1...0.9, using: &random)))
                heading += Double.random(in: -0.4...0.4, using: &random)
                location += Point2D(cos(heading), sin(heading)) * (number % 23 == 0 ? 3 : 2)
            }
            strokes.append(StrokeRecord(samples: samples, brush: number % 5 == 0 ? "constant" : "pressure"))
        }
        return Drawing(strokes: strokes)
    }

    /// Each stroke's sample locations and widest half width, read once for the scans.
    static func geometry(of drawing: Drawing) -> [(locations: [Point2D], halfWidth: Double)] {
        drawing.strokes.map { ($0.samples.map(\.location), $0.maximumHalfWidth) }
    }

    /// The segments of a stroke's polyline (a dot: one segment of length 0).
    static func segments(_ locations: [Point2D]) -> [(Point2D, Point2D)] {
        locations.count == 1 ? [(locations[0], locations[0])] : Array(zip(locations, locations.dropFirst()))
    }

    /// What a scan of every stroke says: the samples' polyline swept by the widest half width.
    static func scanNear(_ strokes: [(locations: [Point2D], halfWidth: Double)], _ point: Point2D, _ radius: Double) -> [Int] {
        strokes.indices.filter { index in
            segments(strokes[index].locations).contains { point.distance(toSegment: $0.0, $0.1) <= radius + strokes[index].halfWidth }
        }
    }

    static func scanSegment(_ strokes: [(locations: [Point2D], halfWidth: Double)], _ a: Point2D, _ b: Point2D, _ radius: Double) -> [Int] {
        strokes.indices.filter { index in
            segments(strokes[index].locations).contains { VectorEraser.distance(fromSegment: $0.0, $0.1, to: [a, b]) <= radius + strokes[index].halfWidth }
        }
    }

    @Test func pointAndSweepQueriesAnswerWhatAScanOfEveryStrokeAnswers() {
        let drawing = Self.drawing(count: 250, seed: 3)
        let index = StrokeIndex(drawing)
        let strokes = Self.geometry(of: drawing)
        #expect(index.count == 250)
        var random = SplitMix64(seed: 9)
        var hits = 0
        for _ in 0..<120 {
            let point = Point2D(Double.random(in: -50...1450, using: &random), Double.random(in: -50...1050, using: &random))
            let radius = Double.random(in: 0...30, using: &random)
            let expected = Self.scanNear(strokes, point, radius)
            #expect(index.strokes(near: point, radius: radius, in: drawing) == expected)
            hits += expected.count
            let end = point + Point2D(Double.random(in: -80...80, using: &random), Double.random(in: -80...80, using: &random))
            #expect(index.strokes(touchingSegmentFrom: point, to: end, radius: radius, in: drawing) == Self.scanSegment(strokes, point, end, radius))
        }
        #expect(hits > 40)
    }

    @Test func rectangleQueriesFindInkThatMeetsTheRectangle() {
        let drawing = Self.drawing(count: 300, seed: 5)
        let index = StrokeIndex(drawing)
        let strokes = Self.geometry(of: drawing)
        var random = SplitMix64(seed: 11)
        for _ in 0..<100 {
            let corner = Point2D(Double.random(in: 0...1400, using: &random), Double.random(in: 0...1000, using: &random))
            let rect = Rect2D(min: corner, max: corner + Point2D(Double.random(in: 1...300, using: &random), Double.random(in: 1...300, using: &random)))
            let found = Set(index.strokes(intersecting: rect, in: drawing))
            for (stroke, geometry) in strokes.enumerated() {
                // A sample inside the rectangle: certainly found; ink farther than its half width plus
                // the square's corner slack from the rectangle: certainly not.
                if geometry.locations.contains(where: rect.contains) { #expect(found.contains(stroke)) }
                let reach = rect.expanded(by: geometry.halfWidth * 1.5)
                if !Self.segments(geometry.locations).contains(where: { VectorEraser.parameters(of: $0.0, $0.1, within: reach) != nil }) {
                    #expect(!found.contains(stroke))
                }
            }
        }
    }

    @Test func theEditorsIndexMatchesAFreshIndexThroughEveryEditUndoAndRedo() {
        var editor = DrawingEditor(drawing: Self.drawing(count: 120, seed: 21))
        var random = SplitMix64(seed: 4)
        func check(_ step: String) {
            let fresh = StrokeIndex(editor.drawing)
            #expect(editor.strokeIndex.count == editor.drawing.strokes.count, "\(step)")
            for _ in 0..<12 {
                let point = Point2D(Double.random(in: 0...1400, using: &random), Double.random(in: 0...1000, using: &random))
                #expect(editor.strokeIndex.strokes(near: point, radius: 25, in: editor.drawing) == fresh.strokes(near: point, radius: 25, in: editor.drawing), "\(step)")
            }
        }
        for step in 0..<60 {
            let count = editor.drawing.strokes.count
            let some = (0..<4).map { _ in Int.random(in: 0..<Swift.max(1, count), using: &random) }
            let point = Point2D(Double.random(in: 0...1400, using: &random), Double.random(in: 0...1000, using: &random))
            switch step % 10 {
            case 0: editor.add(Self.drawing(count: 1, seed: UInt64(step)).strokes[0])
            case 1: editor.erasePartially(along: [point, point + Point2D(60, 30)], radius: 8)
            case 2: editor.eraseStrokes(along: [point], radius: 20)
            case 3: editor.undo()
            case 4: editor.redo()
            case 5: editor.transform(strokesAt: some, by: Transform2D(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 30, ty: -10), scalingWidth: true)
            case 6: editor.bringToFront(strokesAt: some)
            case 7: editor.duplicate(strokesAt: some)
            case 8: editor.delete(strokesAt: some)
            default: editor.refine(strokeAt: some[0], samples: editor.drawing.strokes.isEmpty ? [] : Array(editor.drawing.strokes[some[0]].samples))
            }
            check("step \(step)")
        }
    }

    @Test func aLassoSelectsTheStrokesMostlyInsideIt() {
        let inside = StrokeRecord(samples: (0..<20).map { Sample(location: Point2D(100 + Double($0) * 4, 100)) })
        let half = StrokeRecord(samples: (0..<20).map { Sample(location: Point2D(150 + Double($0) * 8, 130)) })  // 150…302: a third in
        let outside = StrokeRecord(samples: (0..<20).map { Sample(location: Point2D(400 + Double($0), 400)) })
        let dot = StrokeRecord(samples: [Sample(location: Point2D(120, 150))])
        var editor = DrawingEditor(drawing: Drawing(strokes: [inside, half, outside, dot]))
        // A rough loop round (60…200, 60…190), drawn as a hand would: many points, not closed.
        let lasso = (0..<90).map { step -> Point2D in
            let angle = 2 * Double.pi * Double(step) / 95
            return Point2D(130 + 70 * cos(angle), 125 + 65 * sin(angle))
        }
        #expect(editor.strokes(inLasso: lasso) == [0, 3])
        #expect(editor.strokes(inLasso: lasso, coverage: 0.2) == [0, 1, 3])
        #expect(editor.strokes(inLasso: [Point2D(0, 0), Point2D(1, 1)]) == [])
        editor.delete(strokesAt: editor.strokes(inLasso: lasso))
        #expect(editor.drawing.strokes == [half, outside])
    }

    @Test func selectionEditsUndoExactlyAndRoundTripThroughEveryFormat() throws {
        let original = Self.drawing(count: 30, seed: 8)
        var editor = DrawingEditor(drawing: original)
        let selection = [2, 5, 7, 11]
        let turn = Transform2D(a: 0.6, b: 0.8, c: -0.8, d: 0.6, tx: 40, ty: 25)
        editor.transform(strokesAt: selection, by: turn, scalingWidth: true)
        #expect(editor.drawing.strokes[5].samples.first?.location == turn.apply(original.strokes[5].samples.first!.location))
        #expect(editor.drawing.strokes[2].brushOptions.width == 2 * turn.scaleFactor)
        editor.recolor(strokesAt: selection, to: RGBAColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
        editor.restyle(strokesAt: [7], with: .fountainPen)
        let copies = editor.duplicate(strokesAt: selection)
        #expect(copies == [30, 31, 32, 33])
        let front = editor.bringToFront(strokesAt: [0, 1])
        #expect(front == [32, 33] && editor.drawing.strokes[33] == original.strokes[1])
        let edited = editor.drawing
        #expect(try InkJSON.drawing(from: InkJSON.data(for: edited)).strokes == edited.strokes)
        #expect(try BinaryInk.drawing(from: BinaryInk.data(for: edited)).strokes == edited.strokes)
        while editor.undo() {}
        #expect(editor.drawing == original)
        while editor.redo() {}
        #expect(editor.drawing == edited)
    }

    @Test func hugeStrokesInvertedRectanglesAndHostileLassosAreAnsweredNotTrapped() {
        // A stroke across a 10⁹-point page is kept aside from the grid and still found.
        let across = StrokeRecord(samples: [Sample(location: Point2D(0, 0)), Sample(location: Point2D(1e9, 1e9))])
        let small = StrokeRecord(samples: [Sample(location: Point2D(10, 10)), Sample(location: Point2D(20, 10))])
        var editor = DrawingEditor(drawing: Drawing(strokes: [across, small]))
        #expect(editor.strokes(near: Point2D(5e8, 5e8), radius: 1) == [0])
        #expect(editor.strokes(near: Point2D(15, 10), radius: 1) == [1])
        #expect(editor.strokeIndex.memoryFootprint < 10_000)
        #expect(editor.strokes(intersecting: Rect2D(min: Point2D(50, 50), max: Point2D(0, 0))) == [])
        #expect(editor.strokes(intersecting: Rect2D(min: Point2D(.nan, 0), max: Point2D(5, 5))) == [])
        #expect(editor.strokes(inLasso: [Point2D(-1e308, -1e308), Point2D(1e308, -1e308), Point2D(1e308, 1e308), Point2D(-1e308, 1e308)]) == [])
        // A lasso of zero area but for a subnormal sliver (a literal that small would lose precision).
        let subnormal = Double.leastNormalMagnitude * 0x1p-20
        #expect(subnormal > 0 && subnormal.isSubnormal)
        #expect(editor.strokes(inLasso: [Point2D(0, 0), Point2D(1, subnormal), Point2D(2, 0), Point2D(3, subnormal)]) == [])
        editor.delete(strokesAt: [0])
        #expect(editor.strokes(near: Point2D(5e8, 5e8), radius: 1) == [])
        #expect(ShapeGeometry.arc(center: .zero, radius: 10, startAngle: 0, sweep: .nan).path().isEmpty)
        #expect(ShapeGeometry.arc(center: .zero, radius: 10, startAngle: 0, sweep: 1e300).path().count <= 4097)
    }

    @Test func theOrderTreeKeepsPositionsThroughRandomInsertsAndRemovals() {
        var order = StrokeOrder()
        var model: [Int32] = []
        var random = SplitMix64(seed: 12)
        var next: Int32 = 0
        var free: [Int32] = []
        for _ in 0..<3000 {
            if model.isEmpty || Int.random(in: 0..<3, using: &random) > 0 {
                let slot = free.popLast() ?? { defer { next += 1 }; return next }()
                let position = Int.random(in: 0...model.count, using: &random)
                order.insert(slot, at: position)
                model.insert(slot, at: position)
            } else {
                let position = Int.random(in: 0..<model.count, using: &random)
                let slot = order.remove(at: position)
                #expect(slot == model.remove(at: position))
                free.append(slot)
            }
        }
        #expect(order.count == model.count)
        for (position, slot) in model.enumerated() { #expect(order.position(of: slot) == position) }
    }
}

