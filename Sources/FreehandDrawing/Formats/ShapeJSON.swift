import FreehandKit

/// The output of `freehand shapes`: what each stroke would snap to if the pen were held at its end,
/// `{"strokes":[{"shape":"circle","confidence":0.93,"center":[x,y],"radius":r},…]}`, one entry per
/// stroke in order. The fitted geometry, in points, by shape:
/// - `line`: `"start"`, `"end"`; `polyline`: `"points"`;
/// - `circle`: `"center"`, `"radius"`; `ellipse`: `"center"`, `"radii"` `[a,b]` (a the longer),
///   `"rotation"` (radians, of the first axis from +x);
/// - `arc`: `"center"`, `"radius"`, `"startAngle"`, `"sweep"` (radians; the sweep signed in drawing order);
/// - `triangle`: `"corners"`; `rectangle`, `square`: `"corners"` (in drawing order), `"center"`,
///   `"width"`, `"height"`, `"rotation"` (radians, of the first side);
/// - `arrow`: `"tail"`, `"tip"`, `"barbs"` `[[x,y],[x,y]]`.
///
/// A stroke that is no shape has `"shape":null` and the confidence of the closest shape, named in
/// `"closest"` (`null`, with confidence 0, when no shape applies at all, as for a stroke too small).
public enum ShapeJSON {
    /// The JSON text for one entry per stroke: the recognised shape, or nil with the closest one
    /// (itself nil when none applies); ends with a newline.
    public static func string(for entries: [(shape: RecognizedShape?, closest: RecognizedShape?)], precision: NumberPrecision = .decimals(3)) -> String {
        var json = JSONText(capacity: 64 * entries.count + 16)
        json.append("{\"strokes\":[")
        for (index, entry) in entries.enumerated() {
            if index > 0 { json.append(",") }
            guard let shape = entry.shape else {
                json.append("{\"shape\":null,\"confidence\":")
                json.append(entry.closest?.confidence ?? 0, precision: precision)
                json.append(",\"closest\":")
                if let closest = entry.closest {
                    json.appendQuoted(closest.kind.rawValue)
                } else {
                    json.append("null")
                }
                json.append("}")
                continue
            }
            json.append("{\"shape\":")
            json.appendQuoted(shape.kind.rawValue)
            json.append(",\"confidence\":")
            json.append(shape.confidence, precision: precision)
            appendGeometry(of: shape, to: &json, precision: precision)
            json.append("}")
        }
        json.append("]}\n")
        return String(decoding: json.bytes, as: UTF8.self)
    }

    private static func appendGeometry(of shape: RecognizedShape, to json: inout JSONText, precision: NumberPrecision) {
        func point(_ name: StaticString, _ value: Point2D) {
            json.append(name)
            json.appendPairs([value][...], precision: precision)
        }
        func number(_ name: StaticString, _ value: Double) {
            json.append(name)
            json.append(value, precision: precision)
        }
        func points(_ name: StaticString, _ values: [Point2D]) {
            json.append(name)
            json.append("[")
            json.appendPairs(values[...], precision: precision)
            json.append("]")
        }
        switch shape.geometry {
        case let .polygon(corners, closed):
            if shape.kind == .line, corners.count == 2 {
                point(",\"start\":", corners[0])
                point(",\"end\":", corners[1])
            } else if !closed {
                points(",\"points\":", corners)
            } else {
                points(",\"corners\":", corners)
                if corners.count == 4 {
                    let side = corners[1] - corners[0]
                    point(",\"center\":", corners.reduce(Point2D.zero, +) / 4)
                    number(",\"width\":", side.length)
                    number(",\"height\":", corners[1].distance(to: corners[2]))
                    number(",\"rotation\":", PortableMath.atan2(side.y, side.x))
                }
            }
        case let .ellipse(center, radii, rotation):
            point(",\"center\":", center)
            if shape.kind == .circle {
                number(",\"radius\":", radii.x)
            } else {
                point(",\"radii\":", radii)
                number(",\"rotation\":", rotation)
            }
        case let .arc(center, radius, startAngle, sweep):
            point(",\"center\":", center)
            number(",\"radius\":", radius)
            number(",\"startAngle\":", startAngle)
            number(",\"sweep\":", sweep)
        case let .arrow(tail, tip, barbs):
            point(",\"tail\":", tail)
            point(",\"tip\":", tip)
            points(",\"barbs\":", barbs)
        }
    }
}
