import FreehandKit

/// A technique's curve as the evaluation compares techniques: the engine's, with both ends' hook
/// rules off (`StrokeBuilder.dropsPenDownHook`, `dropsPenUpHook`). The comparisons measure how a
/// technique follows the pen; leaving a hook out is a treatment of a stroke's ends, by design
/// farther from the pen there, measured on its own (`BrushMeasurement.penHooks`).
enum TechniqueCurve {
    /// A builder for `technique` that keeps the hooks at both ends (unless `droppingHooks`: the
    /// engine's own rules).
    static func builder(technique: any InterpolationTechnique, droppingHooks: Bool = false) -> StrokeBuilder {
        var builder = StrokeBuilder(technique: technique)
        builder.dropsPenDownHook = droppingHooks
        builder.dropsPenUpHook = droppingHooks
        return builder
    }

    /// The final path of `samples` drawn with `technique`, hooks kept (unless `droppingHooks`).
    static func path(for samples: [Sample], technique: any InterpolationTechnique, droppingHooks: Bool = false) -> BezierPath {
        var builder = builder(technique: technique, droppingHooks: droppingHooks)
        builder.tracksProvisional = false
        // A new builder is active, so neither call can throw.
        _ = try? builder.append(samples)
        _ = try? builder.end()
        return builder.path
    }
}
