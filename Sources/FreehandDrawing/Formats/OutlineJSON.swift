import FreehandKit

/// The output of `freehand outline`: `{"strokes":[{"outline":[[x,y],…],"opacity":a},…]}`, one closed
/// polygon (non-zero fill) per input stroke, in order; a stroke that loops around background also
/// has `"holes":[[[x,y],…],…]`, closed rings inside its outline that the fill leaves empty (filled
/// together with it, non-zero or even-odd alike). A stroke with no valid sample has an empty
/// outline. Numbers are written with a `NumberPrecision`: exact (Swift's shortest round-trip form)
/// unless asked for fewer places.
public enum OutlineJSON {
    /// The JSON text for `pieces` (nil for a stroke that draws nothing), every coordinate and
    /// opacity written with `precision`, ending with a newline, UTF-8.
    public static func bytes(for pieces: [OutlinePiece?], precision: NumberPrecision = .exact) -> [UInt8] {
        text(for: pieces, precision: precision).bytes
    }

    /// The same text in parts to be written one after another (a big outline's text is not copied
    /// into one buffer).
    package static func parts(for pieces: [OutlinePiece?], precision: NumberPrecision = .exact) -> [[UInt8]] {
        text(for: pieces, precision: precision).parts
    }

    private static func text(for pieces: [OutlinePiece?], precision: NumberPrecision) -> JSONText {
        var json = JSONText(capacity: pieces.reduce(32) { $0 + 40 * ($1?.pointCount ?? 0) + 32 })
        json.append("{\"strokes\":[")
        for (index, piece) in pieces.enumerated() {
            if index > 0 { json.append(",") }
            json.append("{\"outline\":[")
            json.appendPairs((piece?.polygon ?? [])[...], precision: precision)
            json.append("]")
            if let holes = piece?.holes, !holes.isEmpty {
                json.append(",\"holes\":[")
                for (ring, hole) in holes.enumerated() {
                    json.append(ring > 0 ? ",[" : "[")
                    json.appendPairs(hole[...], precision: precision)
                    json.append("]")
                }
                json.append("]")
            }
            json.append(",\"opacity\":")
            json.append(piece?.opacity ?? 1, precision: precision)
            json.append("}")
        }
        json.append("]}\n")
        return json
    }

    /// The same text as a string.
    public static func string(for pieces: [OutlinePiece?], precision: NumberPrecision = .exact) -> String {
        String(decoding: bytes(for: pieces, precision: precision), as: UTF8.self)
    }
}
