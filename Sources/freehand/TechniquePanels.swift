import FreehandKit
import FreehandRender

/// A row of panels, one per technique, each drawing the same strokes fitted into its box, with the
/// input samples as dots under the smoothed centreline.
struct TechniquePanels {
    var strokes: [[Sample]]
    var techniques: [any InterpolationTechnique]
    var panelSize = Point(260, 200)
    var margin = 12.0
    var labelHeight = 24.0

    func svg() -> SVGDocument {
        let columns = Swift.min(4, techniques.count)
        let rows = (techniques.count + columns - 1) / columns
        let cell = panelSize + Point(margin, margin + labelHeight)
        var document = SVGDocument(width: Double(columns) * cell.x + margin, height: Double(rows) * cell.y + margin)
        let bounds = Rect(enclosing: strokes.joined().map(\.location)) ?? Rect(point: .zero)
        for (index, technique) in techniques.enumerated() {
            let origin = Point(margin + Double(index % columns) * cell.x, margin + Double(index / columns) * cell.y)
            let box = Rect(min: origin + Point(0, labelHeight), max: origin + Point(0, labelHeight) + panelSize)
            let fit = AffineTransform(fitting: bounds, into: box.expanded(by: -8))
            document.strokeRect(box)
            document.addText(technique.name, at: origin + Point(0, labelHeight - 8))
            for samples in strokes {
                for sample in samples {
                    document.fillCircle(at: fit.apply(sample.location), radius: 1.8, color: "#e0662c")
                }
                let path = StrokeBuilder.path(for: samples, technique: technique).mapPoints(fit.apply)
                document.strokePath(path, color: "#111", lineWidth: 1.2)
            }
        }
        return document
    }
}
