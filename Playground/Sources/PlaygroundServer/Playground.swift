import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

/// The playground server: the page at `/`, the live-stroke WebSocket at `/live` (files the page
/// opens arrive by `POST /open`, which answers a ticket the session's `load` names), and the
/// stateless API — `POST /render?format=png|svg|pdf` and `POST /convert?to=…` with any ink file in
/// the body.
public enum Playground {
    /// The request context every route uses (a WebSocket upgrade is one of the routes).
    public typealias Context = BasicWebSocketRequestContext

    /// The router of every route, within `limits`, taking web pages from `origins` only (by default
    /// those of a server on 127.0.0.1:8080 and `limits.allowedOrigins`), and serving the
    /// WebAssembly page of `web` under `/web/` when given.
    public static func router(limits: PlaygroundLimits = PlaygroundLimits(), origins: OriginPolicy? = nil, web: WebFolder? = nil) -> Router<Context> {
        let origins = origins ?? OriginPolicy(host: "127.0.0.1", port: 8080, allowing: limits.allowedOrigins)
        let router = Router(context: Context.self)
        web?.route(on: router)
        for (path, name, type) in [("/", "index.html", "text/html; charset=utf-8"), ("/playground.js", "playground.js", "text/javascript; charset=utf-8"),
                                   ("/tiles.js", "tiles.js", "text/javascript; charset=utf-8"), ("/playground.css", "playground.css", "text/css; charset=utf-8")] {
            router.get(RouterPath(path)) { request, _ -> Response in
                guard let data = PlaygroundPage.resource(name) else { return errorResponse(.notFound, "missing page resource \(name)") }
                var headers = pageHeaders(host: request.head.authority)
                headers[.contentType] = type
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
            }
            // HEAD answers as GET does, without the body.
            router.head(RouterPath(path)) { request, _ -> Response in
                var headers = pageHeaders(host: request.head.authority)
                headers[.contentType] = type
                return Response(status: PlaygroundPage.resource(name) == nil ? .notFound : .ok, headers: headers)
            }
        }
        // The API takes its files in POST bodies: other methods are told so.
        for path in ["/render", "/convert", "/open"] {
            for method in [HTTPRequest.Method.get, .head, .put, .delete, .patch] {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    var response = errorResponse(.methodNotAllowed, "\(path) takes POST with an ink file in the body")
                    response.headers[.allow] = "POST"
                    return response
                }
            }
        }
        // The names the page offers, from the library's own catalogues (one list, not a copy in
        // the script).
        router.get("/catalog.js") { request, _ -> Response in
            var headers = pageHeaders(host: request.head.authority)
            headers[.contentType] = "text/javascript; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: catalogScript)))
        }
        let heavy = HeavyWorkQueue(workers: limits.heavyWorkers, waiting: limits.heavyQueue)
        let uploads = Allowance(capacity: limits.uploadBytes)
        let memory = Allowance(capacity: limits.workBytes)
        router.post("/render") { request, _ -> Response in
            await respond(to: request, limits: limits, origins: origins, uploads: uploads, on: heavy) { data, query, deadline in
                try PlaygroundAPI.render(data, query: query, limits: limits, until: deadline, memory: memory)
            }
        }
        router.post("/convert") { request, _ -> Response in
            await respond(to: request, limits: limits, origins: origins, uploads: uploads, on: heavy) { data, query, deadline in
                try PlaygroundAPI.convert(data, query: query, limits: limits, until: deadline, memory: memory)
            }
        }
        // A file the page opens is read here, as the other heavy work is, and waits for the
        // session's `load` with its ticket (not squeezed through the live socket).
        let opened = OpenedDrawings(samples: limits.samples)
        router.post("/open") { request, _ -> Response in
            await respond(to: request, limits: limits, origins: origins, uploads: uploads, on: heavy) { data, _, _ in
                let drawing = try PlaygroundInput.drawing(from: data, limits: limits)
                let answer = try JSONEncoder().encode(["ticket": opened.keep(drawing)])
                return PlaygroundAPI.Output(bytes: Array(answer), contentType: "application/json")
            }
        }
        let sessions = Allowance(capacity: limits.sessions)
        let held = Allowance(capacity: limits.heldBytes)
        router.ws("/live") { request, _ in
            // Only the page this server sent (or a client that is no web page) may drive a session:
            // any other site open in the developer's browser could otherwise draw and load here.
            // (Refused before the upgrade: a browser's socket fails to open.)
            guard origins.allows(request.headers[.origin]) else {
                throw HTTPError(.forbidden, message: "this server's live socket takes only its own page")
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, _ in
            // Beyond the cap the client is told why and closed with 1013, "try again later".
            guard sessions.take() else {
                try await outbound.write(.text(PlaygroundMessage.encode(.error("\(sessions.capacity) live sessions are open: try again later"))))
                try await outbound.close(.unknown(tryAgainLater), reason: "too many sessions")
                return
            }
            defer { sessions.giveBack() }
            var session = LiveSession(limits: limits, opened: opened, held: held)
            defer { held.giveBack(session.heldBytes) }
            // Read on a task of its own: the socket's pings are answered while heavy work runs.
            let queue = LiveMessageQueue(capacity: limits.messageBytes + (1 << 20))
            let reader = Task { () async throws in
                defer { queue.finish() }
                for try await message in inbound.messages(maxSize: limits.messageBytes) {
                    guard case .text(let text) = message else { continue }
                    guard queue.add(text) else {
                        try? await outbound.write(.text(PlaygroundMessage.encode(.error("more than \(queue.capacity) bytes of messages came while the server was busy: the session is closed"))))
                        try? await outbound.close(.messageTooLarge, reason: "too many messages while busy")
                        return
                    }
                }
            }
            defer { reader.cancel() }
            for await text in queue.messages {
                queue.release(text)
                // Each message read once: heavy work leaves the connection's task for the heavy-work
                // queue, within the same budget as a render (past it the work stops itself).
                let answers: [String]
                switch session.request(for: text) {
                case .work(let work): answers = session.take(await outcome(of: work, limits: limits, on: heavy, memory: memory))
                case .message(let message): answers = session.answer(message)
                case .refused(let why): answers = [PlaygroundMessage.encode(.error(why))]
                }
                for answer in answers { try await outbound.write(.text(answer)) }
            }
            // The reader's end: an inbound error (a message over the limit) closes the socket as
            // Hummingbird closes it, with its code.
            try await reader.value
        }
        return router
    }

    /// What live heavy work (a `compare`, a zoom's outlines) came to, run on `heavy` within
    /// `workSeconds(limits)`, or why it was not done: the server was busy or the work too long.
    /// Its memory is reserved from `memory` (`WorkMemory`) while it runs.
    static func outcome(of work: LiveWork, limits: PlaygroundLimits, on heavy: HeavyWorkQueue, memory: Allowance) async -> LiveWork.Outcome {
        let seconds = workSeconds(limits)
        do {
            return try await heavy.run(stoppingAfter: seconds) { deadline in
                let reserved = try WorkMemory.reserve(work.estimatedBytes, from: memory)
                defer { memory.giveBack(reserved) }
                return work.run(until: deadline)
            }
        } catch let error as PlaygroundError {
            return .failed(error.message)
        } catch is HeavyWorkQueue.Busy {
            return .failed("the server is busy with other work: try \(work.name) again in a second")
        } catch {
            return .failed("\(work.name) took longer than \(seconds.formatted()) s")
        }
    }

    /// The WebSocket close code for a server that cannot take the client now (RFC 6455's registry).
    static let tryAgainLater: UInt16 = 1013

    /// The headers of the page's files: no type sniffing, and a content security policy that lets
    /// the page load only its own scripts and styles and talk only to this server.
    static func pageHeaders(host: String?) -> HTTPFields {
        var headers: HTTPFields = [.xContentTypeOptions: "nosniff"]
        let socket = host.map { " ws://\($0) wss://\($0)" } ?? ""
        headers[.contentSecurityPolicy] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            + "connect-src 'self'\(socket); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return headers
    }

    /// `const catalog = {techniques, brushes, presets, defaults}`: the stable names the page's menus
    /// offer, and the technique and brush a session starts with (`LiveSession.Settings()`), which the
    /// menus start on.
    static var catalogScript: String {
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        let defaults = LiveSession.Settings()
        return "const catalog = {\"techniques\":\(list(TechniqueCatalog.names)),\"brushes\":\(list(BrushCatalog.names)),"
            + "\"presets\":\(list(InkPreset.names)),\"defaults\":{\"technique\":\"\(defaults.technique)\",\"brush\":\"\(defaults.brush)\"}};\n"
    }

    /// The application listening on `host`:`port` (loopback by default), within `limits`.
    public static func application(
        host: String = "127.0.0.1", port: Int = 8080, limits: PlaygroundLimits = PlaygroundLimits(), web: WebFolder? = nil
    ) -> some ApplicationProtocol {
        let router = router(limits: limits, origins: OriginPolicy(host: host, port: port, allowing: limits.allowedOrigins), web: web)
        return Application(
            router: router, server: server(router: router, limits: limits),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "freehand-serve"))
    }

    /// The live socket's configuration: frames as large as a whole message may be
    /// (`PlaygroundLimits.messageBytes`: the page sends each message as one frame, and a `load`
    /// carries a file) — not the 16 KiB a WebSocket server allows by default.
    public static func webSocketConfiguration(_ limits: PlaygroundLimits) -> WebSocketServerConfiguration {
        WebSocketServerConfiguration(maxFrameSize: limits.messageBytes, autoPing: .enabled(timePeriod: .seconds(Double(idleSeconds(limits)) / 3)))
    }

    /// `limits.workSeconds`, at most 0.9 × the idle timeout.
    static func workSeconds(_ limits: PlaygroundLimits) -> Double { Swift.min(limits.workSeconds, 0.9 * Double(idleSeconds(limits))) }

    /// `limits.idleSeconds` within 1…3600.
    static func idleSeconds(_ limits: PlaygroundLimits) -> Int { Swift.min(3600, Swift.max(1, limits.idleSeconds)) }

    /// HTTP/1.1 with the WebSocket upgrade, every connection behind the idle guard.
    static func server(router: Router<Context>, limits: PlaygroundLimits) -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        let idle = TimeAmount.seconds(Int64(idleSeconds(limits)))
        return HTTPServerBuilder { responder in
            IdleGuardedChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: .init(ws: webSocketConfiguration(limits))),
                idle: idle)
        }
    }

    /// Refuses another site's page (403, `origins`), then reads the body (at most the limit, its
    /// bytes reserved from `uploads` while the request is served, within the minimum upload rate)
    /// and answers with `work`'s result, run on `heavy` with a deadline `limits.workSeconds` away (the work stops itself there), or a JSON
    /// error: 413 for a body over the limit or work needing more memory than the server gives all
    /// work, 408 for a body too slow, 503 with `Retry-After: 1` when the uploads' memory, the work's
    /// memory or the queue is full or the work ran out of time, 400 for a file or query it refuses.
    private static func respond(
        to request: Request, limits: PlaygroundLimits, origins: OriginPolicy, uploads: Allowance, on heavy: HeavyWorkQueue,
        _ work: @escaping @Sendable (Data, [String: String], ContinuousClock.Instant) throws -> PlaygroundAPI.Output
    ) async -> Response {
        // A browser sends Origin with every cross-origin POST, `text/plain` and forms included: another
        // site's page is refused before its body is read.
        guard origins.allows(request.headers[.origin]) else {
            return errorResponse(.forbidden, "this server takes files from its own page and from clients that are no web page")
        }
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > limits.bodyBytes {
            return errorResponse(.contentTooLarge, "the body is over \(limits.bodyBytes) bytes")
        }
        let reserved = declared ?? limits.bodyBytes
        guard uploads.take(reserved) else {
            return busy("the server holds as many uploads as it may: try again in a second")
        }
        defer { uploads.giveBack(reserved) }
        let body: ByteBuffer
        do {
            let seconds = limits.uploadGraceSeconds + Double(reserved) / Double(Swift.max(1, limits.minimumUploadRate))
            body = try await UploadDeadline.collect(request.body, upTo: Swift.min(reserved, limits.bodyBytes), within: seconds)
        } catch is UploadDeadline.TooSlow {
            return errorResponse(.requestTimeout, "the body came slower than \(limits.minimumUploadRate) bytes a second: send it again faster")
        } catch {
            return errorResponse(.contentTooLarge, "the body is over \(limits.bodyBytes) bytes")
        }
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        let data = Data(buffer: body), parameters = query
        do {
            // The work stops itself at the deadline (its memory let go); the answer comes then too.
            let output = try await heavy.run(stoppingAfter: workSeconds(limits)) { deadline in try work(data, parameters, deadline) }
            return Response(
                status: .ok, headers: [.contentType: output.contentType, .xContentTypeOptions: "nosniff"], body: .init(byteBuffer: ByteBuffer(bytes: output.bytes)))
        } catch is HeavyWorkQueue.Busy {
            return busy("the server is busy with other renders: try again in a second")
        } catch is HeavyWorkQueue.OutOfTime {
            return busy("the work took over \(workSeconds(limits).formatted()) s: ask for less (a smaller fit or scale, fewer samples)")
        } catch let error as PlaygroundError where error.refusal == .outOfTime {
            return busy("the work took over \(workSeconds(limits).formatted()) s (\(error.message)): ask for less (a smaller fit or scale, fewer samples)")
        } catch let error as PlaygroundError where error.refusal == .busy {
            return busy(error.message)
        } catch let error as PlaygroundError where error.refusal == .overBudget {
            return errorResponse(.contentTooLarge, error.message)
        } catch let error as PlaygroundError {
            return errorResponse(.badRequest, error.message)
        } catch {
            return errorResponse(.badRequest, "\(error)")
        }
    }

    /// A 503 with `Retry-After: 1` and `message`.
    private static func busy(_ message: String) -> Response {
        var response = errorResponse(.serviceUnavailable, message)
        response.headers[.retryAfter] = "1"
        return response
    }

    /// A JSON error body `{"error": message}` with `status`.
    static func errorResponse(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let data = (try? JSONEncoder().encode(["error": message])) ?? Data(#"{"error":"unknown"}"#.utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .xContentTypeOptions: "nosniff"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The page's files (`Resources/`: no CDN, no build step), compiled into the server so that
/// `freehand-serve` copied alone anywhere still serves its page.
enum PlaygroundPage {
    static func resource(_ name: String) -> Data? {
        switch name {
        case "index.html": Data(PackageResources.index_html)
        case "playground.js": Data(PackageResources.playground_js)
        case "tiles.js": Data(PackageResources.tiles_js)
        case "playground.css": Data(PackageResources.playground_css)
        default: nil
        }
    }
}
