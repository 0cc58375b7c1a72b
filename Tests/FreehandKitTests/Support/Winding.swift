import FreehandKit

/// Point-in-polygon by winding number, as the non-zero fill rule decides it.
enum Winding {
    /// The winding number of `polygon` (closed, last point joins the first) around `point`.
    static func number(of polygon: [Point2D], around point: Point2D) -> Int {
        guard polygon.count >= 3 else { return 0 }
        var winding = 0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            if a.y <= point.y {
                if b.y > point.y, (b - a).cross(point - a) > 0 { winding += 1 }
            } else if b.y <= point.y, (b - a).cross(point - a) < 0 {
                winding -= 1
            }
        }
        return winding
    }

    /// The winding number of every ring of `rings` together around `point`.
    static func number(of rings: [[Point2D]], around point: Point2D) -> Int {
        rings.reduce(0) { $0 + number(of: $1, around: point) }
    }

    /// True when `point` is filled by `polygon` under the non-zero rule, or lies on its border.
    static func covers(_ polygon: [Point2D], _ point: Point2D, tolerance: Double = 1e-7) -> Bool {
        number(of: polygon, around: point) != 0 || Polyline.distance(from: point, to: polygon + [polygon[0]]) <= tolerance
    }
}
