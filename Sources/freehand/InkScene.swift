import FreehandKit

/// The strokes of one input file, placed for output.
struct InkScene {
    var strokes: [[Sample]]
    /// The canvas size when the ink was fitted into a box.
    var box: Point?

    /// Parses `WIDTHxHEIGHT` (positive numbers).
    static func size(parsing text: String) -> Point? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return Point(width, height)
    }

    /// Mirrors the samples top to bottom within their bounds.
    mutating func flipVertically() {
        let locations = strokes.joined().map(\.location).filter(\.isFinite)
        guard let bounds = Rect(enclosing: locations) else { return }
        strokes = strokes.map { stroke in
            stroke.map { sample in
                var moved = sample
                moved.location.y = bounds.max.y + bounds.min.y - sample.location.y
                return moved
            }
        }
    }

    /// Moves and scales the samples so that the ink fits `size` with a small margin.
    mutating func fit(into size: Point) {
        box = size
        let locations = strokes.joined().map(\.location).filter(\.isFinite)
        guard let bounds = Rect(enclosing: locations) else { return }
        let margin = Swift.min(size.x, size.y) * 0.05
        let transform = Transform2D(fitting: bounds, into: Rect(min: Point(margin, margin), max: size - Point(margin, margin)))
        strokes = strokes.map { stroke in
            stroke.map { sample in
                var moved = sample
                moved.location = transform.apply(sample.location)
                return moved
            }
        }
    }

    func outlines(technique: any InterpolationTechnique, style: InkStyle) -> [OutlinePiece?] {
        strokes.map { InkStroke.outline(for: $0, technique: technique, style: style) }
    }
}
