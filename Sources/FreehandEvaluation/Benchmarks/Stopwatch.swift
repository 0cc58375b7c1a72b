import Foundation

/// Timing with warm-up and repetitions, reporting medians (robust to the odd slow run).
public enum Stopwatch {
    /// Seconds taken by each of `repetitions` runs of `body`, after `warmUp` untimed runs.
    public static func measure(repetitions: Int, warmUp: Int = 1, _ body: () -> Void) -> [Double] {
        for _ in 0..<warmUp { body() }
        return (0..<Swift.max(1, repetitions)).map { _ in time(body) }
    }

    /// Seconds taken by one run of `body`.
    public static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The median of `values` (0 when empty).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
