import FreehandDocument
import FreehandKit
import FreehandRender

/// The demo picture: one row of panels per technique (centrelines over the samples they saw) and
/// one per brush (filled outlines), each panel labelled.
struct DemoSheet {
    var panelSize = Point2D(260, 200)
    var margin = 12.0
    var labelHeight = 24.0
    var columns = 4

    /// A panel: a label and how to draw into its box.
    struct Panel {
        var label: String
        var draw: (inout SVGDocument, Rect2D) -> Void
    }

    func techniquePanels(_ strokes: [[Sample]], _ techniques: [any InterpolationTechnique]) -> [Panel] {
        techniques.map { technique in
            Panel(label: technique.name) { document, box in
                for samples in strokes.fitted(into: box.max - box.min) {
                    for sample in samples {
                        document.fillCircle(at: sample.location + box.min, radius: 1.8, color: "#e0662c")
                    }
                    let path = StrokeBuilder.path(for: samples, technique: technique).mapPoints { $0 + box.min }
                    document.strokePath(path, color: "#111", lineWidth: 1.2)
                }
            }
        }
    }

    func brushPanels(_ strokes: [[Sample]], _ brushes: [(String, InkStyle)]) -> [Panel] {
        brushes.map { label, style in
            Panel(label: label) { document, box in
                let fitted = strokes.fitted(into: box.max - box.min)
                for piece in InkStroke.outlines(for: fitted, technique: FreehandTechnique.standard, style: style).compactMap({ $0 }) {
                    document.fillOutline(piece.resolvingOverlaps().offset(by: box.min), color: "#111", opacity: piece.opacity)
                }
            }
        }
    }

    /// The panels laid out in rows of `columns`, each section starting a new row under its title.
    func document(sections: [(title: String, panels: [Panel])]) -> SVGDocument {
        let layout = SheetLayout(panelSize: panelSize, columns: columns, margin: margin, labelHeight: labelHeight)
        let (titles, places, size) = layout.places(counts: sections.map(\.panels.count))
        var document = SVGDocument(width: size.x, height: size.y)
        for (section, (title, sectionPlaces)) in zip(sections, zip(titles, places)) {
            document.addText(section.title, at: title + Point2D(0, 18), size: 16, color: "#000")
            for (panel, place) in zip(section.panels, sectionPlaces) {
                document.strokeRect(place.box)
                document.addText(panel.label, at: place.label + Point2D(0, labelHeight - 8))
                panel.draw(&document, place.box.expanded(by: -8))
            }
        }
        return document
    }
}
