/// Path elements as a technique emits them, each tagged with its progress: the position in the
/// sample list (a fractional index) that the element's end corresponds to.
///
/// Progress lets per-sample values — widths, opacities — be interpolated along any technique's
/// curve, including the techniques whose curves pass between the samples (an element ending at
/// mid(Pᵢ₋₁, Pᵢ) has progress i − 0.5). It never decreases along a stroke.
///
/// This is where a technique's output enters the pipeline, and it is checked here: an element with
/// a point that is not finite is dropped and counted in `droppedElements` (the next element then
/// continues from the last one kept), and progress that is not a number or goes backwards is held
/// at the previous element's (0 for the first), so that nothing downstream sees a NaN or an index
/// out of order — whatever a third-party technique emits.
public struct SpanOutput: Hashable, Sendable {
    /// The elements in drawing order.
    public private(set) var elements: [PathElement] = []
    /// For each element, the sample position its end corresponds to: 0…2⁵², never decreasing.
    public private(set) var progress: [Double] = []
    /// Elements dropped because a point of theirs was not finite (a technique gone wrong; the
    /// built-in techniques never emit one for finite samples).
    public private(set) var droppedElements = 0

    /// The largest progress kept: far beyond any stroke's sample count, small enough that every
    /// whole number up to it is exact and converts to `Int`.
    public static let progressLimit = 0x1p52

    /// An empty output.
    public init() {}

    /// The number of elements.
    public var count: Int { elements.count }

    /// Drops every element but the last (where the path ends, and the progress the next one may
    /// not go below), keeping the room they took: for a reader that has consumed them already.
    mutating func removeAllButLast() {
        guard elements.count > 1 else { return }
        elements.removeSubrange(0..<(elements.count - 1))
        progress.removeSubrange(0..<(progress.count - 1))
    }

    /// Makes room for `count` elements.
    mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
        progress.reserveCapacity(count)
    }

    /// Appends `element`, ending at sample position `progress` (see the type's note for what is
    /// dropped or held).
    public mutating func append(_ element: PathElement, progress value: Double) {
        guard element.isFinite else {
            droppedElements += 1
            return
        }
        let previous = progress.last ?? 0
        // Not a number fails the comparison too, and is held at the previous value.
        progress.append(value >= previous ? Swift.min(value, Self.progressLimit) : previous)
        elements.append(element)
    }
}
