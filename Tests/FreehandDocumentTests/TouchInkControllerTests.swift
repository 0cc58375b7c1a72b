import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// The touch adapter on real recorded UIKit streams (coalesced, predicted and estimated-property
/// updates) and on made-up touches for what the recordings lack: cancel, erase, undo, pencil-only.
struct TouchInkControllerTests {
    static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TouchStreams")
    static let shared = InkMLTests.sharedData.appendingPathComponent("inkable-apple-pencil")

    /// Each raw stream with the converted recording it should give: the bundled ones, and every
    /// one in `../shared/data` when it is there.
    static var streams: [(raw: URL, strokes: URL)] {
        var pairs = ["pencil-error", "unknown-polyline-index"].map {
            (bundled.appendingPathComponent("\($0).json"), bundled.appendingPathComponent("\($0).strokes.json"))
        }
        let rawFolder = shared.appendingPathComponent("raw")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: rawFolder.path)) ?? []).sorted() where name.hasSuffix(".json") {
            pairs.append((rawFolder.appendingPathComponent(name), shared.appendingPathComponent("strokes").appendingPathComponent(name)))
        }
        return pairs
    }

    static func replay(_ url: URL, into controller: TouchInkController) throws -> TouchStreamReplay {
        let replay = try TouchStreamReplay(contentsOf: url)
        for call in replay.calls {
            switch call {
            case .event(let event): controller.handle(event)
            case .updates(let updates): controller.handle(updates)
            }
        }
        return replay
    }

    static func canvas(for url: URL) -> InkCanvas {
        InkCanvas(width: 1100, height: 900, scale: 1)
    }

    @Test func replayedPencilStreamsRecordTheConvertedStrokes() throws {
        for (raw, strokes) in Self.streams {
            let name = raw.lastPathComponent
            let controller = TouchInkController(canvas: Self.canvas(for: raw))
            controller.fingerPolicy = .always(.ignore)
            _ = try Self.replay(raw, into: controller)
            let expected = try InkJSON.drawing(from: Data(contentsOf: strokes))
            #expect(controller.drawing.strokes.count == expected.strokes.count, "\(name)")
            #expect(controller.liveTouchCount == 0, "\(name)")
            for (got, want) in zip(controller.drawing.strokes, expected.strokes) {
                let gotSamples = Array(got.samples), wantSamples = Array(want.samples)
                #expect(gotSamples.count == wantSamples.count, "\(name)")
                let start = gotSamples.first?.timestamp ?? 0
                for (index, (a, b)) in zip(gotSamples, wantSamples).enumerated() {
                    #expect(a.location == b.location, "\(name) sample \(index)")
                    #expect(abs((a.timestamp ?? .nan) - start - (b.timestamp ?? .nan)) < 1e-6, "\(name) sample \(index) time")
                    // The converter keeps 5 decimals of force and 6 of the angles.
                    #expect(abs((a.force ?? .nan) - (b.force ?? .nan)) <= 0.5e-5 + 1e-12, "\(name) sample \(index): force \(a.force ?? .nan) vs \(b.force ?? .nan)")
                    #expect(abs((a.altitude ?? .nan) - (b.altitude ?? .nan)) <= 0.5e-6 + 1e-12, "\(name) sample \(index) altitude")
                    #expect(abs((a.azimuth ?? .nan) - (b.azimuth ?? .nan)) <= 0.5e-6 + 1e-12, "\(name) sample \(index) azimuth")
                }
                #expect(got.pointer == .pen)
                #expect(got.brush == InkPreset.handwriting.brush)
            }
        }
    }

    @Test func predictedReadingsNeverReachTheDrawingOrTheCachedInk() throws {
        for (raw, _) in Self.streams {
            let name = raw.lastPathComponent
            let canvas = Self.canvas(for: raw)
            let controller = TouchInkController(canvas: canvas)
            controller.fingerPolicy = .always(.ignore)
            let replay = try Self.replay(raw, into: controller)
            #expect(!replay.predictedTimestamps.isEmpty, "\(name) has predictions")
            let kept = controller.drawing.strokes.flatMap { $0.samples.compactMap(\.timestamp) }
            #expect(kept.allSatisfy { !replay.predictedTimestamps.contains($0) }, "\(name)")
            // What stayed on the canvas is the drawing drawn afresh: no predicted ink (a predicted tip
            // left in the cache differs by up to 255), every late force in the ink as in the stored
            // samples. The live ink is a union of committed pieces, the stored stroke one outline:
            // their anti-aliased edges differ slightly at the seams (at most 28/255 on these streams).
            let fresh = Self.canvas(for: raw)
            _ = TouchInkController(canvas: fresh, drawing: controller.drawing)
            let difference = Self.difference(canvas.image, fresh.image)
            #expect(difference.maximum <= 40, "\(name): live ink differs from the stored drawing by \(difference.maximum)/255")
        }
    }

    @Test func eachLateForceUpdateLandsOnTheReadingItNames() throws {
        let raw = Self.bundled.appendingPathComponent("pencil-error.json")
        let replay = try TouchStreamReplay(contentsOf: raw)
        // The last update of each reading, normalized as the controller normalizes it.
        var finalForce: [Double: Double] = [:]
        var timeOfIndex: [Int: Double] = [:]
        for call in replay.calls {
            switch call {
            case .event(let event):
                for sample in event.samples { if let index = sample.estimationUpdateIndex { timeOfIndex[index] = sample.timestamp } }
            case .updates(let updates):
                for update in updates {
                    if let time = timeOfIndex[update.estimationUpdateIndex], let force = update.estimated.force { finalForce[time] = force }
                }
            }
        }
        #expect(finalForce.count > 40)
        let controller = TouchInkController(canvas: Self.canvas(for: raw))
        _ = try Self.replay(raw, into: controller)
        let samples = controller.drawing.strokes.flatMap { Array($0.samples) }
        var checked = 0
        for sample in samples {
            guard let time = sample.timestamp, let force = finalForce[time] else { continue }
            #expect(sample.force == force, "reading at \(time)")
            checked += 1
        }
        #expect(checked == finalForce.count)
    }

    // MARK: - Made-up touches

    static func line(from start: Point2D, to end: Point2D, count: Int = 20, time: Double = 0) -> [TouchSample] {
        (0..<count).map { index in
            let share = Double(index) / Double(count - 1)
            return TouchSample(
                location: start + (end - start) * share, timestamp: time + Double(index) / 120, force: 2, maximumPossibleForce: 4,
                majorRadius: 6)
        }
    }

    /// Draws `samples` as one touch: began with the first, moved in events of four, ended.
    @discardableResult
    static func draw(_ samples: [TouchSample], touch: Int, type: TouchType = .pencil, on controller: TouchInkController, end: Bool = true) -> [PixelRect?] {
        var dirty = [controller.handle(TouchEvent(touch: touch, phase: .began, type: type, samples: [samples[0]]))]
        var rest = samples.dropFirst()
        while rest.count > (end ? 1 : 0) {
            let chunk = Array(rest.prefix(Swift.min(4, rest.count - (end ? 1 : 0))))
            rest = rest.dropFirst(chunk.count)
            dirty.append(controller.handle(TouchEvent(touch: touch, phase: .moved, type: type, samples: chunk, predicted: rest.first.map { [$0] } ?? [])))
        }
        if end, let last = rest.first { dirty.append(controller.handle(TouchEvent(touch: touch, phase: .ended, type: type, samples: [last]))) }
        return dirty
    }

    static func inked(_ canvas: InkCanvas, at point: Point2D) -> Bool {
        canvas.image[Int(point.x), Int(point.y)].red < 128
    }

    @Test func aPencilStrokeIsRecordedAndReportsTheDirtyPixels() {
        let canvas = InkCanvas(width: 200, height: 100)
        let controller = TouchInkController(canvas: canvas)
        let dirty = Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        #expect(controller.drawing.strokes.count == 1)
        #expect(!controller.isEmpty && controller.canUndo)
        #expect(Self.inked(canvas, at: Point2D(100, 50)))
        #expect(!Self.inked(canvas, at: Point2D(100, 20)))
        let reported = dirty.compactMap { $0 }.reduce(PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)) { $0.isEmpty ? $1 : $0.union($1) }
        #expect(reported.minX <= 20 && reported.maxX >= 180 && reported.minY <= 50 && reported.maxY >= 50 && reported.height < 30)
    }

    @Test func settingsASwiftUIViewHandsOnAreTakenAndNewStrokesUseThem() {
        let controller = TouchInkController(canvas: InkCanvas(width: 200, height: 100))
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        controller.use(preset: .sketch, color: red, fingers: .always(.ignore))
        #expect(controller.preset == .sketch && controller.color == red && controller.fingerPolicy == .always(.ignore))
        controller.use(preset: .handwriting, color: red, fingers: .automatic)
        _ = Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        let stroke = controller.drawing.strokes.first
        #expect(stroke?.brush == InkPreset.handwriting.brush && stroke?.color == red && controller.fingerPolicy == .automatic)
    }

    @Test func cancellingATouchRemovesItsInk() {
        let canvas = InkCanvas(width: 200, height: 100)
        let controller = TouchInkController(canvas: canvas)
        let samples = Self.line(from: Point2D(20, 50), to: Point2D(180, 50))
        Self.draw(samples, touch: 7, on: controller, end: false)
        #expect(Self.inked(canvas, at: Point2D(60, 50)))
        let dirty = controller.handle(TouchEvent(touch: 7, phase: .cancelled, type: .pencil, samples: []))
        #expect(dirty != nil)
        #expect(controller.isEmpty && controller.liveTouchCount == 0 && !controller.canUndo)
        #expect(!Self.inked(canvas, at: Point2D(60, 50)))
    }

    @Test func aFingerCutsInkOutOfAStrokeAndUndoBringsItBack() {
        let canvas = InkCanvas(width: 200, height: 100)
        let controller = TouchInkController(canvas: canvas)
        controller.fingerPolicy = .drawThenErase
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        Self.draw(Self.line(from: Point2D(100, 10), to: Point2D(100, 90), time: 1), touch: 2, type: .direct, on: controller)
        #expect(controller.drawing.strokes.count == 2, "cut into two pieces")
        #expect(controller.revision == 2)
        #expect(!Self.inked(canvas, at: Point2D(100, 50)))
        #expect(Self.inked(canvas, at: Point2D(40, 50)) && Self.inked(canvas, at: Point2D(160, 50)))
        controller.undo()
        #expect(controller.drawing.strokes.count == 1 && controller.revision == 3)
        #expect(Self.inked(canvas, at: Point2D(100, 50)))
        controller.redo()
        #expect(!Self.inked(canvas, at: Point2D(100, 50)))
        controller.erasesWholeStrokes = true
        Self.draw(Self.line(from: Point2D(40, 30), to: Point2D(40, 70), time: 2), touch: 3, type: .direct, on: controller)
        #expect(controller.drawing.strokes.count == 1)
        #expect(!Self.inked(canvas, at: Point2D(60, 50)) && Self.inked(canvas, at: Point2D(160, 50)))
    }

    @Test func aPencilOnlyViewLeavesFingersAlone() {
        let canvas = InkCanvas(width: 200, height: 100)
        let controller = TouchInkController(canvas: canvas)
        controller.fingerPolicy = .always(.ignore)
        let dirty = Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, type: .direct, on: controller)
        #expect(dirty.allSatisfy { $0 == nil })
        #expect(controller.isEmpty && !Self.inked(canvas, at: Point2D(100, 50)))
        controller.fingerPolicy = .always(.draw)
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, type: .direct, on: controller)
        #expect(controller.drawing.strokes.first?.pointer == .finger)
    }

    @Test func aRefinementAfterPenUpUpdatesTheStoredStrokeAndItsInk() throws {
        let canvas = InkCanvas(width: 200, height: 100)
        let controller = TouchInkController(canvas: canvas)
        var samples = Self.line(from: Point2D(20, 50), to: Point2D(180, 50))
        for index in samples.indices {
            samples[index].force = 0.4
            samples[index].estimationUpdateIndex = 100 + index
            samples[index].expectsUpdates = index >= 14
        }
        Self.draw(samples, touch: 1, on: controller)
        let before = try #require(controller.drawing.strokes.first?.outline()?.bounds)
        let dirty = controller.handle((15..<20).map { TouchPropertyUpdate(touch: 1, estimationUpdateIndex: 100 + $0, force: 4, maximumPossibleForce: 4) })
        // An update may leave its touch out (UIKit's updated touches are other objects): the
        // reading's index finds it.
        #expect(controller.handle([TouchPropertyUpdate(estimationUpdateIndex: 100 + 14, force: 2, maximumPossibleForce: 4)]) != nil)
        #expect(controller.drawing.strokes.first.map { Array($0.samples)[14].force } == 0.5)
        let stroke = try #require(controller.drawing.strokes.first)
        #expect(Array(stroke.samples)[16].force == 1)
        #expect(Array(stroke.samples)[10].force == 0.1)
        #expect(dirty != nil)
        let after = try #require(stroke.outline()?.bounds)
        #expect(after.height > before.height)
        #expect(Self.inked(canvas, at: Point2D(172, 50 + after.height / 2 - 1.5)))
        // A reading refined for good takes no more updates.
        #expect(controller.handle([TouchPropertyUpdate(estimationUpdateIndex: 100 + 14, force: 4, maximumPossibleForce: 4)]) == nil)
        // Undo and redo keep the refined stroke; an update for an unknown reading changes nothing.
        controller.undo()
        controller.redo()
        #expect(controller.drawing.strokes.first == stroke)
        #expect(controller.handle([TouchPropertyUpdate(touch: 1, estimationUpdateIndex: 3, force: 1, maximumPossibleForce: 4)]) == nil)
    }

    @Test func eventsForUnknownTouchesAndClearAreHandled() {
        let canvas = InkCanvas(width: 200, height: 100)
        let controller = TouchInkController(canvas: canvas)
        #expect(controller.handle(TouchEvent(touch: 9, phase: .moved, type: .pencil, samples: Self.line(from: Point2D(0, 0), to: Point2D(9, 9)))) == nil)
        #expect(controller.handle(TouchEvent(touch: 9, phase: .ended, type: .pencil, samples: [])) == nil)
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        Self.draw(Self.line(from: Point2D(20, 20), to: Point2D(180, 80)), touch: 2, on: controller, end: false)
        controller.clear()
        #expect(controller.isEmpty && controller.liveTouchCount == 0)
        #expect(!Self.inked(canvas, at: Point2D(100, 50)))
        controller.undo()
        #expect(controller.drawing.strokes.count == 1 && Self.inked(canvas, at: Point2D(100, 50)))
    }

    @Test func aNewCanvasKeepsTheDrawingAndItsHistory() {
        let controller = TouchInkController(canvas: InkCanvas(width: 200, height: 100))
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        Self.draw(Self.line(from: Point2D(20, 20), to: Point2D(180, 80)), touch: 2, on: controller, end: false)
        let larger = InkCanvas(width: 400, height: 300, scale: 2)
        #expect(controller.replaceCanvas(with: larger) == larger.image.bounds)
        #expect(controller.liveTouchCount == 0 && controller.drawing.strokes.count == 1)
        #expect(Self.inked(larger, at: Point2D(200, 100)) && !Self.inked(larger, at: Point2D(200, 60)))
        controller.undo()
        #expect(!Self.inked(larger, at: Point2D(200, 100)))
    }

    @Test func presetsStyleNewStrokes() throws {
        let controller = TouchInkController(canvas: InkCanvas(width: 200, height: 100), preset: .signature, color: .init(red: 1, green: 0, blue: 0))
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        let stroke = try #require(controller.drawing.strokes.first)
        #expect(stroke.brush == "velocity" && stroke.taperEnd == InkPreset.signature.taperEnd && stroke.color.red == 1)
        controller.preset = .raw
        Self.draw(Self.line(from: Point2D(20, 20), to: Point2D(180, 20)), touch: 2, on: controller)
        #expect(controller.drawing.strokes.last?.technique == "linear")
    }

    @Test func fittingAShrunkViewGivesACanvasOfItsSizeWithTheDrawing() throws {
        let controller = TouchInkController(canvas: InkCanvas(width: 200, height: 100, scale: 2, background: .transparent))
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        #expect(controller.fit(width: 200, height: 100, scale: 2) == nil, "the same size keeps the canvas")
        let dirty = try #require(controller.fit(width: 120, height: 80, scale: 2))
        #expect(controller.canvas.width == 240 && controller.canvas.height == 160 && dirty == controller.canvas.image.bounds)
        #expect(controller.canvas.background == .transparent, "the background is kept")
        #expect(controller.canvas.image[100, 100].alpha > 200 && controller.canvas.image[100, 20].alpha == 0)
        #expect(controller.canUndo && controller.drawing.strokes.count == 1)
        #expect(controller.fit(width: 120, height: 80, scale: 3) != nil && controller.canvas.scale == 3)
    }

    @Test func darkAppearanceShowsBlackInkLightAndKeepsItBlackInTheDrawing() {
        let controller = TouchInkController(canvas: InkCanvas(width: 200, height: 100, background: .transparent))
        Self.draw(Self.line(from: Point2D(20, 50), to: Point2D(180, 50)), touch: 1, on: controller)
        #expect(controller.canvas.image[100, 50].red < 60)
        controller.appearance = .dark
        #expect(controller.canvas.image[100, 50].red > 200 && controller.canvas.image[100, 50].alpha > 200, "repainted light")
        Self.draw(Self.line(from: Point2D(20, 80), to: Point2D(180, 80), time: 1), touch: 2, on: controller)
        #expect(controller.canvas.image[100, 80].red > 200, "live ink follows too")
        #expect(controller.drawing.strokes.allSatisfy { $0.color == .black })
        controller.appearance = .light
        #expect(controller.canvas.image[100, 80].red < 60)
    }

    /// The largest channel difference and how many pixels differ at all.
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (maximum: Int, changed: Int) {
        var maximum = 0, changed = 0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            var pixel = 0
            for channel in 0..<4 { pixel = Swift.max(pixel, abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel]))) }
            maximum = Swift.max(maximum, pixel)
            if pixel > 0 { changed += 1 }
        }
        return (maximum, changed)
    }
}
