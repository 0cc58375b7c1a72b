import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Hummingbird
import HummingbirdWebSocket

/// The playground server: the page at `/`, the live-stroke WebSocket at `/live`, and the stateless
/// API — `POST /render?format=png|svg|pdf` and `POST /convert?to=…` with any ink file in the body.
public enum Playground {
    /// The request context every route uses (a WebSocket upgrade is one of the routes).
    public typealias Context = BasicWebSocketRequestContext

    /// The router of every route, within `limits`.
    public static func router(limits: PlaygroundLimits = PlaygroundLimits()) -> Router<Context> {
        let router = Router(context: Context.self)
        for (path, name, type) in [("/", "index.html", "text/html; charset=utf-8"), ("/playground.js", "playground.js", "text/javascript; charset=utf-8"),
                                   ("/playground.css", "playground.css", "text/css; charset=utf-8")] {
            router.get(RouterPath(path)) { _, _ -> Response in
                guard let data = PlaygroundPage.resource(name) else { return errorResponse(.notFound, "missing page resource \(name)") }
                return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: data)))
            }
        }
        // The names the page offers, from the library's own catalogues (one list, not a copy in
        // the script).
        router.get("/catalog.js") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: catalogScript)))
        }
        router.post("/render") { request, _ -> Response in
            await respond(to: request, limits: limits) { data, query in try PlaygroundAPI.render(data, query: query, limits: limits) }
        }
        router.post("/convert") { request, _ -> Response in
            await respond(to: request, limits: limits) { data, query in try PlaygroundAPI.convert(data, query: query, limits: limits) }
        }
        router.ws("/live") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, _ in
            var session = LiveSession(limits: limits)
            for try await message in inbound.messages(maxSize: limits.messageBytes) {
                guard case .text(let text) = message else { continue }
                for answer in session.handle(text) { try await outbound.write(.text(answer)) }
            }
        }
        return router
    }

    /// `const catalog = {techniques, brushes, presets}`: the stable names the page's menus offer.
    static var catalogScript: String {
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        return "const catalog = {\"techniques\":\(list(TechniqueCatalog.names)),\"brushes\":\(list(BrushCatalog.names)),"
            + "\"presets\":\(list(InkPreset.names))};\n"
    }

    /// The application listening on `host`:`port` (loopback by default), within `limits`.
    public static func application(host: String = "127.0.0.1", port: Int = 8080, limits: PlaygroundLimits = PlaygroundLimits()) -> some ApplicationProtocol {
        let router = router(limits: limits)
        return Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: webSocketConfiguration(limits)),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "freehand-serve"))
    }

    /// The live socket's configuration: frames as large as a whole message may be
    /// (`PlaygroundLimits.messageBytes`: the page sends each message as one frame, and a `load`
    /// carries a file) — not the 16 KiB a WebSocket server allows by default.
    public static func webSocketConfiguration(_ limits: PlaygroundLimits) -> WebSocketServerConfiguration {
        WebSocketServerConfiguration(maxFrameSize: limits.messageBytes)
    }

    /// Reads the body (at most the limit) and answers with `work`'s result, or a JSON error.
    private static func respond(
        to request: Request, limits: PlaygroundLimits, _ work: (Data, [String: String]) throws -> PlaygroundAPI.Output
    ) async -> Response {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limits.bodyBytes)
        } catch {
            return errorResponse(.contentTooLarge, "the body is over \(limits.bodyBytes) bytes")
        }
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        do {
            let output = try work(Data(buffer: body), query)
            return Response(status: .ok, headers: [.contentType: output.contentType], body: .init(byteBuffer: ByteBuffer(bytes: output.bytes)))
        } catch let error as PlaygroundError {
            return errorResponse(.badRequest, error.message)
        } catch {
            return errorResponse(.badRequest, "\(error)")
        }
    }

    /// A JSON error body `{"error": message}` with `status`.
    static func errorResponse(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let data = (try? JSONEncoder().encode(["error": message])) ?? Data(#"{"error":"unknown"}"#.utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The page's files, shipped as resources (no CDN, no build step).
enum PlaygroundPage {
    static func resource(_ name: String) -> Data? {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources") else { return nil }
        return try? Data(contentsOf: url)
    }
}
