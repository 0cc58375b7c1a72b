import FreehandKit

/// One point of the shared recordings' stroke layout, which FreehandKit JSON and recording JSON
/// both read: `{"x", "y", "t", "pressure", "altitude", "azimuth", "radius"}`, every field but x and
/// y optional.
struct RecordedPoint: Equatable {
    var x: Double
    var y: Double
    var t: Double?
    var pressure: Double?
    var altitude: Double?
    var azimuth: Double?
    var radius: Double?

    /// The samples of `points`, stroke `stroke` of a file, from `kind`; throws when a coordinate is
    /// over `limits`, naming where.
    static func samples(_ points: [RecordedPoint], stroke: Int, kind: PointerKind, limits: InkFileLimits) throws(InkFormatError) -> [Sample] {
        var samples: [Sample] = []
        samples.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            try limits.checkCoordinate(x: point.x, y: point.y, at: "strokes[\(stroke)].points[\(index)]")
            samples.append(point.sample(kind: kind))
        }
        return samples
    }

    /// The point as a sample from `kind`.
    func sample(kind: PointerKind) -> Sample {
        Sample(x: x, y: y, timestamp: t, force: pressure, altitude: altitude, azimuth: azimuth, majorRadius: radius, kind: kind)
    }
}

#if !hasFeature(Embedded)
// Decodable (not in Embedded Swift) for the tests' check against Foundation's decoder.
extension RecordedPoint: Decodable {}
#endif
