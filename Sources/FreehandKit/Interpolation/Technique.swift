/// Where a technique has got to in a stroke: its position in the sample list, in the technique's
/// own terms (the next sample it will use). Opaque to callers; starts at zero.
public struct SpanCursor: Hashable, Sendable {
    /// The index of the next sample the technique will consume.
    public var next = 0
    /// The tangent at the sample before `next`, where the next span starts, when the technique
    /// computed it already (so a stroke fed one sample at a time computes each tangent once).
    var carriedTangent: Point2D?
    /// Knot intervals of settled segments computed so far, kept for the next call.
    var knots: KnotIntervals?

    /// A cursor at the start of a stroke.
    public init() {}
}

/// A way to turn a stroke's samples P₀…Pₙ into a smooth path, one span at a time.
///
/// A technique is stateless: the stroke engine keeps the samples and a `SpanCursor`, and asks the
/// technique for (1) the spans that are final given the samples so far — `commit` — and (2) the rest
/// of the path, as if the stroke ended now — `finish`. Committing is monotone: calling `commit`
/// after every sample or once at the end appends the same elements, so streaming equals batch.
///
/// The samples a technique sees are distinct consecutive points (the engine merges repeats), and
/// there is at least one when it is called.
public protocol InterpolationTechnique: Sendable {
    /// The stable name used by files and the command line, such as `"catmull-rom"`.
    var name: String { get }

    /// The most samples at the end of a live stroke that committed geometry may not yet reflect:
    /// the span through a sample is final at most `lookahead` samples after it arrives — once the
    /// stroke's start is decided (with a denoiser, the first `3 × StrokeBuilder.hookLength` points
    /// of path wait for that: see `StrokeBuilder.dropsPenDownHook`).
    var lookahead: Int { get }

    /// The input conditioning applied to samples before interpolation, or nil for none. The engine
    /// runs a copy per stroke.
    var inputFilter: OneEuroFilter? { get }

    /// The denoiser run on the (filtered) points before interpolation, or nil for none: the engine
    /// passes the technique only points whose fit is final, so committed spans wait for it.
    var denoiser: TimeWindowDenoiser? { get }

    /// Appends to `path` every element that later samples can no longer change, each with its
    /// progress (see `SpanOutput`), advancing `cursor`.
    /// `points` are all the samples so far; more may follow. The first call emits the initial `move`.
    func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput)

    /// Appends to `path` the elements from `cursor` to the last of `points`, as if the stroke ended
    /// there. The path then ends exactly at the last point (a single point gives a lone `move`: a dot).
    func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput)

    /// `commit` for a technique that reads time: `times` holds each point's timestamp in seconds
    /// (NaN where the sample had none), parallel to `points`. The default ignores them.
    func commit(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput)

    /// `finish` for a technique that reads time (see `commit(_:times:cursor:into:)`).
    func finish(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput)
}

extension InterpolationTechnique {
    /// No input conditioning: the samples are interpolated as they are.
    public var inputFilter: OneEuroFilter? { nil }

    /// No denoising: the points are interpolated as they are.
    public var denoiser: TimeWindowDenoiser? { nil }

    /// Ignores the times: the technique works on the points alone.
    public func commit(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        commit(points, cursor: &cursor, into: &path)
    }

    /// Ignores the times: the technique works on the points alone.
    public func finish(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        finish(points, cursor: cursor, into: &path)
    }

    /// The whole path through `points` at once (the batch form of the streaming engine).
    public func path(through points: [Point2D]) -> BezierPath {
        guard !points.isEmpty else { return BezierPath() }
        var cursor = SpanCursor()
        var output = SpanOutput()
        commit(points[...], cursor: &cursor, into: &output)
        finish(points[...], cursor: cursor, into: &output)
        return BezierPath(output.elements)
    }
}

/// Emits the opening `move` of a stroke on the first call for a stroke.
@inline(__always)
func beginIfNeeded(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
    if cursor.next == 0, let first = points.first {
        path.append(.move(to: first), progress: 0)
        cursor.next = 1
    }
}

/// Ends a grouped-Bézier path at the last sample: the one, two or three samples after the last
/// group (from `cursor.next` on) become a line, a quadratic with the first as its control, or a
/// cubic with the first two as controls.
@inline(__always)
func appendLeftovers(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
    let i = points.startIndex + cursor.next
    switch points.count - cursor.next {
    case 1: path.append(.line(to: points[i]), progress: Double(cursor.next))
    case 2: path.append(.quad(control: points[i], to: points[i + 1]), progress: Double(cursor.next + 1))
    case 3: path.append(.cubic(control1: points[i], control2: points[i + 1], to: points[i + 2]), progress: Double(cursor.next + 2))
    default: break
    }
}
