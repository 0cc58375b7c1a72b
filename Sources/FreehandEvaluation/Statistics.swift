/// Summary statistics of a set of measurements.
public struct Summary: Hashable, Sendable, Codable {
    /// How many values were summarised.
    public var count: Int
    /// The arithmetic mean (0 when empty).
    public var mean: Double
    /// The 95th percentile, nearest-rank (0 when empty).
    public var p95: Double
    /// The largest value (0 when empty).
    public var maximum: Double

    /// The summary of `values`.
    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else {
            (mean, p95, maximum) = (0, 0, 0)
            return
        }
        let sorted = values.sorted()
        mean = values.reduce(0, +) / Double(values.count)
        p95 = sorted[Swift.min(sorted.count - 1, Int((0.95 * Double(sorted.count)).rounded(.up)) - 1)]
        maximum = sorted[sorted.count - 1]
    }
}
