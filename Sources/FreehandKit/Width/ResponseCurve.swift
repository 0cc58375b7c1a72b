/// How a normalized input (0…1, such as force) maps to a normalized response (0…1).
public enum ResponseCurve: Hashable, Sendable {
    /// The response equals the input.
    case linear
    /// response = input^exponent (exponent > 0): below 1 light touches widen quickly, above 1 they
    /// stay thin.
    case gamma(Double)
    /// A quadratic ease-in (slow start).
    case easeIn
    /// A quadratic ease-out (fast start).
    case easeOut
    /// The smoothstep curve 3x² − 2x³ (slow at both ends).
    case easeInOut

    /// The response to `input`, which is clamped to 0…1 first.
    public func apply(_ input: Double) -> Double {
        let x = Swift.min(1, Swift.max(0, input))
        switch self {
        case .linear: return x
        case .gamma(let exponent): return PortableMath.pow(x, exponent)
        case .easeIn: return x * x
        case .easeOut: return 1 - (1 - x) * (1 - x)
        case .easeInOut: return x * x * (3 - 2 * x)
        }
    }

    /// The curve's stable name, as `init(named:)` reads it.
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .gamma(let exponent): return "gamma:\(exponent)"
        }
    }

    /// The curve called `name`: `linear`, `ease-in`, `ease-out`, `ease-in-out`, or `gamma:E`.
    public init(named name: String) throws(ParameterError) {
        switch name {
        case "linear": self = .linear
        case "ease-in": self = .easeIn
        case "ease-out": self = .easeOut
        case "ease-in-out": self = .easeInOut
        default:
            guard name.hasPrefix("gamma:"), let exponent = Double(name.dropFirst(6)) else {
                throw .unknownName(name, known: ["linear", "ease-in", "ease-out", "ease-in-out", "gamma:E"])
            }
            try ParameterError.check("gamma", exponent, in: 0.05...20)
            self = .gamma(exponent)
        }
    }
}
