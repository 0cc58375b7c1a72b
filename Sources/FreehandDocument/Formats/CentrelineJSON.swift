import FreehandKit

/// The output of `freehand smooth`: `{"strokes":[{"points":[[x,y],…]},…]}`, one polyline per stroke.
///
/// Numbers are written in Swift's shortest round-trip form, so reading them back gives exactly the
/// same `Double`s.
public enum CentrelineJSON {
    /// The JSON text for `polylines`, in order, ending with a newline.
    public static func string(for polylines: [[Point]]) -> String {
        var json = "{\"strokes\":["
        for (index, polyline) in polylines.enumerated() {
            if index > 0 { json += "," }
            json += "{\"points\":["
            for (pointIndex, point) in polyline.enumerated() {
                if pointIndex > 0 { json += "," }
                json += "[\(point.x),\(point.y)]"
            }
            json += "]}"
        }
        return json + "]}\n"
    }
}
