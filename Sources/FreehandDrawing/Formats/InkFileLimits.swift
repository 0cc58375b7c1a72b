import FreehandKit
#if !hasFeature(Embedded)
import Foundation
#endif

/// The limits every ink-file reader enforces, so that hostile input — oversized, deeply nested,
/// huge point counts or coordinates — gets a clear `InkFormatError.limitExceeded` naming the limit
/// instead of exhausting memory. Each reader takes one; raise a limit for trusted, larger files.
///
/// The defaults keep the worst accepted file within a memory budget of 2 GB for reading it,
/// smoothing and outlining every stroke and rendering it (`freehand render` of a 128 MiB JSON file,
/// or of 6 million samples in any format; the README gives the measured peaks).
public struct InkFileLimits: Hashable, Sendable {
    /// The largest file, bytes. Default 128 MiB.
    public var maximumBytes = 128 << 20
    /// The most strokes (traces, groups) in one file. Default 1,000,000.
    public var maximumStrokes = 1_000_000
    /// The most samples over all strokes. Default 6,000,000.
    public var maximumSamples = 6_000_000
    /// The largest coordinate magnitude accepted, points. Default 10⁹ (`SampleValidation.coordinateLimit`).
    public var maximumCoordinate = SampleValidation.coordinateLimit
    /// The deepest nesting of XML elements (InkML). Default 256. JSON nesting is bounded by the
    /// JSON decoder itself.
    public var maximumDepth = 256
    /// The longest name (technique, brush, colour) in bytes. Default 256.
    public var maximumNameLength = 256
    /// The most channels one InkML trace format declares (X, Y, time, force, tilts and a few
    /// more: real devices declare under 16). Default 64.
    public var maximumChannels = 64

    /// The default limits.
    public init() {}

    /// Throws unless `data` is within `maximumBytes`.
    func checkSize(of data: Data) throws(InkFormatError) {
        guard data.count <= maximumBytes else {
            throw .limitExceeded("\(data.count) bytes, over the limit of \(maximumBytes) (maximumBytes)")
        }
    }

    /// Throws unless `strokes` strokes holding `samples` samples in all are within the limits.
    func checkCounts(strokes: Int, samples: Int) throws(InkFormatError) {
        guard strokes <= maximumStrokes else {
            throw .limitExceeded("\(strokes) strokes, over the limit of \(maximumStrokes) (maximumStrokes)")
        }
        guard samples <= maximumSamples else {
            throw .limitExceeded("\(samples) samples, over the limit of \(maximumSamples) (maximumSamples)")
        }
    }

    /// Throws unless the point (`x`, `y`) is within ±`maximumCoordinate`; `place` says where it is.
    func checkCoordinate(x: Double, y: Double, at place: @autoclosure () -> String) throws(InkFormatError) {
        guard abs(x) <= maximumCoordinate, abs(y) <= maximumCoordinate else {
            throw .limitExceeded("\(place()): coordinate beyond ±\(maximumCoordinate) (maximumCoordinate)")
        }
    }
}
