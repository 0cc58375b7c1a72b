import ArgumentParser
import Foundation

@main
struct Freehand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freehand",
        abstract: "Smooth, render and compare freehand ink.",
        version: version,
        subcommands: [SmoothCommand.self, OutlineCommand.self, RenderCommand.self, CompareCommand.self, ConvertCommand.self, ShapesCommand.self, DemoCommand.self, EvaluateCommand.self, TuneCommand.self, BenchCommand.self, ServeCommand.self, NamesCommand.self]
    )

    /// Runs the command line. A failed write of standard output exits 1. An unknown command is a
    /// usage error (exit 64) naming it and the nearest known one. A closed output pipe
    /// (`freehand outline BIG | head -c 10`) makes the next write fail with one line on standard
    /// error and exit 1, instead of killing the tool by SIGPIPE.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        // What `print` left in standard output's buffer is written at exit; a write that fails there
        // (a full disk, /dev/full) turns the exit status into 1, with one line on standard error.
        atexit {
            if fflush(nil) != 0 {
                FileHandle.standardError.write(Data(("Error: could not write standard output: " + String(cString: strerror(errno)) + "\n").utf8))
                _exit(1)
            }
        }
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        if let unknown = UnknownCommand(arguments: Array(CommandLine.arguments.dropFirst()), commands: commands) {
            FileHandle.standardError.write(Data((unknown.message + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }

    /// The version `freehand --version` prints: the newest released version in CHANGELOG.md
    /// (`tools/hostile_cli.sh` checks that the two agree).
    static let version = "0.9.0"
}
