import FreehandEvaluation
import FreehandKit
@testable import FreehandRender
import Foundation
import Testing

/// The tiled, zoomable canvas: the same picture as one bitmap of the view, without seams; a pan
/// renders only the tiles it uncovers, a zoom shows cached tiles at once; edits touch only their
/// tiles; the cache keeps to its budget.
struct TiledCanvasTests {
    static let colors: [RGBAColor] = [.black, RGBAColor(red: 0.8, green: 0.1, blue: 0.1), RGBAColor(red: 0.1, green: 0.3, blue: 0.9)]

    /// Seeded strokes over a 1200 × 900 point page: loops and lines 20–140 points long.
    static func page(count: Int = 160, seed: UInt64 = 49) throws -> [(piece: OutlinePiece, color: RGBAColor)] {
        var random = SplitMix64(seed: seed)
        let style = try InkStyle(brush: try PressureBrush())
        return try (0..<count).map { index in
            let start = Point2D(Double.random(in: 20...1180, using: &random), Double.random(in: 20...880, using: &random))
            let radius = Double.random(in: 10...70, using: &random), turns = Double.random(in: 0.2...1.3, using: &random)
            let samples = (0..<30).map { step -> Sample in
                let angle = turns * 2 * Double.pi * Double(step) / 29
                return Sample(location: start + Point2D(radius * (1 - cos(angle)), radius * sin(angle) + Double(step)), timestamp: Double(step) / 60, force: 0.3 + 0.02 * Double(step))
            }
            let piece = try #require(InkStroke.outline(for: samples, technique: FreehandTechnique.standard, style: style))
            return (piece, colors[index % colors.count])
        }
    }

    /// The view drawn as one bitmap: every outline moved and scaled into the view's pixels.
    static func reference(_ ink: [(piece: OutlinePiece, color: RGBAColor)], _ frame: TileFrame) -> Bitmap {
        let viewport = frame.viewport
        let placed = ink.map { (piece: $0.piece.scaled(by: viewport.zoom).offset(by: -frame.pixelOrigin), color: $0.color) }
        return InkRenderer(size: Point2D(Double(viewport.width), Double(viewport.height))).render(placed)
    }

    /// Mean and largest channel difference, and the largest within a pixel of a tile's border.
    static func difference(_ a: Bitmap, _ b: Bitmap, pixelOrigin: Point2D) -> (mean: Double, maximum: Int, atBorders: Int) {
        var total = 0, maximum = 0, atBorders = 0
        let side = TiledCanvas.tileSize
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                total += d
                maximum = max(maximum, d)
                let levelX = (x + Int(pixelOrigin.x)) % side, levelY = (y + Int(pixelOrigin.y)) % side
                if [0, 1, side - 1].contains((levelX + side) % side) || [0, 1, side - 1].contains((levelY + side) % side) { atBorders = max(atBorders, d) }
            }
        }
        return (Double(total) / Double(max(1, a.width * a.height)), maximum, atBorders)
    }

    /// Renders every missing tile of `viewport` and returns the sharp frame.
    static func sharpFrame(_ canvas: TiledCanvas, _ viewport: Viewport, ahead: Bool = false) -> TileFrame {
        _ = canvas.frame(for: viewport)
        canvas.renderMissingTiles(ahead: ahead)
        return canvas.frame(for: viewport)
    }

    @Test(arguments: [(Point2D(10, 20), 1.5), (Point2D(-37.25, 101.5), 2.0), (Point2D(0, 0), 0.75), (Point2D(333, 250), 4.0)])
    func aTiledFrameIsTheViewRenderedAsOneBitmapWithoutSeams(origin: Point2D, zoom: Double) throws {
        let ink = try Self.page()
        let canvas = TiledCanvas()
        canvas.setInk(ink)
        let frame = Self.sharpFrame(canvas, Viewport(origin: origin, zoom: zoom, width: 700, height: 520))
        #expect(frame.isSharp && frame.draws.allSatisfy(\.isSharp))
        let tiled = frame.image(), single = Self.reference(ink, frame)
        let (mean, _, atBorders) = Self.difference(tiled, single, pixelOrigin: frame.pixelOrigin)
        #expect(mean <= 1, "mean \(mean)/255")
        #expect(atBorders <= 8, "at tile borders \(atBorders)/255")
        // Ink was drawn at all.
        #expect(tiled.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element < 100 })
    }

    @Test func aPanRendersOnlyTheTilesItUncovers() throws {
        let canvas = TiledCanvas()
        canvas.setInk(try Self.page())
        let viewport = Viewport(origin: Point2D(0, 0), zoom: 1, width: 1024, height: 768)
        _ = Self.sharpFrame(canvas, viewport)
        let panned = canvas.frame(for: viewport.panned(by: Point2D(256, 0)))
        #expect(panned.missing == 3, "one column of three tiles")
        #expect(canvas.renderMissingTiles(ahead: false) == 3)
        #expect(canvas.frame(for: viewport.panned(by: Point2D(256, 0))).isSharp)
        // With the ring beyond the edges rendered ahead, a pan finds its tiles ready.
        let ready = TiledCanvas()
        ready.setInk(try Self.page())
        _ = Self.sharpFrame(ready, viewport, ahead: true)
        #expect(ready.frame(for: viewport.panned(by: Point2D(0, 256))).isSharp)
        #expect(ready.frame(for: viewport.panned(by: Point2D(-256, 0))).isSharp)
    }

    @Test func aZoomShowsTheCachedTilesScaledAtOnceThenSharpOnes() throws {
        let ink = try Self.page()
        let canvas = TiledCanvas()
        canvas.setInk(ink)
        let viewport = Viewport(origin: Point2D(100, 100), zoom: 1, width: 800, height: 600)
        let before = Self.sharpFrame(canvas, viewport)
        let zoomed = viewport.zoomed(by: 1.25, about: Point2D(400, 300))
        let first = canvas.frame(for: zoomed)
        #expect(first.missing > 0 && first.draws.contains { !$0.isSharp })
        #expect(first.draws.allSatisfy { !$0.isSharp }, "nothing at the new zoom yet: stand-ins only")
        // The stand-ins show the page: close to the sharp picture already (scaled, so not equal).
        let sharp = Self.sharpFrame(canvas, zoomed)
        let (mean, _, _) = Self.difference(first.image(), sharp.image(), pixelOrigin: sharp.pixelOrigin)
        #expect(mean < 12, "the scaled stand-ins are near the sharp frame: \(mean)")
        #expect(before.isSharp && sharp.isSharp)
        // Back at the first zoom: still cached, sharp at once.
        #expect(canvas.frame(for: viewport).isSharp)
    }

    /// Each kind of edit (an erase, its undo, a stroke moved, a stroke restyled) marks only the
    /// tiles under its areas, and the picture rendered again is the new ink's.
    @Test(arguments: ["erase", "undo", "move", "restyle"])
    func anEditMarksOnlyTheTilesItTouches(edit: String) throws {
        var ink = try Self.page()
        let canvas = TiledCanvas()
        canvas.setInk(ink)
        let viewport = Viewport(origin: .zero, zoom: 1, width: 1280, height: 1024)
        _ = Self.sharpFrame(canvas, viewport)
        let chosen = 17
        let before = try #require(ink[chosen].piece.bounds)
        var areas = [before]
        switch edit {
        case "erase":
            ink.remove(at: chosen)
        case "undo":
            let removed = ink.remove(at: chosen)
            canvas.replaceInk(ink, changedIn: [before])
            _ = Self.sharpFrame(canvas, viewport)
            ink.insert(removed, at: chosen)
        case "move":
            ink[chosen].piece = ink[chosen].piece.offset(by: Point2D(300, 40))
            areas.append(try #require(ink[chosen].piece.bounds))
        default:
            ink[chosen].color = RGBAColor(red: 0.2, green: 0.8, blue: 0.2)
        }
        canvas.replaceInk(ink, changedIn: areas)
        let side = Double(TiledCanvas.tileSize)
        let touched = (0..<4).flatMap { row in (0..<5).map { (Double($0) * side, Double(row) * side) } }.filter { x, y in
            areas.contains { $0.intersects(Rect2D(min: Point2D(x, y), max: Point2D(x + side, y + side))) }
        }
        let frame = canvas.frame(for: viewport)
        #expect(frame.missing == touched.count, "\(frame.missing) tiles out of date for \(touched.count) touched")
        #expect(touched.count < 20)
        let sharp = Self.sharpFrame(canvas, viewport)
        #expect(Self.difference(sharp.image(), Self.reference(ink, sharp), pixelOrigin: sharp.pixelOrigin).mean <= 1)
    }

    @Test func aFinishedStrokeIsMergedIntoItsTilesWithoutRenderingThemAgain() throws {
        var ink = try Self.page()
        let canvas = TiledCanvas()
        canvas.setInk(ink)
        let viewport = Viewport(origin: .zero, zoom: 1.5, width: 900, height: 700)
        let without = Self.sharpFrame(canvas, viewport)
        let new = try Self.page(count: 1, seed: 7)[0]
        canvas.add(new.piece, color: new.color)
        ink.append(new)
        let frame = canvas.frame(for: viewport)
        #expect(frame.isSharp, "no tile to render again")
        #expect(Self.difference(frame.image(), Self.reference(ink, frame), pixelOrigin: frame.pixelOrigin).mean <= 1)
        // Live ink drawn over the frame from before the stroke lands where the finished stroke is:
        // that picture differs from the merged one far less than the picture without the stroke.
        let live = without.image(over: [new])
        let missing = Self.difference(without.image(), frame.image(), pixelOrigin: frame.pixelOrigin)
        let drawnLive = Self.difference(live, frame.image(), pixelOrigin: frame.pixelOrigin)
        #expect(missing.maximum > 100, "the stroke shows")
        #expect(drawnLive.mean * 20 < missing.mean, "live \(drawnLive.mean), without the stroke \(missing.mean)")
    }

    @Test func theCacheNeverHoldsMoreThanItsBudget() throws {
        let budget = 40 * TiledCanvas.tileBytes
        let canvas = TiledCanvas(memoryBudget: budget)
        canvas.setInk(try Self.page())
        var viewport = Viewport(origin: .zero, zoom: 1, width: 1024, height: 768)
        var largest = 0
        for step in 0..<24 {
            viewport = step % 3 == 2 ? viewport.zoomed(by: 1.3, about: Point2D(512, 384)) : viewport.panned(by: Point2D(200, 90))
            _ = canvas.frame(for: viewport)
            canvas.renderMissingTiles()
            largest = max(largest, canvas.tileMemory)
            #expect(canvas.tileMemory <= budget)
        }
        #expect(largest > budget / 2, "the trace filled the cache: \(largest)")
        // A view needing more tiles than the budget holds renders what fits and leaves the rest missing.
        let small = TiledCanvas(memoryBudget: 4 * TiledCanvas.tileBytes)
        small.setInk(try Self.page())
        _ = small.frame(for: Viewport(origin: .zero, zoom: 1, width: 1024, height: 768))
        #expect(small.renderMissingTiles() == 4)
        #expect(small.renderMissingTiles() == 0, "no room left: the frame's own tiles stay")
        #expect(small.missingTileCount == 8 && small.tileMemory == 4 * TiledCanvas.tileBytes)
    }

    @Test func aViewportKeepsItsPointUnderThePinch() {
        let viewport = Viewport(origin: Point2D(100, 50), zoom: 2, width: 800, height: 600)
        let zoomed = viewport.zoomed(by: 1.5, about: Point2D(200, 300))
        let before = viewport.origin + Point2D(200, 300) / viewport.zoom, after = zoomed.origin + Point2D(200, 300) / zoomed.zoom
        #expect((before - after).length < 1e-9 && zoomed.zoom == 3)
        #expect(Viewport(origin: .zero, zoom: 1000, width: 10, height: 10).zoom == 64)
        #expect(Viewport(origin: Point2D(.nan, 0), zoom: .nan, width: -5, height: 10).zoom == 1)
    }
}
