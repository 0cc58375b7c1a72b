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

    @Option(name: .customLong("allow-origin"), help: "Another web origin (http://host:port) whose pages may drive the server (the live socket, /render, /convert, /open); repeatable. By default only this server's own page.")
    var allowedOrigins: [String] = []

    @Option(help: "The most live sessions open at once.")
    var sessions = PlaygroundLimits().sessions

    @Option(help: "A folder made by tools/web_build.sh (the engine as WebAssembly and its page), served at /web/: ink drawn in the browser itself.")
    var web: String?

    func validate() throws {
        guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1") }
        for origin in allowedOrigins where !(origin.hasPrefix("http://") || origin.hasPrefix("https://")) || origin.hasSuffix("/") {
            throw ValidationError("--allow-origin takes an origin as a browser sends it (http://host:port), not '\(origin)'")
        }
        guard (1...65535).contains(port) else { throw ValidationError("--port must be in 1…65535") }
        if let web, WebFolder(URL(fileURLWithPath: web)) == nil {
            throw ValidationError("--web: '\(web)' holds no index.html (build it with tools/web_build.sh)")
        }
    }

    func run() async throws {
        var limits = PlaygroundLimits()
        limits.allowedOrigins = allowedOrigins
        limits.sessions = sessions
        let folder = web.flatMap { WebFolder(URL(fileURLWithPath: $0)) }
        let app = Playground.application(host: host, port: port, limits: limits, web: folder)
        let url = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
        let page = folder == nil ? "" : "; drawn in the browser itself: \(url)web/"
        FileHandle.standardOutput.write(Data("freehand playground: open \(url)\(page) (Ctrl-C stops it)\n".utf8))
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

