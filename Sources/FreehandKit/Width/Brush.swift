/// The samples a brush reads: the stroke's interpolated points and, for each, the sample it stands
/// for (with force, tilt, radius, time).
public struct BrushInput: Sendable {
    /// The points the path is built on (merged, filtered), in points.
    public var points: [Point2D]
    /// The stroke's accepted samples.
    public var samples: [Sample]
    /// For each point, its index in `samples`.
    public var pointSampleIndices: [Int]

    /// An input over the given arrays; `pointSampleIndices` must have one entry per point.
    public init(points: [Point2D], samples: [Sample], pointSampleIndices: [Int]) {
        self.points = points
        self.samples = samples
        self.pointSampleIndices = pointSampleIndices
    }

    /// The number of points.
    public var count: Int { points.count }

    /// The sample behind point `index`.
    public func sample(at index: Int) -> Sample { samples[pointSampleIndices[index]] }

    /// The direction of travel at point `index` (a unit vector), from its neighbours; zero for a
    /// single point.
    public func direction(at index: Int) -> Point2D {
        guard count > 1 else { return .zero }
        let before = points[Swift.max(0, index - 1)], after = points[Swift.min(count - 1, index + 1)]
        let delta = after - before
        let length = delta.length
        return length > 0 ? delta / length : .zero
    }
}

/// A way to give each point of a stroke a width and an opacity from what the device measured.
///
/// Brushes are values selectable by a stable name (`BrushCatalog`). A brush computes the points in
/// order; `previous` carries what flows along the stroke (a low-pass filter's state).
public protocol Brush: Sendable {
    /// The stable name used by files and the command line, such as `"pressure"`.
    var name: String { get }

    /// How many points after a point its properties read (for the direction of travel); the engine
    /// treats a point's properties as final only once these have arrived.
    var lookahead: Int { get }

    /// How many of a stroke's first points have final properties once its first `count` points
    /// are known (0…`count`): by default all but the last `lookahead`. A brush that reads ahead
    /// only at the start of a stroke says so here, so that the rest of its ink is final at once.
    func finalPointCount(of count: Int) -> Int

    /// The properties of point `index`, given those of the point before (nil for the first).
    func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties

    /// The width of a tap, points: the brush's typical width, which a stroke as short as this (a
    /// dot on an "i", a full stop) is drawn at least as wide as, fading out as the stroke grows to
    /// twice that length (`InkStroke`). Default 0: no floor.
    var dotWidth: Double { get }

    /// How the brush's ink combines with the ink under it. Default `.over`.
    var layering: InkLayering { get }
}

extension Brush {
    /// No floor: a brush that does not say otherwise draws a tap at the width it computes.
    public var dotWidth: Double { 0 }
    /// Ink over what is there, as a pen.
    public var layering: InkLayering { .over }
}

extension Brush {
    /// All but the last `lookahead` of `count` points.
    public func finalPointCount(of count: Int) -> Int { Swift.max(0, count - lookahead) }
}
