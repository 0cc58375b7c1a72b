import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `freehand serve`: the browser playground and the rendering API. The server is its own package
/// (`Playground/`, on Hummingbird), so that an app adding FreehandKit never fetches a web server;
/// its `freehand-serve` is a program of its own (its page compiled in). This command runs the one
/// installed beside it or on the PATH, else builds and runs the checkout's in release mode.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Draw in the browser with the engine, and serve the rendering API (POST /render, /convert).",
        discussion: """
            Runs freehand-serve: the one beside this tool, else the one on the PATH, else the checkout's \
            Playground package (swift run -c release --package-path Playground freehand-serve: built on \
            first use: about 20 minutes on a 2-core machine, since it builds Hummingbird and SwiftNIO in release mode; \
            later starts take seconds). Open the printed URL; Ctrl-C stops it.
            """
    )

    @Option(help: "The address to listen on (loopback by default; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on.")
    var port = 8080

    @Option(name: .customLong("allow-origin"), parsing: .unconditionalSingleValue,
            help: "Another web origin (http://host:port) whose pages may drive the server (the live socket, /render, /convert, /open); repeatable. By default only the server's own page.")
    var allowedOrigins: [String] = []

    @Option(parsing: .unconditional, help: "The most live sessions open at once (default 32).")
    var sessions: Int?

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be in 1…65535") }
        guard !host.isEmpty, !host.hasPrefix("-") else { throw ValidationError("--host takes an address, e.g. 127.0.0.1") }
    }

    func run() throws {
        let options = ["--host", host, "--port", String(port)] + allowedOrigins.flatMap { ["--allow-origin", $0] }
            + (sessions.map { ["--sessions", String($0)] } ?? [])
        // The server replaces this process, so that Ctrl-C and the exit status are its own.
        if let installed = Self.installedServer() {
            Self.replaceProcess(with: installed, [installed] + options)
            throw CommandLineFailure("serve: could not run \(installed) (\(String(cString: strerror(errno))))")
        }
        guard let folder = Self.playgroundFolder() else {
            throw CommandLineFailure(
                "serve: no freehand-serve beside this tool or on the PATH, and no Playground/ checkout here; "
                    + "install it: swift build -c release --package-path Playground --product freehand-serve, then copy the binary (docs/playground.md)")
        }
        let built = URL(fileURLWithPath: folder).appendingPathComponent(".build/release/freehand-serve").path
        let note = FileManager.default.isExecutableFile(atPath: built)
            ? "serve: starting the playground server from \(folder) (swift run -c release: rebuilt only if its sources changed)"
            : "serve: building the playground server in \(folder) for the first time (Hummingbird and SwiftNIO in release mode: "
                + "about 20 minutes on a 2-core machine; later starts take seconds). Its progress follows."
        FileHandle.standardError.write(Data((note + "\n").utf8))
        Self.replaceProcess(with: "swift", ["swift", "run", "-c", "release", "--package-path", folder, "freehand-serve"] + options)
        throw CommandLineFailure("serve: could not run swift (\(String(cString: strerror(errno))))")
    }

    /// Runs `program` (a path, or a name looked up on the PATH) in place of this process; returns
    /// only when it cannot.
    private static func replaceProcess(with program: String, _ arguments: [String]) {
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execvp(program, pointers)
    }

    /// An installed `freehand-serve`: beside this tool (installed together), else on the PATH.
    static func installedServer() -> String? {
        var folders: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() { folders.append(executable.deletingLastPathComponent().path) }
        folders += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for folder in folders where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("freehand-serve").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `Playground/` beside the current directory, or in the checkout this tool was built from.
    static func playgroundFolder() -> String? {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for root in [URL(fileURLWithPath: FileManager.default.currentDirectoryPath), checkout] {
            let folder = root.appendingPathComponent("Playground")
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
        }
        return nil
    }
}
