/// A call that a `StrokeBuilder` cannot take in its current state.
public enum StrokeBuilderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Samples were appended after `end()`.
    case strokeEnded
    /// Samples were appended after `cancel()`.
    case strokeCancelled

    public var description: String {
        switch self {
        case .strokeEnded: return "the stroke has ended; begin a new builder for new samples"
        case .strokeCancelled: return "the stroke was cancelled; begin a new builder for new samples"
        }
    }
}
