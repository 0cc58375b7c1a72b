import FreehandKit

/// How every front end sizes a picture's page and scales ink into a box — `freehand render`'s
/// `--size`/`--fit`/`--page`, the playground's `size=`/`fit=`, the command line's sheets — one rule
/// each.
public enum PageFit {
    /// A page size from `WIDTHxHEIGHT` in points (each side above 0 and at most `largestSide`), or
    /// the paper names `a4` and `letter`; nil for anything else.
    public static func size(parsing text: String) -> Point2D? {
        switch text.lowercased() {
        case "a4": return Point2D(595.2756, 841.8898)
        case "letter": return Point2D(612, 792)
        default:
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                  width > 0, height > 0, width <= largestSide, height <= largestSide else { return nil }
            return Point2D(width, height)
        }
    }

    /// The longest page side `size(parsing:)` takes, points (a picture's pixels are limited apart,
    /// by `ImageLimits`).
    public static let largestSide = 1_000_000.0

    /// The empty space around ink fitted into `box`: 5 % of its shorter side, at least `widestInk`
    /// (the widest brush's typical width: room for the half width and for tilt and contact that
    /// widen it), at most 45 % of the shorter side, points.
    public static func margin(in box: Point2D, widestInk: Double) -> Double {
        let side = Swift.min(box.x, box.y)
        return Swift.min(Swift.max(side * 0.05, widestInk.isFinite ? widestInk : 0), 0.45 * side)
    }

    /// Scales and moves samples spanning `bounds` into `box` within `margin(in:widestInk:)`,
    /// keeping their proportions (widths are kept: the brush draws them after).
    public static func transform(fitting bounds: Rect2D, into box: Point2D, widestInk: Double) -> Transform2D {
        let margin = margin(in: box, widestInk: widestInk)
        return Transform2D(fitting: bounds, into: Rect2D(min: Point2D(margin, margin), max: box - Point2D(margin, margin)))
    }
}

extension Drawing {
    /// The drawing with its samples scaled into `box` (points) by `PageFit`'s rule, the margin at
    /// least its widest brush's typical width (`widestInk`); the same drawing when it has no samples.
    public func fitted(into box: Point2D) -> Drawing {
        guard let bounds = sampleBounds else { return self }
        return transformed(by: PageFit.transform(fitting: bounds, into: box, widestInk: widestInk))
    }

    /// The bounds of every stroke's samples, points (nil without samples): known before any stroke
    /// is outlined.
    public var sampleBounds: Rect2D? {
        var bounds: Rect2D?
        for record in strokes { bounds.formUnion(record.sampleBounds) }
        return bounds
    }

    /// The widest typical width of the drawing's brushes, points (at least 1; strokes with invalid
    /// settings left out).
    public var widestInk: Double {
        strokes.reduce(1.0) { widest, record in
            guard let brush = try? record.makeStyle().brush, brush.dotWidth.isFinite else { return widest }
            return Swift.max(widest, brush.dotWidth)
        }
    }

    /// The drawing mirrored top to bottom within its samples' bounds (azimuths mirror with them):
    /// for a recording whose y axis points up but whose units do not say so.
    public func flippedVertically() -> Drawing {
        guard let bounds = sampleBounds else { return self }
        return transformed(by: Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: bounds.max.y + bounds.min.y))
    }

    /// Every sample moved by `transform` (`Transform2D.apply(_:)`: contact radii and azimuths too).
    func transformed(by transform: Transform2D) -> Drawing {
        Drawing(strokes: strokes.map { $0.with(samples: $0.samples.map(transform.apply)) }, recording: recording)
    }
}

extension [[Sample]] {
    /// These strokes' samples moved and scaled so that the ink fits `box` by `PageFit`'s rule, for
    /// ink `widestInk` points wide (unchanged without a finite sample): what the CLI's comparison
    /// sheets draw in each panel.
    package func fitted(into box: Point2D, widestInk: Double = 0) -> [[Sample]] {
        guard let bounds = Rect2D(enclosing: joined().map(\.location).filter(\.isFinite)) else { return self }
        return transformed(by: PageFit.transform(fitting: bounds, into: box, widestInk: widestInk))
    }

    /// These strokes mirrored top to bottom within their samples' bounds (azimuths mirror with them).
    package func flippedVertically() -> [[Sample]] {
        guard let bounds = Rect2D(enclosing: joined().map(\.location).filter(\.isFinite)) else { return self }
        return transformed(by: Transform2D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: bounds.max.y + bounds.min.y))
    }

    /// Every sample moved by `transform` (`Transform2D.apply(_:)`: contact radii and azimuths too).
    private func transformed(by transform: Transform2D) -> [[Sample]] {
        map { $0.map(transform.apply) }
    }
}
