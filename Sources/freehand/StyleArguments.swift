import ArgumentParser
import FreehandKit

/// The options that choose a technique.
struct TechniqueArguments: ParsableArguments {
    @Option(help: "The smoothing technique: \(TechniqueCatalog.names.joined(separator: ", ")).")
    var technique = TechniqueCatalog.defaultName

    @Option(help: "Knot exponent for catmull-rom (default 0.5) and freehand (default 0.15), 0 … 1.")
    var alpha: Double?

    func make() throws -> any InterpolationTechnique {
        try InkInput.technique(named: technique, alpha: alpha)
    }
}

/// The options that choose a brush and its taper.
struct BrushArguments: ParsableArguments {
    @Option(help: "The brush: \(BrushCatalog.names.joined(separator: ", ")).")
    var brush = "pressure"

    @Option(help: "Width in points (constant), or the width without force/radius (pressure, contact-radius).")
    var width: Double?

    @Option(help: "Smallest width in points (pressure, velocity, contact-radius).")
    var minWidth: Double?

    @Option(help: "Largest width in points (velocity).")
    var maxWidth: Double?

    @Option(help: "Points of width per unit of force (pressure, tilt-shading upright).")
    var sensitivity: Double?

    @Option(help: "Force response: linear, ease-in, ease-out, ease-in-out or gamma:E (pressure).")
    var response: String?

    @Option(help: "Low-pass weight of the previous width, 0 … 1 (velocity).")
    var smoothing: Double?

    @Option(help: "Share of the previous point's width and opacity each point keeps, 0 … 0.95.")
    var widthSmoothing = 0.3

    @Option(help: "Start taper length in points.")
    var taperStart = 0.0

    @Option(help: "End taper length in points.")
    var taperEnd = 0.0

    func make() throws -> InkStyle {
        do {
            let options = BrushOptions(
                width: width, minimumWidth: minWidth, maximumWidth: maxWidth, sensitivity: sensitivity,
                response: try response.map { name throws(ParameterError) in try ResponseCurve(named: name) }, smoothing: smoothing)
            return try InkStyle(
                brush: try BrushCatalog.brush(named: brush, options: options),
                taper: try Taper(startLength: taperStart, endLength: taperEnd), smoothing: widthSmoothing)
        } catch {
            throw CommandLineFailure("--brush \(brush): \(error)")
        }
    }
}
