/// A failure the command reports as one line and a non-zero exit status.
struct CommandLineFailure: Error, CustomStringConvertible {
    let description: String

    /// A failure described by `description`, made safe for a terminal and one line: control
    /// characters (a newline, an escape sequence from a name in a file) are written as `\u{…}`,
    /// and a description over `maximumLength` characters is cut with "…".
    init(_ description: String) {
        var safe = ""
        var length = 0  // characters in `safe` (String.count would walk it each time)
        for scalar in description.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let escape = "\\u{" + String(scalar.value, radix: 16) + "}"
                safe += escape
                length += escape.count
            } else {
                safe.unicodeScalars.append(scalar)
                length += 1
            }
            if length > Self.maximumLength { break }
        }
        self.description = length > Self.maximumLength ? String(safe.prefix(Self.maximumLength)) + "…" : safe
    }

    /// The longest description shown, in characters.
    static let maximumLength = 400
}
