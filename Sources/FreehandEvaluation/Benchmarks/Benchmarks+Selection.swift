import FreehandDocument
import FreehandKit
import Foundation

extension Benchmarks {
    /// Hit-testing on the redraw scene's drawing of `count` strokes (2048 × 1536 pt): building the
    /// index; a point query (radius 4 pt), a rectangle (40 and 100 pt square, with the mean number of
    /// strokes found), a lasso (a 128-point wobbly
    /// loop about 300 pt across), and one event of an erase sweep (the eraser disc of radius 10 pt
    /// moving 6 pt), each the median over seeded queries across the page; the editor's whole-stroke
    /// erase for the same event (index, then the exact test on the ink); an edit's index update (a
    /// stroke removed and put back mid-drawing) at 1,000 and `count` strokes, to show its growth; and
    /// the index's memory per stroke against the strokes' own.
    public func hitTesting(count: Int = Benchmarks.redrawStrokes) -> [BenchmarkResult] {
        guard !sceneStrokes.isEmpty else { return [] }
        let drawing = placedDrawing(count: count, of: Array(sceneStrokes))
        var index = StrokeIndex()
        let building = Stopwatch.measure(repetitions: quick ? 1 : 3, warmUp: 0) { index = StrokeIndex(drawing) }
        var random = SplitMix64(seed: 48)
        let page = RedrawScene.canvasSize
        func somewhere() -> Point2D { Point2D(Double.random(in: 0...page.x, using: &random), Double.random(in: 0...page.y, using: &random)) }
        let queries = quick ? 200 : 1000
        var found = 0
        func perQuery(_ runs: Int, _ body: (Int) -> Int) -> [Double] {
            (0..<runs).map { run in Stopwatch.time { found &+= body(run) } }
        }
        let points = (0..<queries).map { _ in somewhere() }
        let pointTimes = perQuery(queries) { index.strokes(near: points[$0], radius: 4, in: drawing).count }
        let rectangles = points.map { Rect2D(min: $0, max: $0 + Point2D(100, 100)) }
        let rectangleTimes = perQuery(queries) { index.strokes(intersecting: rectangles[$0], in: drawing).count }
        let smallRectangles = points.map { Rect2D(min: $0, max: $0 + Point2D(40, 40)) }
        let smallRectangleTimes = perQuery(queries) { index.strokes(intersecting: smallRectangles[$0], in: drawing).count }
        let rectangleHits = Double(rectangles.reduce(0) { $0 + index.strokes(intersecting: $1, in: drawing).count }) / Double(queries)
        let smallRectangleHits = Double(smallRectangles.reduce(0) { $0 + index.strokes(intersecting: $1, in: drawing).count }) / Double(queries)
        let lassos = (0..<(quick ? 20 : 100)).map { _ -> [Point2D] in
            let center = somewhere()
            let phase = Double.random(in: 0...6, using: &random)
            return (0..<128).map { step in
                let angle = 2 * Double.pi * Double(step) / 128
                return center + Point2D(cos(angle), sin(angle)) * (150 + 12 * sin(5 * angle + phase))
            }
        }
        let lassoTimes = perQuery(lassos.count) { index.strokes(inLasso: lassos[$0], in: drawing).count }
        let sweeps = points.map { ($0, $0 + Point2D(6, 0)) }
        let sweepTimes = perQuery(queries) { index.strokes(touchingSegmentFrom: sweeps[$0].0, to: sweeps[$0].1, radius: 10, in: drawing).count }
        var editor = DrawingEditor(drawing: drawing)
        let eraseTimes = perQuery(quick ? 50 : 200) { run in
            let erased = editor.eraseStrokes(along: [sweeps[run].0, sweeps[run].1], radius: 10)
            if erased > 0 { editor.undo() }
            return erased
        }
        func editTimes(_ strokes: Int) -> [Double] {
            let small = Drawing(strokes: Array(drawing.strokes.prefix(strokes)))
            var kept = StrokeIndex(small)
            let middle = strokes / 2
            let edit = DrawingEdit(removed: [.init(index: middle, stroke: small.strokes[middle])], inserted: [])
            return (0..<(quick ? 50 : 200)).map { _ in
                Stopwatch.time {
                    kept.apply(edit)
                    kept.apply(edit.inverse)
                }
            }
        }
        let editSmall = editTimes(Swift.min(1000, count)), editLarge = editTimes(count)
        let strokeBytes = drawing.strokes.reduce(0) { $0 + $1.samples.memoryFootprint + MemoryLayout<StrokeRecord>.stride }
        let indexBytes = index.memoryFootprint
        precondition(found >= 0)
        func row(_ name: String, _ times: [Double], _ unit: String = "µs") -> BenchmarkResult {
            BenchmarkResult(group: "select", name: name, value: Stopwatch.median(times) * 1e6, unit: unit, repetitions: times.count)
        }
        return [
            BenchmarkResult(
                group: "select", name: "index build (\(count) strokes, all rows)", value: Stopwatch.median(building) / Double(count) * 1e6, unit: "µs/stroke",
                repetitions: building.count),
            row("hit test: point (radius 4 pt)", pointTimes),
            row("hit test: rectangle 40 pt, \(Int(smallRectangleHits.rounded())) found", smallRectangleTimes),
            row("hit test: rectangle 100 pt, \(Int(rectangleHits.rounded())) found", rectangleTimes),
            row("hit test: lasso ~300 pt", lassoTimes),
            row("hit test: erase sweep event (radius 10 pt)", sweepTimes),
            row("erase whole strokes, one sweep event (editor)", eraseTimes),
            row("index update per edit, \(Swift.min(1000, count)) strokes", editSmall.map { $0 / 2 }),
            row("index update per edit, \(count) strokes", editLarge.map { $0 / 2 }),
            BenchmarkResult(group: "select", name: "index memory per stroke", value: Double(indexBytes) / Double(count), unit: "bytes", repetitions: 1),
            BenchmarkResult(
                group: "select", name: "index memory / stroke memory", value: 100 * Double(indexBytes) / Double(Swift.max(1, strokeBytes)), unit: "%",
                repetitions: 1),
        ]
    }
}
