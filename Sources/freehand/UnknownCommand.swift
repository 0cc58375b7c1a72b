import ArgumentParser

/// A first argument that names no command (`freehand rendr x -o y.png`): said as such, with the
/// nearest command suggested, instead of letting the parser blame an option the command would take.
struct UnknownCommand {
    /// The word given where a command belongs.
    let word: String

    /// The commands `Freehand` knows, by name.
    let commands: [String]

    /// The unknown command in `arguments` (the tool's arguments, without its own path), or nil when
    /// the first argument is an option, a known command or `help`.
    init?(arguments: [String], commands: [String]) {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !commands.contains(first) else { return nil }
        word = first
        self.commands = commands
    }

    /// The known command nearest to `word` in edits (insertions, deletions, substitutions), when it
    /// is at most two edits away or starts with it.
    var suggestion: String? {
        let ranked = commands.map { (name: $0, distance: Self.editDistance(word, $0)) }.min { $0.distance < $1.distance }
        if let ranked, ranked.distance <= 2 { return ranked.name }
        return commands.first { $0.hasPrefix(word) }
    }

    /// The one-line message: the word, the nearest command, and where the list is.
    var message: String {
        let nearest = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        return "Error: unknown command '\(CommandLineFailure(word).description)'.\(nearest) See 'freehand --help' for the commands."
    }

    /// Levenshtein distance between `a` and `b`, in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
