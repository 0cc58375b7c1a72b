import FreehandKit

/// The output of `freehand smooth`: `{"strokes":[{"points":[[x,y],…]},…]}`, one polyline per stroke.
///
/// Numbers are written with a `NumberPrecision`: by default in Swift's shortest round-trip form, so
/// reading them back gives exactly the same `Double`s.
public enum CentrelineJSON {
    /// The JSON text for `polylines`, in order, every coordinate written with `precision`, ending
    /// with a newline, UTF-8.
    public static func bytes(for polylines: [[Point2D]], precision: NumberPrecision = .exact) -> [UInt8] {
        var json = JSONText(capacity: polylines.reduce(32) { $0 + 40 * $1.count + 16 })
        json.append("{\"strokes\":[")
        for (index, polyline) in polylines.enumerated() {
            if index > 0 { json.append(",") }
            json.append("{\"points\":[")
            json.appendPairs(polyline[...], precision: precision)
            json.append("]}")
        }
        json.append("]}\n")
        return json.bytes
    }

    /// The same text as a string.
    public static func string(for polylines: [[Point2D]], precision: NumberPrecision = .exact) -> String {
        String(decoding: bytes(for: polylines, precision: precision), as: UTF8.self)
    }
}
