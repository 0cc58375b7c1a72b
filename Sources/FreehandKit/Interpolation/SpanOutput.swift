/// Path elements as a technique emits them, each tagged with its progress: the position in the
/// sample list (a fractional index) that the element's end corresponds to.
///
/// Progress lets per-sample values — widths, opacities — be interpolated along any technique's
/// curve, including the techniques whose curves pass between the samples (an element ending at
/// mid(Pᵢ₋₁, Pᵢ) has progress i − 0.5). It never decreases along a stroke.
public struct SpanOutput: Hashable, Sendable {
    /// The elements in drawing order.
    public private(set) var elements: [PathElement] = []
    /// For each element, the sample position its end corresponds to.
    public private(set) var progress: [Double] = []

    /// An empty output.
    public init() {}

    /// The number of elements.
    public var count: Int { elements.count }

    /// Makes room for `count` elements.
    mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
        progress.reserveCapacity(count)
    }

    /// Appends `element`, ending at sample position `progress`.
    public mutating func append(_ element: PathElement, progress value: Double) {
        elements.append(element)
        progress.append(value)
    }
}
