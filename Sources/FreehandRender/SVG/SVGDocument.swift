import FreehandKit

/// An SVG image built element by element, in user units (points unless a transform says otherwise).
public struct SVGDocument: Sendable {
    /// The canvas width in user units.
    public var width: Double
    /// The canvas height in user units.
    public var height: Double
    /// The background fill (any SVG colour), or nil for transparent.
    public var background: String?
    private var body: [String] = []

    /// An empty image of the given size.
    public init(width: Double, height: Double, background: String? = "white") {
        self.width = width
        self.height = height
        self.background = background
    }

    /// Draws `path` as a line of `lineWidth` with round caps and joins.
    public mutating func strokePath(_ path: BezierPath, color: String = "black", lineWidth: Double = 1, opacity: Double = 1) {
        guard !path.isEmpty else { return }
        var attributes = "fill=\"none\" stroke=\"\(XMLText.escaped(color))\" stroke-width=\"\(SVGNumber.format(lineWidth))\""
        attributes += " stroke-linecap=\"round\" stroke-linejoin=\"round\""
        if opacity < 1 { attributes += " stroke-opacity=\"\(SVGNumber.format(opacity))\"" }
        body.append("<path \(attributes) d=\"\(path.svgPathData())\"/>")
    }

    /// Fills `path` with the non-zero rule; `closed` closes each subpath explicitly (`Z`).
    public mutating func fillPath(_ path: BezierPath, color: String = "black", opacity: Double = 1, closed: Bool = false) {
        guard !path.isEmpty else { return }
        var attributes = "fill=\"\(XMLText.escaped(color))\" fill-rule=\"nonzero\""
        if opacity < 1 { attributes += " fill-opacity=\"\(SVGNumber.format(opacity))\"" }
        body.append("<path \(attributes) d=\"\(path.svgPathData())\(closed ? " Z" : "")\"/>")
    }

    /// Draws a filled circle of `radius` at `center`.
    public mutating func fillCircle(at center: Point2D, radius: Double, color: String) {
        body.append(
            "<circle cx=\"\(SVGNumber.format(center.x))\" cy=\"\(SVGNumber.format(center.y))\" r=\"\(SVGNumber.format(radius))\" fill=\"\(XMLText.escaped(color))\"/>")
    }

    /// Writes `text` with its baseline starting at `origin`.
    public mutating func addText(_ text: String, at origin: Point2D, size: Double = 14, color: String = "#333") {
        body.append(
            "<text x=\"\(SVGNumber.format(origin.x))\" y=\"\(SVGNumber.format(origin.y))\" font-family=\"sans-serif\" font-size=\"\(SVGNumber.format(size))\" fill=\"\(XMLText.escaped(color))\">\(XMLText.escaped(text))</text>")
    }

    /// Draws the outline of `rect`.
    public mutating func strokeRect(_ rect: Rect2D, color: String = "#ccc", lineWidth: Double = 1) {
        body.append(
            "<rect x=\"\(SVGNumber.format(rect.min.x))\" y=\"\(SVGNumber.format(rect.min.y))\" width=\"\(SVGNumber.format(rect.width))\" height=\"\(SVGNumber.format(rect.height))\" fill=\"none\" stroke=\"\(XMLText.escaped(color))\" stroke-width=\"\(SVGNumber.format(lineWidth))\"/>")
    }

    /// The complete SVG file.
    public var text: String {
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGNumber.format(width))\" height=\"\(SVGNumber.format(height))\" viewBox=\"0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))\">"
        ]
        if let background {
            lines.append("<rect width=\"100%\" height=\"100%\" fill=\"\(XMLText.escaped(background))\"/>")
        }
        lines.append(contentsOf: body)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SVGDocument {
    /// How far a filled outline's path may stray from its polygon (points): cubics replace runs of
    /// segments where they are shorter (`OutlineCurves`).
    static let curveTolerance = 0.1

    /// Fills the closed polygon `points` less its `holes` (closed rings inside it, turning the other
    /// way) with the non-zero rule, written as compact relative path data of lines and cubics within
    /// `curveTolerance` of it: one path, a subpath per ring, blended by `layering`
    /// (`mix-blend-mode: multiply` for a marker).
    public mutating func fillPolygon(_ points: [Point2D], holes: [[Point2D]] = [], color: String = "black", opacity: Double = 1, layering: InkLayering = .over) {
        if let element = Self.polygonElement(points, holes: holes, color: color, opacity: opacity, layering: layering) { body.append(element) }
    }

    /// The `<path>` element `fillPolygon` adds (nil for no points).
    static func polygonElement(_ points: [Point2D], holes: [[Point2D]], color: String, opacity: Double, layering: InkLayering) -> String? {
        guard !points.isEmpty else { return nil }
        var attributes = "fill=\"\(XMLText.escaped(color))\""
        if opacity < 1 { attributes += " fill-opacity=\"\(SVGNumber.format(opacity))\"" }
        if layering == .multiply { attributes += " style=\"mix-blend-mode:multiply\"" }
        var data = SVGPolygonData.text(points, curveTolerance: Self.curveTolerance)
        for hole in holes where !hole.isEmpty { data += SVGPolygonData.text(hole, curveTolerance: Self.curveTolerance) }
        return "<path \(attributes) d=\"\(data)\"/>"
    }

    /// Fills a stroke's outline resolved to the boundary of its ink
    /// (`OutlinePiece.resolvingOverlaps()`: no inner edges, a hole where it loops) at `opacity`.
    public mutating func fillOutline(_ piece: OutlinePiece, color: String = "black", opacity: Double = 1) {
        fillOutlines([(piece, color, opacity)], maximumThreads: 1)
    }

    /// `fillOutline` of each of `outlines` in order, the work (resolving, fitting curves, writing)
    /// done on up to `maximumThreads` processor cores at once: the same text as one at a time.
    public mutating func fillOutlines(_ outlines: [(piece: OutlinePiece, color: String, opacity: Double)], maximumThreads: Int = 8) {
        let element: @Sendable (Int) -> String? = { index in
            let (piece, color, opacity) = outlines[index]
            let clean = piece.resolvingOverlaps()
            return Self.polygonElement(clean.polygon, holes: clean.holes, color: color, opacity: opacity, layering: piece.layering)
        }
        let elements = ConcurrentMap.results(count: outlines.count, maximumThreads: maximumThreads, element)
        body.append(contentsOf: elements.compactMap { $0 })
    }
}
