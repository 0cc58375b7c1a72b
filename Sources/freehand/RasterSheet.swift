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
    var margin = 12
    var labelHeight = 24
    var titleHeight = 30

    func render(sections: [(title: String, panels: [Panel])], scale: Double = 1) -> Bitmap {
        let cellWidth = Int(panelSize.x) + margin, cellHeight = Int(panelSize.y) + margin + labelHeight
        let rows = sections.reduce(0) { $0 + ($1.panels.count + columns - 1) / columns }
        // As many columns as the widest section fills, at most `columns`.
        let used = Swift.max(1, Swift.min(columns, sections.map(\.panels.count).max() ?? 1))
        let width = Swift.max(used * cellWidth + margin, 340)
        let height = rows * cellHeight + sections.count * titleHeight + margin
        var bitmap = Bitmap(width: Int(Double(width) * scale), height: Int(Double(height) * scale), color: .white)
        let rasterizer = Rasterizer()
        let grey = RGBAColor(red: 0.8, green: 0.8, blue: 0.8), text = RGBAColor(red: 0.2, green: 0.2, blue: 0.2)
        var y = margin
        for section in sections {
            BitmapFont.draw(section.title, at: Int(Double(margin) * scale), Int(Double(y + 8) * scale), size: Swift.max(1, Int(2 * scale)), color: .black, into: &bitmap)
            y += titleHeight
            for (index, panel) in section.panels.enumerated() {
                let left = margin + (index % columns) * cellWidth, top = y + (index / columns) * cellHeight
                BitmapFont.draw(panel.label, at: Int(Double(left) * scale), Int(Double(top + 4) * scale), size: Swift.max(1, Int(2 * scale)), color: text, into: &bitmap)
                let box = Rect(min: Point(Double(left), Double(top + labelHeight)), max: Point(Double(left), Double(top + labelHeight)) + panelSize)
                let frame = [box.min, Point(box.max.x, box.min.y), box.max, Point(box.min.x, box.max.y)].map { $0 * scale }
                let inner = [box.min + Point(1, 1), Point(box.max.x - 1, box.min.y + 1), box.max - Point(1, 1), Point(box.min.x + 1, box.max.y - 1)].map { $0 * scale }
                bitmap.fill(frame, color: grey, using: rasterizer)
                bitmap.fill(inner, color: .white, using: rasterizer)
                for (piece, color) in panel.pieces {
                    bitmap.fill(piece.polygon.map { ($0 + box.min) * scale }, color: color, opacity: piece.opacity, using: rasterizer)
                }
            }
            y += (section.panels.count + columns - 1) / columns * cellHeight
        }
        return bitmap
    }

    /// A panel drawing `strokes` (fitted into the panel, less a margin) with `technique` as a thin
    /// centreline over the samples it saw (dots).
    func techniquePanel(_ strokes: [[Sample]], technique: any InterpolationTechnique) -> Panel {
        var scene = InkScene(strokes: strokes)
        scene.fit(into: panelSize)
        let dot = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: ConstantBrush(width: 3.2), smoothing: 0) }
        let line = ParameterError.builtIn { () throws(ParameterError) in try InkStyle(brush: ConstantBrush(width: 1.4), smoothing: 0) }
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
