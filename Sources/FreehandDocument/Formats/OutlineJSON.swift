import FreehandKit

/// The output of `freehand outline`: `{"strokes":[{"outline":[[x,y],…],"opacity":a},…]}`, one closed
/// polygon (non-zero fill) per input stroke, in order. A stroke with no valid sample has an empty
/// outline. Numbers are written in Swift's shortest round-trip form.
public enum OutlineJSON {
    /// The JSON text for `pieces` (nil for a stroke that draws nothing), ending with a newline.
    public static func string(for pieces: [OutlinePiece?]) -> String {
        // Built as bytes: one growing buffer, each number's shortest round-trip text appended
        // straight into it (no interpolated string per point).
        var json: [UInt8] = []
        json.reserveCapacity(pieces.reduce(32) { $0 + 40 * ($1?.polygon.count ?? 0) + 32 })
        func append(_ text: StaticString) {
            text.withUTF8Buffer { json.append(contentsOf: $0) }
        }
        func append(_ value: Double) {
            var text = value.description
            text.withUTF8 { json.append(contentsOf: $0) }
        }
        append("{\"strokes\":[")
        for (index, piece) in pieces.enumerated() {
            if index > 0 { append(",") }
            append("{\"outline\":[")
            for (pointIndex, point) in (piece?.polygon ?? []).enumerated() {
                append(pointIndex > 0 ? ",[" : "[")
                append(point.x)
                append(",")
                append(point.y)
                append("]")
            }
            append("],\"opacity\":")
            append(piece?.opacity ?? 1)
            append("}")
        }
        append("]}\n")
        return String(decoding: json, as: UTF8.self)
    }
}
