import ArgumentParser
import Foundation
import Hummingbird
import PlaygroundServer

/// `freehand-serve`: the browser playground and the rendering API.
@main
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freehand-serve",
        abstract: "Serve the drawing playground (GET /, WebSocket /live) and the rendering API (POST /render, POST /convert).")

    @Option(help: "The address to listen on (loopback by default; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be in 1…65535") }
    }

    func run() async throws {
        let app = Playground.application(host: host, port: port)
        let url = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
        FileHandle.standardOutput.write(Data("freehand playground: open \(url) (Ctrl-C stops it)\n".utf8))
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

