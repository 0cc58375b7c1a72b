/// One measured figure of `freehand bench`.
public struct BenchmarkResult: Hashable, Sendable, Codable {
    /// The workload group, such as "frame".
    public var group: String
    /// What was measured, such as "10000 strokes on the canvas".
    public var name: String
    /// The median value.
    public var value: Double
    /// The unit of `value`, such as "µs/frame" or "samples/s".
    public var unit: String
    /// How many timed repetitions the median is of.
    public var repetitions: Int

    /// A result with the given fields.
    public init(group: String, name: String, value: Double, unit: String, repetitions: Int) {
        self.group = group
        self.name = name
        self.value = value
        self.unit = unit
        self.repetitions = repetitions
    }
}
