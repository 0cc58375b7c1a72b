import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// A page that pans and zooms: touches land in page points, finished ink lives in tiles kept in
/// step with every edit, a pan shows tiles rendered ahead, a pinch shows scaled tiles at once and
/// settles to outlines for its zoom — and what the canvas shows is always the page drawn afresh.
struct PageInkControllerTests {
    /// A 640 × 480 pixel view at 2 pixels a point, looking at the page from (40, 30).
    static let view = Viewport(origin: Point2D(40, 30), zoom: 2, width: 640, height: 480)

    /// Renders every tile the page still lacks (visible and ahead).
    static func settle(_ page: PageInkController) {
        while page.hasTilesToRender { page.renderMissingTiles(limit: 16) }
    }

    /// Draws `samples` (page points) as one pencil touch through the page's controller.
    static func draw(_ samples: [TouchSample], touch: Int, on page: PageInkController) {
        TouchInkControllerTests.draw(samples, touch: touch, on: page.controller)
    }

    /// A few strokes across the view, drawn by touch.
    static func scribbled() -> PageInkController {
        let page = PageInkController(viewport: view)
        draw(TouchInkControllerTests.line(from: Point2D(60, 60), to: Point2D(300, 90)), touch: 1, on: page)
        draw(TouchInkControllerTests.line(from: Point2D(80, 200), to: Point2D(330, 150)), touch: 2, on: page)
        draw(TouchInkControllerTests.line(from: Point2D(200, 40), to: Point2D(210, 250), time: 1), touch: 3, on: page)
        page.controller.color = RGBAColor(red: 0.8, green: 0.1, blue: 0.1)
        draw(TouchInkControllerTests.line(from: Point2D(50, 250), to: Point2D(340, 260), time: 2), touch: 4, on: page)
        return page
    }

    /// The same view of the same drawing on a fresh page, every tile rendered.
    static func afresh(_ page: PageInkController) -> Bitmap {
        let fresh = PageInkController(drawing: page.drawing, background: page.tiles.background, viewport: page.viewport)
        fresh.controller.appearance = page.controller.appearance
        settle(fresh)
        return fresh.canvas.image
    }

    /// Mean and largest channel difference.
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (mean: Double, maximum: Int) {
        var total = 0, maximum = 0
        for index in a.pixels.indices {
            let d = abs(Int(a.pixels[index]) - Int(b.pixels[index]))
            total += d
            maximum = max(maximum, d)
        }
        return (Double(total) / Double(max(1, a.pixels.count)), maximum)
    }

    @Test func aViewPixelMapsToThePagePointUnderIt() {
        let page = PageInkController(viewport: Self.view)
        #expect(page.pagePoint(atViewPixel: .zero) == Point2D(40, 30))
        #expect(page.pagePoint(atViewPixel: Point2D(100, 50)) == Point2D(90, 55))
    }

    @Test func aScrollViewsOffsetAndZoomScaleGiveItsViewport() {
        let viewport = Viewport(contentOffset: Point2D(80, 60), zoomScale: 2, size: Point2D(320, 240), screenScale: 2)
        #expect(viewport == Viewport(origin: Point2D(40, 30), zoom: 4, width: 640, height: 480))
        let odd = Viewport(contentOffset: Point2D(10, 10), zoomScale: .nan, size: Point2D(1e300, -5), screenScale: 0)
        #expect(odd.zoom == 1 && odd.origin == Point2D(10, 10) && odd.width == 16_384 && odd.height == 0)
    }

    @Test func touchesInViewPointsLandOnThePagePointsUnderThem() throws {
        let viewport = Viewport(contentOffset: Point2D(80, 60), zoomScale: 2, size: Point2D(320, 240), screenScale: 2)
        let page = PageInkController(viewport: viewport)
        let samples = TouchInkControllerTests.line(from: Point2D(10, 10), to: Point2D(110, 30))
        page.handle(TouchEvent(touch: 1, phase: .began, type: .direct, samples: [samples[0]]), screenScale: 2)
        page.handle(TouchEvent(touch: 1, phase: .moved, type: .direct, samples: Array(samples[1..<19]), predicted: [samples[19]]), screenScale: 2)
        page.handle(TouchEvent(touch: 1, phase: .ended, type: .direct, samples: [samples[19]]), screenScale: 2)
        let stroke = try #require(page.drawing.strokes.first)
        let first = try #require(stroke.samples.first), last = try #require(stroke.samples.last)
        // View point (10, 10) at zoom scale 2 from content offset (80, 60): page (45, 35).
        #expect(first.location == Point2D(45, 35) && last.location == Point2D(95, 45))
        // A 6-point fingertip covers 3 page points at twice the size.
        #expect(first.majorRadius == 3)
        // Drawn where the finger was: view point (60, 20) is canvas pixel (120, 40).
        #expect(page.canvas.image[120, 40].red < 100)
    }

    @Test func strokesDrawnOnAZoomedPageAreStoredInPagePointsAndShownAsThePageDrawnAfresh() throws {
        let page = Self.scribbled()
        #expect(page.drawing.strokes.count == 4)
        let first = try #require(page.drawing.strokes.first?.samples.first)
        #expect(first.location == Point2D(60, 60))
        // Finished strokes went into the tiles already cached: none to render again.
        #expect(page.isSharp)
        // The canvas (live ink kept when each stroke ended) is the view drawn afresh from tiles.
        let (mean, maximum) = Self.difference(page.canvas.image, Self.afresh(page))
        #expect(mean < 0.05 && maximum <= 96, "mean \(mean), largest \(maximum)")
        // And the ink is there: the first line crosses view pixel ((180 − 40) × 2, (75 − 30) × 2).
        #expect(page.canvas.image[280, 90].red < 100)
    }

    @Test(arguments: ["erase", "undo", "redo", "clear", "move", "recolor", "delete", "duplicate", "front", "load", "appearance"])
    func everyEditKeepsTheTilesInStepWithTheDrawing(edit: String) throws {
        let page = Self.scribbled()
        Self.settle(page)
        let controller = page.controller
        switch edit {
        case "erase":
            controller.pencilRole = .erase
            Self.draw(TouchInkControllerTests.line(from: Point2D(150, 20), to: Point2D(160, 280), time: 5), touch: 9, on: page)
        case "undo": controller.undo()
        case "redo":
            controller.undo()
            Self.settle(page)
            controller.redo()
        case "clear": controller.clear()
        case "move":
            controller.select([0, 2])
            controller.transformSelection(by: Transform2D(scale: 1, offset: Point2D(25, 40)))
        case "recolor":
            controller.select([1])
            controller.recolorSelection(to: RGBAColor(red: 0.1, green: 0.5, blue: 0.2))
        case "delete":
            controller.select([3])
            controller.deleteSelection()
        case "duplicate":
            controller.select([1])
            controller.duplicateSelection()
        case "front":
            controller.select([0])
            controller.bringSelectionToFront()
        case "load":
            controller.load(Drawing(strokes: [page.drawing.strokes[1]]))
        case "appearance": controller.appearance = .dark
        default: Issue.record("no edit \(edit)")
        }
        // What the canvas shows right after the edit, and again once its tiles are rendered, is the
        // page drawn afresh.
        let expected = Self.afresh(page)
        let before = Self.difference(page.canvas.image, expected)
        #expect(before.mean < 0.05 && before.maximum <= 96, "\(edit) at once: mean \(before.mean), largest \(before.maximum)")
        Self.settle(page)
        let after = Self.difference(page.canvas.image, expected)
        #expect(after.mean < 0.05 && after.maximum <= 96, "\(edit) rendered: mean \(after.mean), largest \(after.maximum)")
        // A pan (the canvas drawn from the tiles alone) still shows the page as it is now.
        page.show(page.viewport.panned(by: Point2D(3, 1)))
        let panned = Self.difference(page.canvas.image, Self.afresh(page))
        #expect(panned.mean < 0.05 && panned.maximum <= 96, "\(edit) panned: mean \(panned.mean), largest \(panned.maximum)")
    }

    @Test func anEditRendersOnlyTheTilesUnderItAgain() throws {
        let page = Self.scribbled()
        Self.settle(page)
        // The view holds 3 × 2 tiles of 128 points (640 × 480 px from pixel (80, 60)).
        page.controller.select([0])
        page.controller.recolorSelection(to: RGBAColor(red: 0.1, green: 0.5, blue: 0.2))
        // The first line spans points 60…300 across, 60…90 down: the top row of three tiles only,
        // rendered again at once (the canvas is repainted from them).
        let rendered = try #require(page.tiles.lastRenderedArea)
        #expect(abs(rendered.width - 3 * 128) < 1e-9 && abs(rendered.height - 128) < 1e-9, "\(rendered)")
        #expect(page.isSharp)
    }

    @Test func aPanMovesTheCanvasInPlace() {
        let page = Self.scribbled()
        Self.settle(page)
        let canvas = page.canvas
        page.show(page.viewport.panned(by: Point2D(37, -21)))
        #expect(page.canvas === canvas && page.canvas.pixelOrigin == Point2D(117, 39))
        let (mean, maximum) = Self.difference(page.canvas.image, Self.afresh(page))
        #expect(mean < 0.05 && maximum <= 96, "mean \(mean), largest \(maximum)")
        // A zoom makes a canvas of its own.
        page.show(page.viewport.zoomed(by: 1.5, about: .zero))
        #expect(page.canvas !== canvas)
    }

    @Test func aFingerClaimsThePageAfterTenViewPointsWhateverTheZoom() {
        // Zoom scale 2 on a 2× screen: 4 pixels a page point; 10 view points are 5 page points.
        let page = PageInkController(viewport: Viewport(contentOffset: .zero, zoomScale: 2, size: Point2D(300, 200), screenScale: 2))
        page.handle(TouchEvent(touch: 1, phase: .began, type: .direct, samples: [TouchSample(location: Point2D(10, 10), timestamp: 0)]), screenScale: 2)
        #expect(page.controller.gesture.fingerClaimDistance == 5)
    }

    @Test func aPagesCanvasIsSizedByItsViewportNotByFit() {
        let page = PageInkController(viewport: Self.view)
        #expect(page.controller.fit(width: 100, height: 100, scale: 1) == nil)
        #expect(page.controller.replaceCanvas(with: InkCanvas(width: 10, height: 10)) == nil)
        #expect(page.canvas.width == 640 && page.canvas.height == 480)
    }

    @Test func pencilInkOnAPageHasNoGrain() {
        let page = PageInkController(preset: .sketch, viewport: Self.view)
        Self.draw(TouchInkControllerTests.line(from: Point2D(60, 60), to: Point2D(300, 90)), touch: 1, on: page)
        let (mean, maximum) = Self.difference(page.canvas.image, Self.afresh(page))
        #expect(page.canvas.grain == nil && mean < 0.05 && maximum <= 96, "mean \(mean), largest \(maximum)")
    }

    @Test func aPanFindsItsTilesRenderedAheadAndShowsThePageAsDrawnAfresh() {
        let page = Self.scribbled()
        Self.settle(page)
        let panned = page.viewport.panned(by: Point2D(256, -200))
        #expect(page.show(panned) != nil)
        #expect(page.isSharp, "the ring beyond the edges was rendered")
        let (mean, maximum) = Self.difference(page.canvas.image, Self.afresh(page))
        #expect(mean < 0.05 && maximum <= 96, "mean \(mean), largest \(maximum)")
        #expect(page.show(panned) == nil, "the same viewport again changes nothing")
    }

    @Test func aPinchShowsScaledTilesAtOnceThenSettlesToOutlinesForItsZoom() {
        let page = Self.scribbled()
        Self.settle(page)
        let zoomed = page.viewport.zoomed(by: 2.5, about: Point2D(320, 240))
        page.show(zoomed)
        #expect(!page.isSharp)
        // The first frame: the 2× tiles scaled, so the ink shows (blurred) before any is rendered.
        let inked = stride(from: 0, to: page.canvas.image.pixels.count, by: 4).filter { page.canvas.image.pixels[$0] < 128 }.count
        #expect(inked > 1000)
        #expect(page.settle())
        #expect(page.controller.session.outlineScale == 8)
        #expect(!page.settle(), "settled already")
        Self.settle(page)
        let (mean, maximum) = Self.difference(page.canvas.image, Self.afresh(page))
        #expect(mean < 0.05 && maximum <= 96, "mean \(mean), largest \(maximum)")
    }

    @Test func theOutlineScaleIsThePowerOfTwoAtOrAboveTheZoom() {
        #expect(PageInkController.outlineScale(forZoom: 2) == 2)
        #expect(PageInkController.outlineScale(forZoom: 2.01) == 4)
        #expect(PageInkController.outlineScale(forZoom: 0.3) == 0.5)
        #expect(PageInkController.outlineScale(forZoom: .nan) == 1)
        #expect(PageInkController.outlineScale(forZoom: 1e9) == 64)
    }
}
