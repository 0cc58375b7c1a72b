import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// Reads recorded ink in the JSON layout of the shared recordings:
/// `{"strokes":[{"points":[{"x":…,"y":…,"t":…,"pressure":…,"altitude":…,"azimuth":…}, …]}, …]}`.
///
/// `x` and `y` are required numbers; `t` (seconds), `pressure` (0…1), `altitude` and `azimuth`
/// (radians) and `radius` (points) may be null or absent; a stroke's optional `"pointer"` is
/// `"pen"`, `"finger"` or `"mouse"` (pen when absent). Other fields are ignored.
public enum RecordingJSON {
    private struct File {
        var version: Int?
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

        /// A recording of `strokes`, described by `units` and `sampleRate`.
        public init(strokes: [[Sample]], units: String? = nil, sampleRate: Double? = nil) {
            (self.strokes, self.units, self.sampleRate) = (strokes, units, sampleRate)
        }
    }

    private struct Stroke {
        var points: [RecordedPoint]
        var pointer: PointerKind?
    }


    /// The strokes in `data`, each a list of samples in recording order.
    ///
    /// - Throws: `InkFormatError.malformed` naming the JSON path of the first bad value,
    ///   `.limitExceeded` when a limit is passed.
    public static func strokes(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> [[Sample]] {
        try recording(from: data, limits: limits).strokes
    }

    /// The recording in `data`: its strokes, units and sample rate. Throws as `strokes(from:limits:)`.
    public static func recording(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Recording {
        try recording(from: data, limits: limits, scanning: true)
    }

    /// The recording in `data`, read by the single-pass scanner when `scanning` and the scanner is
    /// sure of the file (the FreehandKit JSON layout holds this one: the same points, pointer, units
    /// and rate), else by the decoder — whose errors name the JSON path.
    static func recording(from data: Data, limits: InkFileLimits, scanning: Bool) throws(InkFormatError) -> Recording {
        try limits.checkSize(of: data)
        let file: File
        if scanning, let scanned = InkJSONScanner.file(in: data) {
            file = File(
                version: scanned.version, strokes: scanned.strokes.map { Stroke(points: $0.points, pointer: $0.pointer) }, units: scanned.units,
                sample_rate_hz: scanned.sample_rate_hz)
        } else {
            let read = try InkJSONPullDecoding.file(from: data, limits: limits)
            file = File(
                version: read.version, strokes: read.strokes.map { Stroke(points: $0.points, pointer: $0.pointer) }, units: read.units,
                sample_rate_hz: read.sample_rate_hz)
        }
        // The same rule as every other reader of this layout: a newer version is refused, not half read.
        if let version = file.version, version > InkJSON.version {
            throw .invalidValue("version \(version) is newer than this reader, which knows version \(InkJSON.version)")
        }
        try limits.checkCounts(strokes: file.strokes.count, samples: file.strokes.reduce(0) { $0 + $1.points.count })
        var strokes: [[Sample]] = []
        strokes.reserveCapacity(file.strokes.count)
        for (index, stroke) in file.strokes.enumerated() {
            strokes.append(try RecordedPoint.samples(stroke.points, stroke: index, kind: stroke.pointer ?? .pen, limits: limits))
        }
        return Recording(strokes: strokes, units: file.units, sampleRate: file.sample_rate_hz)
    }
}
