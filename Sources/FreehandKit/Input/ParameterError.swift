/// A parameter given to a technique, a brush or a builder that is outside its documented range.
/// Parameters are checked once, when the value that holds them is made, never inside the hot loops.
public enum ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `name` was `value`, outside `range`.
    case outOfRange(name: String, value: Double, range: ClosedRange<Double>)
    /// No technique (or brush) is called `name`; `known` lists those that are.
    case unknownName(String, known: [String])

    public var description: String {
        switch self {
        case .outOfRange(let name, let value, let range):
            return "\(name) must be in \(range.lowerBound)…\(range.upperBound), got \(value)"
        case .unknownName(let name, let known):
            return "unknown name '\(name)'; expected one of: \(known.joined(separator: ", "))"
        }
    }

    /// Throws `outOfRange` unless `value` is finite and inside `range`.
    public static func check(_ name: String, _ value: Double, in range: ClosedRange<Double>) throws(ParameterError) {
        guard value.isFinite, range.contains(value) else {
            throw .outOfRange(name: name, value: value, range: range)
        }
    }
}

extension ParameterError {
    /// The value `make` builds from this library's own default parameters. Those constants sit
    /// inside their documented ranges by construction (a test builds every default), so the
    /// failure branch is a programming error in the library, never a reaction to input.
    package static func builtIn<Value>(_ make: () throws(ParameterError) -> Value) -> Value {
        do {
            return try make()
        } catch {
            preconditionFailure("a FreehandKit default is outside its own range: \(error)")
        }
    }
}
