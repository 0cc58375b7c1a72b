import FreehandKit

/// The output of `freehand outline`: `{"strokes":[{"outline":[[x,y],…],"opacity":a},…]}`, one closed
/// polygon (non-zero fill) per input stroke, in order. A stroke with no valid sample has an empty
/// outline. Numbers are written in Swift's shortest round-trip form.
public enum OutlineJSON {
    /// The JSON text for `pieces` (nil for a stroke that draws nothing), ending with a newline.
    public static func string(for pieces: [OutlinePiece?]) -> String {
        var json = "{\"strokes\":["
        for (index, piece) in pieces.enumerated() {
            if index > 0 { json += "," }
            json += "{\"outline\":["
            for (pointIndex, point) in (piece?.polygon ?? []).enumerated() {
                if pointIndex > 0 { json += "," }
                json += "[\(point.x),\(point.y)]"
            }
            json += "],\"opacity\":\(piece?.opacity ?? 1)}"
        }
        return json + "]}\n"
    }
}
