import FreehandDocument
import FreehandKit
import FreehandRender

/// Panels of ink laid out in rows under section titles, rendered to a bitmap with built-in-font
/// labels: the PNG side of `compare` and `demo`.
struct RasterSheet {
    /// One panel: a label and its ink in the panel's own coordinates, made while the panel is
    /// drawn (`ink` hands each piece to its argument in turn), so that a sheet never holds more
    /// than one stroke's outline at a time.
    struct Panel {
        var label: String
        var ink: (_ draw: (OutlinePiece, RGBAColor) -> Void) -> Void
    }

    var panelSize = Point2D(320, 240)
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
                let frame = [box.min, Point2D(box.max.x, box.min.y), box.max, Point2D(box.min.x, box.max.y)].map { $0 * scale }
                let inner = [box.min + Point2D(1, 1), Point2D(box.max.x - 1, box.min.y + 1), box.max - Point2D(1, 1), Point2D(box.min.x + 1, box.max.y - 1)].map { $0 * scale }
                bitmap.fill(frame, color: grey, using: rasterizer)
                bitmap.fill(inner, color: .white, using: rasterizer)
                panel.ink { piece, color in
                    bitmap.fill(piece.rings.map { $0.map { ($0 + box.min) * scale } }, color: color, opacity: piece.opacity, mode: InkBlendMode(piece.layering), using: rasterizer)
                }
            }
        }
        return bitmap
    }

    /// A panel drawing `strokes` (fitted into the panel, less a margin) with `technique` as a thin
    /// centreline over the samples it saw (dots; one dot shape, moved to each sample).
    func techniquePanel(_ strokes: [[Sample]], technique: any InterpolationTechnique) -> Panel {
        Panel(label: technique.name) { draw in
            let fitted = strokes.fitted(into: panelSize)
            let dotStyle = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: ConstantBrush(width: 3.2), widthSmoothing: 0) }
            let line = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: ConstantBrush(width: 1.4), widthSmoothing: 0) }
            let orange = RGBAColor(red: 0.88, green: 0.4, blue: 0.17)
            guard let dot = InkStroke.outline(for: [Sample(location: .zero)], technique: LinearTechnique(), style: dotStyle) else { return }
            for stroke in fitted {
                for sample in stroke { draw(dot.offset(by: sample.location), orange) }
                if let piece = InkStroke.outline(for: stroke, technique: technique, style: line) { draw(piece, .black) }
            }
        }
    }

    /// A panel drawing `strokes` fitted into the panel with `style` and the default technique.
    func brushPanel(_ strokes: [[Sample]], label: String, style: InkStyle) -> Panel {
        Panel(label: label) { draw in
            let fitted = strokes.fitted(into: panelSize)
            for piece in InkStroke.outlines(for: fitted, technique: FreehandTechnique.standard, style: style) { if let piece { draw(piece, .black) } }
        }
    }
}
