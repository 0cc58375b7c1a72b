/// What the server tells a client that sent something it cannot use: one line, no stack.
public struct PlaygroundError: Error, Sendable, CustomStringConvertible {
    /// The one-line message.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
