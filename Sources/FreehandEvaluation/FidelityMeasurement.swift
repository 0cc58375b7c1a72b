import FreehandKit

/// Fidelity: how close a technique's curve stays to the hand, measured on samples it never saw.
///
/// The ground truth is a full-rate recording. The technique gets every k-th sample (the last always
/// kept), as a slower device would report them; each held-back sample's distance to the resulting
/// centreline measures how well the curve reconstructs the real pen path between the samples.
public enum FidelityMeasurement {
    /// The distances (points) from each held-back sample of `stroke` to the centreline that
    /// `technique` draws through every `step`-th sample, flattened within `tolerance`. Empty when
    /// nothing is held back (step 1, or strokes of two samples or fewer).
    public static func heldBackDistances(
        of stroke: [Sample], step: Int, technique: any InterpolationTechnique, tolerance: Double = 0.01
    ) -> [Double] {
        guard step > 1, stroke.count > 2 else { return [] }
        let input = stroke.decimated(keepingEvery: step)
        let centreline = StrokeBuilder.path(for: input, technique: technique).flattened(tolerance: tolerance)
        guard !centreline.isEmpty else { return [] }
        let bounds = Rect(enclosing: centreline)!
        let grid = SegmentGrid(centreline, cellSize: Swift.max(bounds.width, bounds.height) / 64)
        var distances: [Double] = []
        distances.reserveCapacity(stroke.count)
        for index in stroke.indices where index % step != 0 && index != stroke.count - 1 {
            distances.append(grid.distance(from: stroke[index].location))
        }
        return distances
    }
}
