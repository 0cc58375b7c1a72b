/// Why ink could not be read or written. Every message names what is wrong in one line.
public enum InkFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not well-formed in the format (not JSON, truncated, wrong types); `detail` says where.
    case malformed(String)
    /// A value is well-formed but not acceptable (say a NaN coordinate); `detail` says which.
    case invalidValue(String)
    /// The input exceeds a configured limit, named in `detail`.
    case limitExceeded(String)
    /// The file could not be read or written; `detail` carries the system's reason.
    case io(String)

    public var description: String {
        switch self {
        case .malformed(let detail): return "malformed input: \(detail)"
        case .invalidValue(let detail): return "invalid value: \(detail)"
        case .limitExceeded(let detail): return "limit exceeded: \(detail)"
        case .io(let detail): return detail
        }
    }
}

extension Drawing {
    /// Throws `InkFormatError.invalidValue` naming the first stroke whose settings cannot draw —
    /// an unknown technique or brush, a knot exponent outside 0…1, a width out of range — and the
    /// field, so that a file never loads as a drawing with silently missing ink.
    func checkSettings() throws(InkFormatError) {
        for (index, stroke) in strokes.enumerated() {
            if let name = stroke.nonFiniteSetting { throw .invalidValue("stroke \(index): \(name) is not a finite number") }
            do {
                _ = try stroke.makeTechnique()
            } catch {
                throw .invalidValue("stroke \(index): technique '\(stroke.technique)': \(error)")
            }
            do {
                _ = try stroke.makeStyle()
            } catch {
                throw .invalidValue("stroke \(index): brush '\(stroke.brush)': \(error)")
            }
        }
    }
}
