/// A failure the command reports as one line and a non-zero exit status.
struct CommandLineFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
