import FreehandKit

extension BezierPath {
    /// The path as SVG path data (`M`, `L`, `Q`, `C` commands, absolute coordinates). A dot becomes
    /// a zero-length line, which SVG draws as a dot under a round line cap.
    public func svgPathData(decimals: Int = 3) -> String {
        func pair(_ point: Point2D) -> String {
            SVGNumber.format(point.x, decimals: decimals) + " " + SVGNumber.format(point.y, decimals: decimals)
        }
        var parts: [String] = []
        parts.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move(let to): parts.append("M" + pair(to))
            case .line(let to): parts.append("L" + pair(to))
            case .quad(let c, let to): parts.append("Q" + pair(c) + " " + pair(to))
            case .cubic(let c1, let c2, let to): parts.append("C" + pair(c1) + " " + pair(c2) + " " + pair(to))
            }
        }
        if isDot, let point = endPoint { parts.append("L" + pair(point)) }
        return parts.joined(separator: " ")
    }
}
