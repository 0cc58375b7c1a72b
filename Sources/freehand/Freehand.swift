import ArgumentParser

@main
struct Freehand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freehand",
        abstract: "Smooth, render and compare freehand ink.",
        subcommands: [SmoothCommand.self, OutlineCommand.self, RenderCommand.self, CompareCommand.self, ConvertCommand.self, DemoCommand.self, EvaluateCommand.self, TuneCommand.self, BenchCommand.self, ServeCommand.self]
    )
}
