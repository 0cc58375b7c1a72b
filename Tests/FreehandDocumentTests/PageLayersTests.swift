import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// A page whose finished ink the view's compositor shows as tile layers (`PageComposition.layers`):
/// tiles rendered as jobs off the main thread give the same pixels, a pan moves layers and copies
/// no pixel, finished strokes leave the canvas for their tiles, outlines for a new zoom are made by
/// a job, and a memory warning keeps only what is shown.
struct PageLayersTests {
    typealias Pages = PageInkControllerTests

    static func layered(_ drawing: Drawing = Drawing(), viewport: Viewport = Pages.view) -> PageInkController {
        PageInkController(drawing: drawing, viewport: viewport, composition: .layers)
    }

    /// Renders every tile the page lacks as a view does: jobs rendered elsewhere, results accepted.
    static func settleByJobs(_ page: PageInkController) {
        while page.hasTilesToRender {
            let jobs = page.tileRenderJobs(limit: 8)
            if jobs.isEmpty { break }
            page.accept(jobs.map { $0.render() })
        }
    }

    static func isTransparent(_ bitmap: Bitmap) -> Bool { bitmap.pixels.allSatisfy { $0 == 0 } }

    @Test func tilesRenderedAsJobsAreThePixelsRenderedInPlace() {
        let drawn = Pages.scribbled()
        let page = Self.layered(drawn.drawing)
        _ = page.layerChanges()
        Self.settleByJobs(page)
        let shown = page.tiles.frame(for: page.viewport)
        #expect(shown.isSharp)
        #expect(Pages.difference(shown.image(), Pages.afresh(drawn)).maximum == 0)
        #expect(Self.isTransparent(page.canvas.image), "the canvas holds live ink alone")
    }

    @Test func aJobTakesStrokesFinishedSinceAndIsDroppedForInkErasedSince() {
        let page = Self.layered(Pages.scribbled().drawing)
        _ = page.layerChanges()
        let jobs = page.tileRenderJobs(limit: 4)
        #expect(jobs.count == 4)
        let more = page.tileRenderJobs(limit: 4)
        #expect(Set(more.map(\.id)).isDisjoint(with: jobs.map(\.id)), "a tile in flight is not handed out twice")
        // A stroke finished while the jobs ran: drawn into their results.
        Pages.draw(TouchInkControllerTests.line(from: Point2D(40, 45), to: Point2D(360, 45), time: 5), touch: 9, on: page)
        let missing = page.tiles.missingTileCount
        page.accept((jobs + more).map { $0.render() })
        #expect(page.tiles.missingTileCount == missing - 8, "kept")
        Self.settleByJobs(page)
        #expect(Pages.difference(page.tiles.frame(for: page.viewport).image(), Pages.afresh(page)).maximum == 0, "the new stroke is in them")
        // An undo while jobs run: their results are for ink that is gone.
        page.controller.undo()
        _ = page.layerChanges()
        let stale = page.tileRenderJobs(limit: 4)
        page.controller.redo()
        let before = page.tiles.missingTileCount
        page.accept(stale.map { $0.render() })
        #expect(page.tiles.missingTileCount == before, "dropped")
        _ = page.layerChanges()
        #expect(Set(page.tileRenderJobs(limit: 64).map(\.id)).isSuperset(of: stale.map(\.id)), "handed out again")
    }

    @Test func aFullBudgetLeavesATileMissingInsteadOfRenderingItForever() {
        let page = PageInkController(drawing: Pages.scribbled().drawing, viewport: Pages.view, memoryBudget: TiledCanvas.tileBytes * 2, composition: .layers)
        _ = page.layerChanges()
        var rounds = 0
        while page.hasTilesToRender && rounds < 100 {
            let jobs = page.tileRenderJobs(limit: 8)
            if jobs.isEmpty { break }
            page.accept(jobs.map { $0.render() })
            rounds += 1
        }
        #expect(rounds < 100 && page.tiles.tileMemory <= TiledCanvas.tileBytes * 2)
    }

    @Test func aZoomChangeRestacksTheLayers() {
        let page = Self.layered(Pages.scribbled().drawing)
        _ = page.layerChanges()
        Self.settleByJobs(page)
        #expect(!page.layerChanges().restacks, "same zoom")
        page.show(page.viewport.zoomed(by: 1.5, about: Point2D(320, 240)))
        let zoomed = page.layerChanges()
        #expect(zoomed.restacks)
        #expect(zoomed.placed.allSatisfy { zoomed.isBelow($0.id) }, "the old zoom's tiles stand in, below")
        Self.settleByJobs(page)
        let sharp = page.layerChanges()
        #expect(!sharp.restacks && sharp.placed.contains { !sharp.isBelow($0.id) })
    }

    @Test func aPanWithNothingLiveMovesOnlyTheLayersAndTouchesLandWhereTheyShould() {
        let page = Self.layered(Pages.scribbled().drawing)
        let first = page.layerChanges()
        #expect(first.removed.isEmpty && first.placed.count == page.tiles.frame(for: page.viewport).draws.count)
        Self.settleByJobs(page)
        let sharp = page.layerChanges()
        #expect(!sharp.placed.isEmpty && sharp.placed.allSatisfy { !sharp.isBelow($0.id) }, "rendered tiles take their layers' new pixels")
        #expect(page.layerChanges().isEmpty, "nothing changed, nothing to do")
        let panned = page.viewport.panned(by: Point2D(300, 0))
        #expect(page.show(panned) == nil, "no pixel copied")
        let moved = page.layerChanges()
        #expect(!moved.removed.isEmpty && !moved.placed.isEmpty)
        let visible = panned.visibleRect
        #expect(moved.placed.allSatisfy { $0.area.intersects(visible) })
        // A touch after the pan lands on the page point under it, and draws.
        let point = Point2D(100, 100)
        page.handle(TouchEvent(touch: 5, phase: .began, type: .pencil, samples: [TouchSample(location: point, timestamp: 10)]), screenScale: 1)
        page.handle(TouchEvent(touch: 5, phase: .ended, type: .pencil, samples: [TouchSample(location: point + Point2D(40, 0), timestamp: 10.1)]), screenScale: 1)
        let stored = page.drawing.strokes.last?.samples.first?.location
        #expect(stored == (point + panned.pixelOrigin) / panned.zoom)
        #expect(page.canvas.pixelOrigin == panned.pixelOrigin)
    }

    @Test func aFinishedStrokeLeavesTheCanvasForItsTiles() {
        let page = Self.layered()
        _ = page.layerChanges()
        Self.settleByJobs(page)
        _ = page.layerChanges()
        let samples = TouchInkControllerTests.line(from: Point2D(60, 60), to: Point2D(300, 90))
        Pages.draw(samples, touch: 1, on: page)
        #expect(page.drawing.strokes.count == 1)
        #expect(Self.isTransparent(page.canvas.image), "the finished stroke is in its tiles, not on the canvas")
        let changes = page.layerChanges()
        let bounds = page.drawing.strokes[0].sampleBounds!
        #expect(!changes.placed.isEmpty && changes.placed.allSatisfy { $0.area.intersects(bounds.expanded(by: 4)) }, "only the tiles it crosses")
        let shown = page.tiles.frame(for: page.viewport).image()
        let pixel = (Point2D(180, 75) * page.viewport.zoom - page.viewport.pixelOrigin)
        #expect(shown[Int(pixel.x), Int(pixel.y)].red < 128, "the tiles show it")
    }

    @Test func aPanWhileAPenIsDownMovesTheStrokeWithThePageAndItGoesOn() {
        let page = Self.layered()
        _ = page.layerChanges()
        func event(_ phase: TouchPhase, _ x: Double, _ time: Double) -> TouchEvent {
            TouchEvent(touch: 1, phase: phase, type: .pencil, samples: [TouchSample(location: Point2D(x, 100), timestamp: time, force: 2, maximumPossibleForce: 4)])
        }
        page.handle(event(.began, 100, 0), screenScale: 1)
        for step in 1...10 { page.handle(event(.moved, 100 + Double(step) * 10, Double(step) / 120), screenScale: 1) }
        let before = page.viewport
        let early = (Point2D(130, 100) + before.pixelOrigin) / before.zoom  // a page point already inked
        // The scroll view decelerates under the pen: 40 pixels left.
        page.show(before.panned(by: Point2D(40, 0)))
        #expect(page.controller.liveTouchCount == 1, "the stroke goes on")
        let onCanvas = early * page.viewport.zoom - page.canvas.pixelOrigin
        #expect(page.canvas.image[Int(onCanvas.x), Int(onCanvas.y)].alpha > 128, "its ink moved with the page")
        for step in 11...20 { page.handle(event(.moved, 100 + Double(step) * 10, Double(step) / 120), screenScale: 1) }
        page.handle(event(.ended, 310, 21.0 / 120), screenScale: 1)
        #expect(page.drawing.strokes.count == 1)
        let samples = Array(page.drawing.strokes[0].samples)
        #expect(samples.count == 22)
        #expect(samples[5].location == (Point2D(150, 100) + before.pixelOrigin) / before.zoom, "before the pan: where the page was")
        #expect(samples[15].location == (Point2D(250, 100) + page.viewport.pixelOrigin) / page.viewport.zoom, "after: where it is now")
    }

    @Test func outlinesForANewZoomAreMadeByAJobAsSettleMakesThem() throws {
        let drawing = Pages.scribbled().drawing
        let zoomed = Viewport(origin: Point2D(40, 30), zoom: 5, width: 640, height: 480)
        let inPlace = PageInkController(drawing: drawing, viewport: Pages.view)
        inPlace.show(zoomed)
        #expect(inPlace.settle())
        let page = Self.layered(drawing)
        page.show(zoomed)
        let job = try #require(page.outlineJob())
        #expect(job.scale == 8)
        let outlines = job.run()
        #expect(page.adopt(outlines))
        #expect(page.controller.session.outlineScale == inPlace.controller.session.outlineScale)
        #expect(page.controller.session.outlines == inPlace.controller.session.outlines)
        #expect(page.outlineJob() == nil)
        // A job for a drawing that changed since is refused.
        page.show(Pages.view)
        let stale = try #require(page.outlineJob()).run()
        Pages.draw(TouchInkControllerTests.line(from: Point2D(60, 140), to: Point2D(300, 140), time: 7), touch: 3, on: page)
        #expect(!page.adopt(stale))
    }

    @Test func aMemoryWarningReleasesTheTilesNotShown() {
        let page = Self.layered(Pages.scribbled().drawing)
        _ = page.layerChanges()
        Self.settleByJobs(page)
        page.show(page.viewport.panned(by: Point2D(2000, 0)))
        _ = page.layerChanges()
        Self.settleByJobs(page)
        let memory = page.tiles.tileMemory
        #expect(page.releaseTiles() > 0)
        #expect(page.tiles.tileMemory < memory)
        #expect(page.tiles.frame(for: page.viewport).isSharp, "what is shown stays")
    }

    @Test func aCanvasRepositionsWithoutCopyingOnlyWhenNothingIsLive() throws {
        let canvas = InkCanvas(viewport: Pages.view, background: .transparent)
        let piece = try #require(try InkStroke.outline(for: (0..<20).map { Sample(x: 60 + Double($0) * 5, y: 60, force: 0.5) }, style: InkStyle()))
        canvas.beginInk(1, tool: .ink, color: .black)
        canvas.drawInk(1, committed: [piece], provisional: nil)
        #expect(!canvas.reposition(toPixelOrigin: Point2D(10, 10)), "live ink stays where it is")
        canvas.endInk(1)
        #expect(!Self.isTransparent(canvas.image))
        #expect(canvas.reposition(toPixelOrigin: Point2D(10, 10)))
        #expect(canvas.pixelOrigin == Point2D(10, 10) && Self.isTransparent(canvas.image))
    }
}

/// Where a page sits in its scroll view.
struct PageInsetsTests {
    @Test func aZoomedOutPageIsCentredWithinTheAppsInsets() {
        let app = PageInsets(top: 50, left: 0, bottom: 0, right: 0)  // a toolbar over the page
        let page = Point2D(2048, 2732), view = Point2D(1024, 1366)
        let zoomedOut = app.centring(pageSize: page, zoom: 0.25, in: view)
        #expect(zoomedOut.left == (1024 - 512) / 2 && zoomedOut.right == zoomedOut.left)
        #expect(zoomedOut.top == 50 + (1366 - 50 - 683) / 2 && zoomedOut.bottom == (1366 - 50 - 683) / 2)
        // Zoomed in, the page fills the view: only the app's insets.
        #expect(app.centring(pageSize: page, zoom: 1, in: view) == app)
        #expect(PageInsets(top: -3, left: .nan, bottom: 2, right: .infinity) == PageInsets(top: 0, left: 0, bottom: 2, right: 0))
    }
}
