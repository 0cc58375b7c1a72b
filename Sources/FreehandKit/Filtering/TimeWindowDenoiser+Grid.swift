/// The denoiser on input whose positions sit on a coarse grid (`InputGrid`): a mouse or trackpad
/// reporting whole pixels. Moving slowly, such a pointer climbs in steps that each last longer than
/// the time window (one pixel can take 100 ms), so the window is widened until it spans
/// `gridStepsSpanned` steps of travel on either side — up to `longestWindow` — and the quadratic
/// fit then follows the line the steps climb along. Where the pointer moves fast enough to cover
/// those steps within `window` the window is the standard one, and the corners of quick writing
/// keep their shape. A pen's samples never widen the window (`StrokeBuilder` gives them no grid):
/// its positions carry fractions, and its committed ink keeps the standard lag even when a file
/// rounded them.
extension TimeWindowDenoiser {
    /// How many grid steps of travel the widened window spans on each side of a point (4).
    public static let gridStepsSpanned = 4.0
    /// The widest half-window on a grid, seconds (0.12): the most a slow pointer's ink waits.
    public static let longestWindow = 0.12
    /// The most neighbours read on each side of a point on a grid (128: 0.1 s at 1,280 Hz).
    public static let maximumGridNeighbours = 128

    /// Whether the fit at sample `index` is final given the samples so far, on input whose grid
    /// step after that sample is `grid` points (0 for none; see `isSettled(_:times:)`).
    public func isSettled(_ index: Int, locations: ArraySlice<Point2D>, times: ArraySlice<Double>, grid: Double) -> Bool {
        guard grid > 0, window > 0, times[times.startIndex + index].isFinite else { return isSettled(index, times: times) }
        guard let width = halfWindow(index, locations: locations, times: times, grid: grid, complete: false) else { return false }
        guard width > window else { return isSettled(index, times: times) }
        let time = times[times.startIndex + index]
        var next = index + 1
        while next - index <= Self.maximumGridNeighbours {
            guard times.startIndex + next < times.endIndex else { return false }
            if !(times[times.startIndex + next] - time < width) { return true }
            next += 1
        }
        return true
    }

    /// The denoised position of sample `index` on input whose grid step is `grid` points (0 for
    /// none; see `denoised(_:in:times:)`): the fit over the widened window where the pointer moves
    /// slowly on a grid, the standard fit elsewhere.
    public func denoised(_ index: Int, in locations: ArraySlice<Point2D>, times: ArraySlice<Double>, grid: Double) -> Point2D {
        guard grid > 0, window > 0, times[times.startIndex + index].isFinite,
            let width = halfWindow(index, locations: locations, times: times, grid: grid, complete: true), width > window
        else { return denoised(index, in: locations, times: times) }
        return fit(index, in: locations, times: times, width: width, earlier: Self.maximumGridNeighbours, later: Self.maximumGridNeighbours)
    }

    /// The half-window of sample `index`, seconds: the time within which the pointer travels
    /// `gridStepsSpanned` grid steps from it, on the slower side, between `window` and
    /// `longestWindow`. Nil when that depends on samples yet to come (unless `complete`: the
    /// stroke ends with the samples there are).
    func halfWindow(_ index: Int, locations: ArraySlice<Point2D>, times: ArraySlice<Double>, grid: Double, complete: Bool) -> Double? {
        let reach = Self.gridStepsSpanned * grid
        let centre = locations[locations.startIndex + index], time = times[times.startIndex + index]
        var width = window
        for direction in stride(from: -1, through: 1, by: 2) {
            var neighbour = index + direction
            while true {
                guard neighbour >= 0, locations.startIndex + neighbour < locations.endIndex else {
                    if direction > 0, !complete { return nil }
                    break
                }
                let elapsed = abs(times[times.startIndex + neighbour] - time)
                // A sample without a time ends the window there, as it does the standard one.
                guard elapsed.isFinite else { break }
                guard elapsed < Self.longestWindow, abs(neighbour - index) <= Self.maximumGridNeighbours else {
                    width = Swift.max(width, Self.longestWindow)
                    break
                }
                if locations[locations.startIndex + neighbour].distance(to: centre) >= reach {
                    width = Swift.max(width, elapsed)
                    break
                }
                neighbour += direction
            }
        }
        return Swift.min(width, Self.longestWindow)
    }
}
