import FreehandKit
import FreehandRender

/// Panels of ink laid out in rows under section titles, rendered to a bitmap with built-in-font
/// labels: the PNG side of `compare` and `demo`.
struct RasterSheet {
    /// One panel: a label and its ink, already placed in the panel's own coordinates.
    struct Panel {
        var label: String
        var pieces: [(piece: OutlinePiece, color: RGBAColor)]
    }

    var panelSize = Point(320, 240)
    var columns = 4

    func render(sections: [(title: String, panels: [Panel])], scale: Double = 1) -> Bitmap {
        let layout = SheetLayout(panelSize: panelSize, columns: columns)
        let (titles, places, size) = layout.places(counts: sections.map(\.panels.count), minimumWidth: 340)
        var bitmap = Bitmap(width: Int(size.x * scale), height: Int(size.y * scale), color: .white)
        let rasterizer = Rasterizer()
        let grey = RGBAColor(red: 0.8, green: 0.8, blue: 0.8), text = RGBAColor(red: 0.2, green: 0.2, blue: 0.2)
        let fontSize = Swift.max(1, Int(2 * scale))
        func pixel(_ value: Double) -> Int { Int(value * scale) }
        for (section, (title, sectionPlaces)) in zip(sections, zip(titles, places)) {
            BitmapFont.draw(section.title, at: pixel(title.x), pixel(title.y + 8), size: fontSize, color: .black, into: &bitmap)
            for (panel, place) in zip(section.panels, sectionPlaces) {
                BitmapFont.draw(panel.label, at: pixel(place.label.x), pixel(place.label.y + 4), size: fontSize, color: text, into: &bitmap)
                let box = place.box
                let frame = [box.min, Point(box.max.x, box.min.y), box.max, Point(box.min.x, box.max.y)].map { $0 * scale }
                let inner = [box.min + Point(1, 1), Point(box.max.x - 1, box.min.y + 1), box.max - Point(1, 1), Point(box.min.x + 1, box.max.y - 1)].map { $0 * scale }
                bitmap.fill(frame, color: grey, using: rasterizer)
                bitmap.fill(inner, color: .white, using: rasterizer)
                for (piece, color) in panel.pieces {
                    bitmap.fill(piece.rings.map { $0.map { ($0 + box.min) * scale } }, color: color, opacity: piece.opacity, using: rasterizer)
                }
            }
        }
        return bitmap
    }

    /// A panel drawing `strokes` (fitted into the panel, less a margin) with `technique` as a thin
    /// centreline over the samples it saw (dots).
    func techniquePanel(_ strokes: [[Sample]], technique: any InterpolationTechnique) -> Panel {
        var scene = InkScene(strokes: strokes)
        scene.fit(into: panelSize)
        let dot = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: ConstantBrush(width: 3.2), widthSmoothing: 0) }
        let line = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: ConstantBrush(width: 1.4), widthSmoothing: 0) }
        var pieces: [(OutlinePiece, RGBAColor)] = []
        let orange = RGBAColor(red: 0.88, green: 0.4, blue: 0.17)
        for stroke in scene.strokes {
            for sample in stroke {
                if let piece = InkStroke.outline(for: [sample], technique: LinearTechnique(), style: dot) { pieces.append((piece, orange)) }
            }
            if let piece = InkStroke.outline(for: stroke, technique: technique, style: line) { pieces.append((piece, .black)) }
        }
        return Panel(label: technique.name, pieces: pieces)
    }

    /// A panel drawing `strokes` fitted into the panel with `style` and the default technique.
    func brushPanel(_ strokes: [[Sample]], label: String, style: InkStyle) -> Panel {
        var scene = InkScene(strokes: strokes)
        scene.fit(into: panelSize)
        let pieces = scene.outlines(technique: FreehandTechnique.standard, style: style).compactMap { $0 }.map { ($0, RGBAColor.black) }
        return Panel(label: label, pieces: pieces)
    }
}
