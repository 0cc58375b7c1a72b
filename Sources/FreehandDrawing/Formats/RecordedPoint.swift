import FreehandKit

/// One point of the shared recordings' stroke layout, which FreehandKit JSON and recording JSON
/// both read: `{"x", "y", "t", "pressure", "altitude", "azimuth", "radius"}`, every field but x and
/// y optional.
///
/// A long stroke's points are held while its file is read (4.8 million of them in one stroke within
/// the limits), so a point is 56 bytes, not 96: an optional field is kept as a Double that is NaN
/// when the field is absent (no JSON number reads as NaN).
struct RecordedPoint: Equatable {
    var x: Double
    var y: Double
    private var storedT, storedPressure, storedAltitude, storedAzimuth, storedRadius: Double

    var t: Double? { get { Self.value(storedT) } set { storedT = newValue ?? .nan } }
    var pressure: Double? { get { Self.value(storedPressure) } set { storedPressure = newValue ?? .nan } }
    var altitude: Double? { get { Self.value(storedAltitude) } set { storedAltitude = newValue ?? .nan } }
    var azimuth: Double? { get { Self.value(storedAzimuth) } set { storedAzimuth = newValue ?? .nan } }
    var radius: Double? { get { Self.value(storedRadius) } set { storedRadius = newValue ?? .nan } }

    init(x: Double, y: Double, t: Double? = nil, pressure: Double? = nil, altitude: Double? = nil, azimuth: Double? = nil, radius: Double? = nil) {
        self.x = x
        self.y = y
        (storedT, storedPressure, storedAltitude) = (t ?? .nan, pressure ?? .nan, altitude ?? .nan)
        (storedAzimuth, storedRadius) = (azimuth ?? .nan, radius ?? .nan)
    }

    static func == (a: RecordedPoint, b: RecordedPoint) -> Bool {
        a.x == b.x && a.y == b.y && a.t == b.t && a.pressure == b.pressure && a.altitude == b.altitude && a.azimuth == b.azimuth
            && a.radius == b.radius
    }

    private static func value(_ stored: Double) -> Double? { stored.isNaN ? nil : stored }

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
extension RecordedPoint: Decodable {
    private enum CodingKeys: String, CodingKey { case x, y, t, pressure, altitude, azimuth, radius }

    init(from decoder: any Decoder) throws {
        let point = try decoder.container(keyedBy: CodingKeys.self)
        func optional(_ key: CodingKeys) throws -> Double? { try point.decodeIfPresent(Double.self, forKey: key) }
        self.init(
            x: try point.decode(Double.self, forKey: .x), y: try point.decode(Double.self, forKey: .y), t: try optional(.t),
            pressure: try optional(.pressure), altitude: try optional(.altitude), azimuth: try optional(.azimuth), radius: try optional(.radius))
    }
}
#endif
