import FreehandKit
import Foundation

/// Reads recorded ink in the JSON layout of the shared recordings:
/// `{"strokes":[{"points":[{"x":…,"y":…,"t":…,"pressure":…,"altitude":…,"azimuth":…}, …]}, …]}`.
///
/// `x` and `y` are required numbers; `t` (seconds), `pressure` (0…1), `altitude` and `azimuth`
/// (radians) and `radius` (points) may be null or absent; a stroke's optional `"pointer"` is
/// `"pen"`, `"finger"` or `"mouse"` (pen when absent). Other fields are ignored.
public enum RecordingJSON {
    /// Limits that keep hostile input from exhausting memory.
    public struct Limits: Hashable, Sendable {
        /// The most strokes in one file. Default 1,000,000.
        public var maximumStrokes = 1_000_000
        /// The most points in one file, over all strokes. Default 50,000,000.
        public var maximumPoints = 50_000_000

        /// The default limits.
        public init() {}
    }

    private struct File: Decodable {
        var strokes: [Stroke]
        var units: String?
        var sample_rate_hz: Double?
    }

    /// A recording file's strokes and what it says about itself.
    public struct Recording: Sendable {
        /// The strokes, each a list of samples in recording order.
        public var strokes: [[Sample]]
        /// The file's own description of its units (free text), if any.
        public var units: String?
        /// The nominal or median sample rate in hertz, if the file gives one.
        public var sampleRate: Double?
    }

    private struct Stroke: Decodable {
        var points: [PointRecord]
        var pointer: PointerKind?
    }

    private struct PointRecord: Decodable {
        var x: Double
        var y: Double
        var t: Double?
        var pressure: Double?
        var altitude: Double?
        var azimuth: Double?
        var radius: Double?
    }

    /// The strokes in `data`, each a list of samples in recording order.
    ///
    /// - Throws: `InkFormatError.malformed` naming the JSON path of the first bad value,
    ///   `.limitExceeded` when a limit is passed.
    public static func strokes(from data: Data, limits: Limits = Limits()) throws(InkFormatError) -> [[Sample]] {
        try recording(from: data, limits: limits).strokes
    }

    /// The recording in `data`: its strokes, units and sample rate. Throws as `strokes(from:limits:)`.
    public static func recording(from data: Data, limits: Limits = Limits()) throws(InkFormatError) -> Recording {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(JSONErrorText.describe(error))
        } catch {
            throw .malformed("not JSON")
        }
        guard file.strokes.count <= limits.maximumStrokes else {
            throw .limitExceeded("\(file.strokes.count) strokes, over the limit of \(limits.maximumStrokes)")
        }
        let pointCount = file.strokes.reduce(0) { $0 + $1.points.count }
        guard pointCount <= limits.maximumPoints else {
            throw .limitExceeded("\(pointCount) points, over the limit of \(limits.maximumPoints)")
        }
        let strokes = file.strokes.map { stroke in
            let kind = stroke.pointer ?? .pen
            return stroke.points.map { point in
                Sample(
                    x: point.x, y: point.y, timestamp: point.t, force: point.pressure,
                    altitude: point.altitude, azimuth: point.azimuth, majorRadius: point.radius, kind: kind)
            }
        }
        return Recording(strokes: strokes, units: file.units, sampleRate: file.sample_rate_hz)
    }
}
