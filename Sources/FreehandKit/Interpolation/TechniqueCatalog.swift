/// The techniques by their stable names, for files and the command line.
public enum TechniqueCatalog {
    /// Every technique name, the straight-line baseline first and the default last.
    public static let names = [
        "linear", "bezier-groups", "midpoint-cubic", "midpoint-quadratic", "catmull-rom", "hermite", "timed-hermite", "freehand",
    ]

    /// The name of the default technique.
    public static let defaultName = "freehand"

    /// The technique called `name`, with `alpha` (0…1) overriding the knot exponent of the spline
    /// techniques with knots (`catmull-rom`, default 0.5; `freehand`, default 0.15); other
    /// techniques ignore it.
    /// Throws `ParameterError` for an unknown name or an alpha outside its range.
    public static func technique(named name: String, alpha: Double? = nil) throws(ParameterError) -> AnyInterpolationTechnique {
        switch name {
        case "linear": return LinearTechnique().erased
        case "bezier-groups": return BezierGroupsTechnique().erased
        case "midpoint-cubic": return MidpointCubicTechnique().erased
        case "midpoint-quadratic": return MidpointQuadraticTechnique().erased
        case "catmull-rom": return (try CatmullRomTechnique(alpha: alpha ?? 0.5)).erased
        case "hermite": return HermiteTechnique().erased
        case "timed-hermite": return TimedHermiteTechnique().erased
        case "freehand": return (try alpha.map { alpha throws(ParameterError) in try FreehandTechnique(alpha: alpha) } ?? FreehandTechnique.standard).erased
        default: throw .unknownName(name, known: names)
        }
    }

    /// Every technique with its default parameters, in the order of `names`.
    public static var all: [AnyInterpolationTechnique] {
        names.map { name in ParameterError.builtIn { () throws(ParameterError) in try technique(named: name) } }
    }
}
