import Foundation

/// What the server tells a client that sent something it cannot use: one line, no stack, no
/// Swift type names, at most `maximumLength` characters.
public struct PlaygroundError: Error, Sendable, CustomStringConvertible {
    /// The one-line message.
    public var message: String
    /// An error saying `message`, clipped to `maximumLength` characters (with "…") and to one line.
    public init(_ message: String) {
        let line = message.map { $0.isNewline ? " " : $0 }
        self.message = line.count > Self.maximumLength ? String(line.prefix(Self.maximumLength)) + "…" : String(line)
    }
    public var description: String { message }
    /// Why the server could not do the work, when it was not the request being wrong.
    public enum Refusal: Sendable {
        /// The work stopped at its deadline (503: try again with less).
        case outOfTime
        /// The server's memory for work is taken by other requests now (503 with `Retry-After`).
        case busy
        /// The work would need more memory than the server gives all work at once (413).
        case overBudget
    }

    /// Why the work was not done when the request itself was fine (nil: the request was wrong, 400).
    public var refusal: Refusal?

    /// True when the work stopped at its deadline.
    public var isOutOfTime: Bool { refusal == .outOfTime }

    /// The work stopped at its deadline, saying `message`.
    static func outOfTime(_ message: String) -> PlaygroundError {
        refused(.outOfTime, message)
    }

    /// The work refused for `refusal`, saying `message`.
    static func refused(_ refusal: Refusal, _ message: String) -> PlaygroundError {
        var error = PlaygroundError(message)
        error.refusal = refusal
        return error
    }

    /// The longest message, in characters.
    public static let maximumLength = 300

    /// A message that could not be read, in words: which field is missing or of the wrong type, or
    /// that the text is not JSON.
    static func unreadable(_ error: any Error) -> PlaygroundError {
        guard let error = error as? DecodingError else { return PlaygroundError("unreadable message") }
        func field(_ context: DecodingError.Context, _ key: CodingKey? = nil) -> String {
            let path = (context.codingPath + (key.map { [$0] } ?? [])).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return path.isEmpty ? "the message" : "'" + path.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context): return PlaygroundError("unreadable message: \(field(context, key)) is missing")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return PlaygroundError("unreadable message: \(field(context)) has the wrong type or no value")
        case .dataCorrupted(let context):
            return PlaygroundError(context.codingPath.isEmpty ? "unreadable message: not a JSON object" : "unreadable message: \(field(context)) is not valid")
        @unknown default: return PlaygroundError("unreadable message")
        }
    }
}
