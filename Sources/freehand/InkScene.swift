import FreehandDocument
import FreehandKit

/// The strokes of one input file, placed for output.
struct InkScene {
    var strokes: [[Sample]]
    /// The canvas size when the ink was fitted into a box.
    var box: Point2D?

    /// Mirrors the samples top to bottom within their bounds (azimuths mirror with them).
    mutating func flipVertically() {
        guard let bounds = Rect2D(enclosing: strokes.joined().map(\.location).filter(\.isFinite)) else { return }
        apply(Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: bounds.max.y + bounds.min.y))
    }

    /// Moves and scales the samples so that the ink fits `size` with a small margin (`PageFit`'s
    /// rule, for ink `widestInk` points wide).
    mutating func fit(into size: Point2D, widestInk: Double = 0) {
        box = size
        guard let bounds = Rect2D(enclosing: strokes.joined().map(\.location).filter(\.isFinite)) else { return }
        apply(PageFit.transform(fitting: bounds, into: size, widestInk: widestInk))
    }

    /// Moves every sample by `transform` (`Transform2D.apply(_:)`: contact radii and azimuths too).
    private mutating func apply(_ transform: Transform2D) {
        strokes = strokes.map { $0.map(transform.apply) }
    }

    func outlines(technique: any InterpolationTechnique, style: InkStyle) -> [OutlinePiece?] {
        InkStroke.outlines(for: strokes, technique: technique, style: style)
    }
}
