import FreehandKit
import FreehandRender

/// Pictures of a drawing: SVG of the filled outlines, PNG through the renderer.
public enum DrawingExport {
    /// The canvas a drawing needs: from the origin to the far corner of its ink plus `margin` points.
    public static func canvasSize(of drawing: Drawing, margin: Double = 4) -> Point {
        guard let bounds = drawing.bounds else { return Point(1, 1) }
        return Point(Swift.max(1, (bounds.max.x + margin).rounded(.up)), Swift.max(1, (bounds.max.y + margin).rounded(.up)))
    }

    /// An SVG of every stroke's outline in its colour, on `background` (nil for transparent).
    public static func svg(_ drawing: Drawing, size: Point? = nil, background: RGBAColor? = .white) -> String {
        let canvas = size ?? canvasSize(of: drawing)
        var document = SVGDocument(width: canvas.x, height: canvas.y, background: background.flatMap { $0.alpha > 0 ? $0.cssText : nil })
        for (piece, color) in drawing.lazyOutlines {
            document.fillPolygon(piece.polygon, color: color.cssText, opacity: piece.opacity * color.alpha)
        }
        return document.text
    }

    /// A PNG of the drawing at `scale` pixels per point on `background`.
    public static func png(_ drawing: Drawing, size: Point? = nil, scale: Double = 1, background: RGBAColor = .white) -> [UInt8] {
        let renderer = InkRenderer(size: size ?? canvasSize(of: drawing), scale: scale, background: background)
        return PNGEncoder.encode(renderer.render(drawing.lazyOutlines))
    }
}
