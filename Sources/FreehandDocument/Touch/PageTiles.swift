import FreehandKit
import FreehandRender

/// Where a page's finished ink lives: its tiles cached per zoom, the viewport they are shown
/// through, and how they reach the screen (`PageComposition`). A `TouchInkController` made for a
/// page (`PageInkController`) is given one and keeps it in step with its session — finished
/// strokes drawn into their tiles, edits marking theirs out of date — and paints its canvas's
/// finished ink from it; the controller never reaches back to the page. A class, shared by the
/// page and its controller on one thread.
final class PageTiles {
    /// The finished ink as tiles cached per zoom.
    let tiles: TiledCanvas
    /// Where the finished ink is composited: into the canvas, or by the view's tile layers.
    let composition: PageComposition
    /// What the view shows now.
    var viewport: Viewport
    /// The strokes of the drawing the tiles hold (in step with the session after each change).
    private var followedStrokes = 0
    /// True when the cached tiles were dropped: the next repaint renders the visible ones first.
    private var tilesDropped = false

    init(tiles: TiledCanvas, composition: PageComposition, viewport: Viewport) {
        self.tiles = tiles
        self.composition = composition
        self.viewport = viewport
    }

    /// The canvas's background: the paper, or transparent when it holds live ink alone.
    var canvasBackground: RGBAColor { composition == .layers ? .transparent : tiles.background }

    /// The finished ink as the tiles draw it: each stroke's kept outline in its colour as shown.
    private static func ink(of session: InkSession, shownThrough appearance: InkAppearance) -> [(piece: OutlinePiece, color: RGBAColor)] {
        Array(session.finishedInk(shownThrough: appearance))
    }

    /// Every stroke's outline or colour may have changed: every tile is out of date. Outlines for
    /// a new scale keep the tiles (shown until rendered again: the same ink, outlined finer or
    /// coarser); a new appearance or another drawing drops them (`droppingTiles`), and the next
    /// repaint renders the visible ones first.
    func followAllInk(of session: InkSession, shownThrough appearance: InkAppearance, droppingTiles: Bool) {
        if droppingTiles {
            tiles.removeAllTiles()
            tilesDropped = true
        }
        tiles.setInk(Self.ink(of: session, shownThrough: appearance))
        followedStrokes = session.drawing.strokes.count
    }

    /// Brings the tiles up to date with what a session call reported: finished strokes drawn into
    /// their tiles; the tiles under an edit marked out of date (with `.canvas`, the visible ones
    /// rendered again now) and `canvas` repainted there. Returns the canvas's pixels that changed.
    func follow(_ report: InkReport, of session: InkSession, shownThrough appearance: InkAppearance, on canvas: InkCanvas) -> PixelRect? {
        let count = session.drawing.strokes.count
        defer { followedStrokes = count }
        if let area = report.repaint {
            tiles.replaceInk(Self.ink(of: session, shownThrough: appearance), changedIn: [area])
            _ = tiles.frame(for: viewport)
            // With layers the stale tiles show until the view's background jobs replace them.
            if composition == .canvas { tiles.renderMissingTiles(ahead: false) }
            return repaint(canvas.pixels(covering: area), of: canvas)
        }
        let ended = report.live.filter { $0.change == .ended && !$0.erases }.count
        if count == followedStrokes + ended, ended > 0 {
            // Strokes just finished, on top: drawn into the tiles they cross (and with `.layers`
            // taken off the canvas, which holds live ink alone).
            var cleared: PixelRect?
            for index in followedStrokes..<count {
                guard let outline = session.outlines[index] else { continue }
                tiles.add(outline, color: appearance.displayed(session.drawing.strokes[index].color))
                if composition == .layers, let bounds = outline.bounds { cleared.formUnion(repaint(canvas.pixels(covering: bounds), of: canvas)) }
            }
            return cleared
        } else if count != followedStrokes {
            // Strokes that draw nothing added or removed (a load follows the new drawing itself):
            // every tile out of date, shown until rendered again.
            followAllInk(of: session, shownThrough: appearance, droppingTiles: false)
            _ = tiles.frame(for: viewport)
        }
        return nil
    }

    /// Paints `area` of `canvas` from the tiles (the viewport's frame); the visible tiles are
    /// rendered first when the cached ones were dropped. With `.layers` the canvas holds live ink
    /// alone: the area is cleared under it.
    func repaint(_ area: PixelRect, of canvas: InkCanvas) -> PixelRect? {
        guard composition == .canvas else { return canvas.repaint(area, from: EmptyCollection<(piece: OutlinePiece, color: RGBAColor)>()) }
        var frame = tiles.frame(for: viewport)
        if tilesDropped {
            tilesDropped = false
            tiles.renderMissingTiles(ahead: false)
            frame = tiles.frame(for: viewport)
        }
        return canvas.repaint(area, from: frame)
    }
}
