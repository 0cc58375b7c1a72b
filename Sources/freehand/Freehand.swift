import ArgumentParser
import Foundation

@main
struct Freehand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freehand",
        abstract: "Smooth, render and compare freehand ink.",
        subcommands: [SmoothCommand.self, OutlineCommand.self, RenderCommand.self, CompareCommand.self, ConvertCommand.self, ShapesCommand.self, DemoCommand.self, EvaluateCommand.self, TuneCommand.self, BenchCommand.self, ServeCommand.self, NamesCommand.self]
    )

    /// Runs the command line. A closed output pipe (`freehand outline BIG | head -c 10`) makes the
    /// next write fail with one line on standard error and exit 1, instead of killing the tool
    /// by SIGPIPE.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
