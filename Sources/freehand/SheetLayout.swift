import FreehandKit

/// Where the panels of a sheet go: sections one under another, each under its title, its panels
/// in rows of at most `columns`, each panel a label line above a box. The SVG demo sheet and the
/// PNG comparison sheet both lay out with it.
struct SheetLayout {
    var panelSize: Point2D
    var columns = 4
    var margin = 12.0
    var labelHeight = 24.0
    var titleHeight = 30.0

    /// One panel's place: where its label line starts and its box.
    struct Place {
        var label: Point2D
        var box: Rect2D
    }

    /// The places of `counts` panels per section, the title origins, and the sheet's size (as
    /// many columns as the widest section fills, at least `minimumWidth` wide).
    func places(counts: [Int], minimumWidth: Double = 0) -> (titles: [Point2D], panels: [[Place]], size: Point2D) {
        let cell = panelSize + Point2D(margin, margin + labelHeight)
        let used = Swift.max(1, Swift.min(columns, counts.max() ?? 1))
        var titles: [Point2D] = [], panels: [[Place]] = []
        var y = margin
        for count in counts {
            titles.append(Point2D(margin, y))
            y += titleHeight
            panels.append((0..<count).map { index in
                let origin = Point2D(margin + Double(index % columns) * cell.x, y + Double(index / columns) * cell.y)
                let boxOrigin = origin + Point2D(0, labelHeight)
                return Place(label: origin, box: Rect2D(min: boxOrigin, max: boxOrigin + panelSize))
            })
            y += Double((count + columns - 1) / columns) * cell.y
        }
        // Each cell already holds a margin below its box.
        return (titles, panels, Point2D(Swift.max(Double(used) * cell.x + margin, minimumWidth), y))
    }
}
