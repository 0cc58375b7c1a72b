import FreehandKit

/// Fidelity: how close a technique's curve stays to the hand, measured on samples it never saw.
///
/// The ground truth is a full-rate recording. The technique gets every k-th sample (the last always
/// kept), as a slower device would report them; each held-back sample's distance to the resulting
/// centreline measures how well the curve reconstructs the real pen path between the samples.
public enum FidelityMeasurement {
    /// The distances (points) from each held-back sample of `stroke` to the centreline that
    /// `technique` draws through every `step`-th sample, flattened within `tolerance`. With `noise`
    /// (a standard deviation in points, ≥ 0) the input samples — not the ground truth — are moved by
    /// Gaussian noise from `generator`. Empty when nothing is held back (step 1, or strokes of two
    /// samples or fewer).
    public static func heldBackDistances<G: RandomNumberGenerator>(
        of stroke: [Sample], step: Int, technique: any InterpolationTechnique, tolerance: Double = 0.01,
        noise: Double, generator: inout G
    ) -> [Double] {
        guard step > 1, stroke.count > 2 else { return [] }
        let input = thinned(stroke, step: step, noise: noise, generator: &generator)
        let centreline = TechniqueCurve.path(for: input, technique: technique).flattened(tolerance: tolerance)
        return heldBackDistances(of: stroke, step: step, centreline: centreline)
    }

    /// `stroke` as a slower device would report it: every `step`-th sample (and the last), moved by
    /// Gaussian noise of deviation `noise` points from `generator` when `noise` > 0.
    public static func thinned<G: RandomNumberGenerator>(_ stroke: [Sample], step: Int, noise: Double, generator: inout G) -> [Sample] {
        var input = stroke.decimated(keepingEvery: step)
        if noise > 0 {
            for index in input.indices { input[index].location += GaussianNoise.vector(deviation: noise, using: &generator) }
        }
        return input
    }

    /// The distances (points) from each sample of `stroke` that thinning by `step` held back to
    /// `centreline` (a polyline). A centreline with a point that is not finite (a technique gone
    /// wrong) is no curve: every distance is then infinite.
    public static func heldBackDistances(of stroke: [Sample], step: Int, centreline: [Point2D]) -> [Double] {
        guard step > 1, stroke.count > 2, !centreline.isEmpty else { return [] }
        guard centreline.allSatisfy(\.isFinite), let bounds = Rect2D(enclosing: centreline) else {
            return stroke.indices.filter { $0 % step != 0 && $0 != stroke.count - 1 }.map { _ in .infinity }
        }
        let grid = SegmentGrid(centreline, cellSize: Swift.max(bounds.width, bounds.height) / 64)
        var distances: [Double] = []
        distances.reserveCapacity(stroke.count)
        for index in stroke.indices where index % step != 0 && index != stroke.count - 1 {
            distances.append(grid.distance(from: stroke[index].location))
        }
        return distances
    }
}

extension FidelityMeasurement {
    /// The held-back distances without noise; see `heldBackDistances(of:step:technique:tolerance:noise:generator:)`.
    public static func heldBackDistances(
        of stroke: [Sample], step: Int, technique: any InterpolationTechnique, tolerance: Double = 0.01
    ) -> [Double] {
        var unused = SystemRandomNumberGenerator()
        return heldBackDistances(of: stroke, step: step, technique: technique, tolerance: tolerance, noise: 0, generator: &unused)
    }
}
