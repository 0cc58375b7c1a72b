/// A denoiser for dense input whose window is set in time, not in samples: each point is replaced
/// by a local quadratic fit (a Savitzky–Golay filter on non-uniform time, weighted 1 − u² for a
/// sample u windows away in time) of the samples within ±`window` seconds of it, evaluated at its
/// own time.
///
/// One rule serves every rate. Dense input (a 240 Hz pen holds about 11 samples in ±24 ms) is
/// averaged: rounding to whole or half points and hand jitter are fitted away, while the curve's
/// bends survive (a quadratic follows them, as an average would not). Sparse input is left as it
/// is: a sample with at most two others inside its window is fitted exactly by the quadratic, so
/// at 60 Hz and slower every sample is passed through unchanged and the spline after it
/// interpolates them as before. The weights fall to zero at the window's edge, so a neighbour
/// entering or leaving it (irregular timing) moves the fit only a little. Of the weights measured
/// (tricube, biweight, 1 − u²) the last kept the dense goals with the shortest window.
///
/// It needs lookahead: a point is final once the later samples its window takes have arrived (see
/// `laterNeighbourLimit`), or the stroke ended. That is the lag it adds to committed ink, under
/// `window` at a steady rate (none at 30 Hz); until then the stroke's provisional tail shows a fit
/// of the samples so far.
/// Samples without a timestamp have no neighbours: they pass through unchanged. Repeated locations
/// (a resting pen, positions rounded to a grid) are each an observation at their own time.
public struct TimeWindowDenoiser: Hashable, Sendable {
    /// Half the window, seconds, 0…0.1: the points within this time of a point (either side) are
    /// fitted. 0 turns the denoiser off.
    public let window: Double

    /// The most neighbours read on each side of a point (16): past it a faster device's window is
    /// cut short, so the work per point stays bounded whatever the rate or the timestamps.
    public static let maximumNeighbours = 16

    /// The window of the default technique, seconds (0.024): 240 Hz input rounded to half points
    /// or jittered by σ 0.3 points comes out within the goals of docs/evaluation.md, and the lag it
    /// adds stays under 25 ms.
    public static let standardWindow = 0.024

    /// A denoiser fitting ±`window` seconds; throws `ParameterError` outside 0…0.1.
    public init(window: Double = TimeWindowDenoiser.standardWindow) throws(ParameterError) {
        try ParameterError.check("window", window, in: 0...0.1)
        self.window = window
    }

    /// The denoiser with the standard window.
    public static var standard: TimeWindowDenoiser {
        ParameterError.builtIn { () throws(ParameterError) in try TimeWindowDenoiser() }
    }

    /// Whether the fit at sample `index` is final given `times` (of the samples so far; more may
    /// follow): true once every later sample its window can take has arrived, or one past the window
    /// in time (or without a time) has.
    public func isSettled(_ index: Int, times: ArraySlice<Double>) -> Bool {
        let start = times.startIndex
        let time = times[start + index]
        guard time.isFinite, window > 0 else { return true }
        let limit = laterNeighbourLimit(index, times: times)
        var next = index + 1
        while next - index <= limit {
            guard start + next < times.endIndex else { return false }
            if !(abs(times[start + next] - time) < window) { return true }
            next += 1
        }
        return true
    }

    /// How many later samples the window of sample `index` may take: as many as fit in `window` at
    /// the interval that led to it (none at 30 Hz, one at 60 Hz, five at 240 Hz), at most
    /// `maximumNeighbours`. At a steady rate that is every later sample inside the window; it lets a
    /// point settle as soon as its last neighbour has come, not when the first sample past the
    /// window does — so the lag the denoiser adds stays under `window` at every rate (it would be a
    /// whole extra sample at 30 Hz, two at 60 Hz).
    func laterNeighbourLimit(_ index: Int, times: ArraySlice<Double>) -> Int {
        guard index > 0 else { return Self.maximumNeighbours }
        let start = times.startIndex
        let interval = times[start + index] - times[start + index - 1]
        guard interval > window / Double(Self.maximumNeighbours) else { return Self.maximumNeighbours }
        return Int(window / interval)
    }

    /// The denoised position of sample `index` of `locations`: the local quadratic fit of the
    /// samples in its window (those known so far: near the end of a live stroke the window is
    /// one-sided), evaluated at its time. `times` is parallel to `locations` (seconds, NaN where
    /// unknown). Repeated locations count as the observations they are.
    public func denoised(_ index: Int, in locations: ArraySlice<Point2D>, times: ArraySlice<Double>) -> Point2D {
        let start = locations.startIndex
        let centre = locations[start + index]
        let time = times[times.startIndex + index]
        guard time.isFinite, window > 0 else { return centre }
        return fit(index, in: locations, times: times, width: window, earlier: Self.maximumNeighbours, later: laterNeighbourLimit(index, times: times))
    }

    /// The local quadratic fit at sample `index` over the samples within ±`width` seconds of it (at
    /// most `earlier` before it and `later` after it), weighted 1 − u², evaluated at its time; the
    /// sample itself when at most two neighbours are in the window (the fit passes through it).
    func fit(_ index: Int, in locations: ArraySlice<Point2D>, times: ArraySlice<Double>, width: Double, earlier: Int, later: Int) -> Point2D {
        let start = locations.startIndex
        let centre = locations[start + index]
        let time = times[times.startIndex + index]
        var fit = WeightedQuadraticFit()
        fit.add(offset: 0, value: .zero, weight: 1)
        var neighbours = 0
        // Earlier samples (direction −1), then later ones, each side until the window or its limit.
        for direction in stride(from: -1, through: 1, by: 2) {
            let limit = direction < 0 ? earlier : later
            var neighbour = index + direction
            while abs(neighbour - index) <= limit, neighbour >= 0, start + neighbour < locations.endIndex {
                let offset = (times[times.startIndex + neighbour] - time) / width
                guard abs(offset) < 1 else { break }
                // Positions relative to the centre keep the fit exact far from the origin.
                fit.add(offset: offset, value: locations[start + neighbour] - centre, weight: 1 - offset * offset)
                neighbours += 1
                neighbour += direction
            }
        }
        // With at most two neighbours in the window the quadratic (or line) passes through the point
        // itself: sparse input comes back bit for bit, not rounded by the arithmetic.
        return neighbours <= 2 ? centre : centre + fit.valueAtZero
    }
}

/// Weighted least squares of a 2D value against a scalar offset, by a polynomial of degree 2 (or
/// 1 or 0 when the offsets cannot carry more), evaluated at offset 0.
private struct WeightedQuadraticFit {
    // Σw·uᵏ for k = 0…4 and Σw·uᵏ·value for k = 0…2.
    private var moments = (0.0, 0.0, 0.0, 0.0, 0.0)
    private var weighted = (Point2D.zero, Point2D.zero, Point2D.zero)

    mutating func add(offset u: Double, value: Point2D, weight w: Double) {
        let u2 = u * u
        moments.0 += w
        moments.1 += w * u
        moments.2 += w * u2
        moments.3 += w * u2 * u
        moments.4 += w * u2 * u2
        weighted.0 += value * w
        weighted.1 += value * (w * u)
        weighted.2 += value * (w * u2)
    }

    /// The fitted value at offset 0: the intercept of the normal equations, by Cramer's rule.
    var valueAtZero: Point2D {
        let (s0, s1, s2, s3, s4) = moments
        let (b0, b1, b2) = weighted
        // The determinant is a weighted spread of the offsets: next to zero when they cannot fix a
        // quadratic (fewer than three distinct times), so the degree falls.
        let quadratic = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        if quadratic > 1e-9 * s0 * s0 * s0 {
            let intercept = b0 * (s2 * s4 - s3 * s3) - b1 * (s1 * s4 - s2 * s3) + b2 * (s1 * s3 - s2 * s2)
            return intercept / quadratic
        }
        let linear = s0 * s2 - s1 * s1
        if linear > 1e-9 * s0 * s0 {
            return (b0 * s2 - b1 * s1) / linear
        }
        return b0 / s0
    }
}


