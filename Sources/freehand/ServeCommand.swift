import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `freehand serve`: the browser playground and the rendering API. The server is its own package
/// (`Playground/`, on Hummingbird), so that an app adding FreehandKit never fetches a web server;
/// this command runs it from the checkout: `swift run --package-path Playground freehand-serve`.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Draw in the browser with the engine, and serve the rendering API (POST /render, /convert).",
        discussion: """
            Runs the Playground package of this checkout (built on first use, a few minutes): \
            swift run --package-path Playground freehand-serve. Open the printed URL; Ctrl-C stops it.
            """
    )

    @Option(help: "The address to listen on (loopback by default; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on.")
    var port = 8080

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be in 1…65535") }
        guard !host.isEmpty, !host.hasPrefix("-") else { throw ValidationError("--host takes an address, e.g. 127.0.0.1") }
    }

    func run() throws {
        guard let folder = Self.playgroundFolder() else {
            throw CommandLineFailure("serve: the playground ships with the source checkout (Playground/); run this from the repository")
        }
        // The server replaces this process, so that Ctrl-C and the exit status are its own.
        let arguments = ["swift", "run", "--package-path", folder, "freehand-serve", "--host", host, "--port", String(port)]
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execvp("swift", pointers)
        throw CommandLineFailure("serve: could not run swift (\(String(cString: strerror(errno))))")
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
