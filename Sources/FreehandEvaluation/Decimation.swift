import FreehandKit

extension Array where Element == Sample {
    /// Every `step`-th sample (the first always), with the last sample always kept: the same stroke
    /// as a slower device would have reported it. A `step` of 1 or less returns the samples as they are.
    public func decimated(keepingEvery step: Int) -> [Sample] {
        guard step > 1, count > 2 else { return self }
        var result = Swift.stride(from: 0, to: count, by: step).map { self[$0] }
        if (count - 1) % step != 0, let last { result.append(last) }
        return result
    }
}
