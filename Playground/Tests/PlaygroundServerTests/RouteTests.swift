import Foundation
import FreehandKit
import FreehandRender
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
@testable import PlaygroundServer
import Testing

/// Every route over HTTP (in process) and the live WebSocket on a loopback port.
struct RouteTests {
    /// The library's bundled sample ink ("hey", perfect-freehand's test input, MIT).
    static let hey: Data = (try? Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/freehand/SampleInk/hey.json"))) ?? Data()

    static func application(limits: PlaygroundLimits = PlaygroundLimits()) -> some ApplicationProtocol {
        Application(router: Playground.router(limits: limits))
    }

    @Test func theSampleInkIsThere() {
        #expect(Self.hey.count > 1000)
    }

    @Test func thePageAndItsScriptAreServed() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("playground.js") && String(buffer: response.body).contains("tiles.js"))
            }
            for script in ["/playground.js", "/tiles.js"] {
                try await client.execute(uri: script, method: .get) { response in
                    #expect(response.status == .ok && response.headers[.contentType]?.contains("javascript") == true, "\(script)")
                    #expect(response.body.readableBytes > 1000, "\(script)")
                }
            }
            // The menus' names are the library's catalogues.
            try await client.execute(uri: "/catalog.js", method: .get) { response in
                let script = String(buffer: response.body)
                #expect(response.status == .ok && response.headers[.contentType]?.contains("javascript") == true)
                #expect(BrushCatalog.names.allSatisfy { script.contains("\"\($0)\"") } && script.contains("\"fountain-pen\""))
                #expect(TechniqueCatalog.names.allSatisfy { script.contains("\"\($0)\"") })
                // The menus start where a session starts (the page once opened on "linear", the
                // catalogue's first name, and sent it as its first setting).
                #expect(script.contains("\"defaults\":{\"technique\":\"\(TechniqueCatalog.defaultName)\",\"brush\":\"pressure\"}"))
            }
        }
    }

    @Test func thePageIsServedWithNoSniffingAndAPolicyAndTheAPIRefusesOtherMethods() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"))
            }
            #expect(Playground.pageHeaders(host: "127.0.0.1:8080")[.contentSecurityPolicy]?.contains("connect-src 'self' ws://127.0.0.1:8080 wss://127.0.0.1:8080") == true)
            try await client.execute(uri: "/", method: .head) { response in
                #expect(response.status == .ok && response.body.readableBytes == 0)
                #expect(response.headers[.contentType]?.contains("text/html") == true)
            }
            for path in ["/render", "/convert"] {
                for method in [HTTPRequest.Method.get, .head, .put] {
                    try await client.execute(uri: path, method: method) { response in
                        #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                        #expect(response.headers[.allow] == "POST")
                    }
                }
            }
            try await client.execute(uri: "/render?format=png", method: .post, body: ByteBuffer(bytes: Self.hey)) { response in
                #expect(response.status == .ok && response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test func aPNGTooBigForItsSamplesIsRefusedBeforeAnyOutline() async throws {
        let limit = Int(SampleValidation.coordinateLimit)
        let corners = (0..<2000).map { index in "{\"x\":\(index % 2 == 0 ? -limit : limit),\"y\":\(index % 3 == 0 ? -limit : limit),\"t\":\(Double(index) / 100)}" }
        let file = ByteBuffer(string: #"{"strokes":[{"points":["# + corners.joined(separator: ",") + "]}]}")
        try await Application(router: Playground.router()).test(.router) { client in
            try await client.execute(uri: "/render?format=png", method: .post, body: file) { response in
                #expect(response.status == .badRequest)
                // "at least": decided from the samples' span, before the strokes were outlined.
                #expect(String(buffer: response.body).contains("the image would be at least"), "\(String(buffer: response.body))")
            }
        }
    }

    @Test func onlyThePagesOwnOriginsMayDriveTheServer() {
        let policy = OriginPolicy(host: "127.0.0.1", port: 8080)
        #expect(policy.allows(nil), "a client that is no web page")
        #expect(policy.allows("http://127.0.0.1:8080") && policy.allows("http://localhost:8080") && policy.allows("http://[::1]:8080"))
        #expect(!policy.allows("http://evil.example"))
        #expect(!policy.allows("http://127.0.0.1:8081"), "another port is another site")
        #expect(!policy.allows("null"), "a sandboxed or local page")
        #expect(!policy.allows("https://127.0.0.1:8080.evil.example"))
        #expect(policy.allows("ws://localhost"), "a socket client's own URL")
        #expect(OriginPolicy(host: "127.0.0.1", port: 8080, allowing: ["http://evil.example"]).allows("http://evil.example"))
        let named = OriginPolicy(host: "192.0.2.7", port: 9000)
        #expect(named.allows("http://192.0.2.7:9000") && !named.allows("http://localhost:9000"))
        let everywhere = OriginPolicy(host: "0.0.0.0", port: 9000)
        #expect(everywhere.allows("http://127.0.0.1:9000") && !everywhere.allows("http://0.0.0.0:9000"))
    }

    /// DNS rebinding: a page on `evil.example`, whose name now resolves to this machine, sends its
    /// own name as both Origin and Host. The Host header proves nothing.
    @Test func aReboundNameIsNotThisServerWhateverItsHostHeaderSays() async throws {
        let app = Playground.application(host: "127.0.0.1", port: 0)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let status = await onAThreadOfItsOwn { () -> String? in
                guard let connection = RawConnection(port: port) else { return nil }
                connection.send(
                    "GET /live HTTP/1.1\r\nHost: evil.example:\(port)\r\nOrigin: http://evil.example:\(port)\r\nConnection: Upgrade\r\n"
                        + "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
                return connection.receive().map { String(decoding: $0.prefix(12), as: UTF8.self) }
            }
            // Refused before the upgrade (the upgrade channel answers a refused upgrade 400), never 101.
            #expect(status == "HTTP/1.1 400" || status == "HTTP/1.1 403", "answered \(status ?? "nothing")")
        }
    }

    @Test func anotherSitesPageCannotPostAFileEvenAsPlainText() async throws {
        try await Application(router: Playground.router()).test(.router) { client in
            let file = ByteBuffer(string: #"{"strokes":[{"points":[{"x":1,"y":2},{"x":30,"y":40}]}]}"#)
            for path in ["/render?format=svg", "/convert?to=json", "/open"] {
                try await client.execute(
                    uri: path, method: .post, headers: [.origin: "http://evil.example", .contentType: "text/plain"], body: file
                ) { response in
                    #expect(response.status == .forbidden, "\(path)")
                }
                try await client.execute(uri: path, method: .post, headers: [.origin: "http://127.0.0.1:8080"], body: file) { response in
                    #expect(response.status == .ok, "\(path) from the page's own origin")
                }
                try await client.execute(uri: path, method: .post, body: file) { response in
                    #expect(response.status == .ok, "\(path) from a client that is no web page")
                }
            }
        }
    }

    @Test func renderGivesPNGSVGAndPDF() async throws {
        try await Self.application().test(.router) { client in
            for (format, prefix) in [("png", "\u{89}PNG"), ("svg", "<svg"), ("pdf", "%PDF")] {
                try await client.execute(uri: "/render?format=\(format)&color=%23ff0000&scale=2", method: .post, body: ByteBuffer(bytes: Self.hey)) { response in
                    #expect(response.status == .ok, "\(format)")
                    #expect(String(decoding: Data(buffer: response.body).prefix(4), as: UTF8.self).hasPrefix(String(prefix.prefix(4))) || format == "png")
                    if format == "png" { #expect(Array(Data(buffer: response.body).prefix(4)) == [0x89, 0x50, 0x4E, 0x47]) }
                }
            }
        }
    }

    @Test func fitScalesTheInkIntoABoxAndSizeSetsTheCanvas() async throws {
        try await Self.application().test(.router) { client in
            for (query, width, height) in [("fit=300x100", 300, 100), ("size=640x480&scale=2", 1280, 960)] {
                try await client.execute(uri: "/render?format=png&\(query)", method: .post, body: ByteBuffer(bytes: Self.hey)) { response in
                    #expect(response.status == .ok, "\(query)")
                    let bytes = Array(Data(buffer: response.body))
                    // The PNG header's IHDR holds the width and height, big-endian, at bytes 16…23.
                    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
                    #expect(bytes.count > 24 && word(16) == width && word(20) == height, "\(query)")
                }
            }
            for bad in ["fit=0x10", "fit=10x10&size=10x10", "size=banana", "fit=5000x5000&scale=2"] {
                try await client.execute(uri: "/render?format=png&\(bad)", method: .post, body: ByteBuffer(bytes: Self.hey)) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                }
            }
        }
    }

    @Test func aWideBrushFittedIntoASmallBoxStaysInsideIt() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/render?format=png&fit=120x120&brush=constant&width=24", method: .post, body: ByteBuffer(bytes: Self.hey)) { response in
                #expect(response.status == .ok)
                let image = try PNGDecoder.decode(Array(Data(buffer: response.body)))
                // Every pixel of the border is paper: no ink cut at the box's edge.
                let border = (0..<image.width).flatMap { [image[$0, 0], image[$0, image.height - 1]] }
                    + (0..<image.height).flatMap { [image[0, $0], image[image.width - 1, $0]] }
                #expect(border.allSatisfy { $0.red == 255 && $0.green == 255 && $0.blue == 255 }, "ink reaches the border")
                #expect((0..<image.width).contains { x in (0..<image.height).contains { image[x, $0].red < 128 } }, "ink was drawn")
            }
        }
    }

    @Test func badOversizedAndTruncatedBodiesGetAJSONError() async throws {
        var limits = PlaygroundLimits()
        limits.bodyBytes = 4096
        try await Self.application(limits: limits).test(.router) { client in
            let cases: [(String, Data, HTTPResponse.Status)] = [
                ("/render", Data("garbage".utf8), .badRequest),
                ("/render", Self.hey.prefix(2000), .badRequest),
                ("/render?format=gif", Self.hey.prefix(3000), .badRequest),
                ("/render?technique=wobbly", Self.hey, .contentTooLarge),
                ("/render", Data(repeating: 0x20, count: 10_000), .contentTooLarge),
                ("/convert?to=nothing", Data(#"{"strokes":[]}"#.utf8), .badRequest),
            ]
            for (uri, body, status) in cases {
                try await client.execute(uri: uri, method: .post, body: ByteBuffer(bytes: body)) { response in
                    #expect(response.status == status, "\(uri)")
                    #expect(response.headers[.contentType] == "application/json")
                    let error = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
                    #expect(error?["error"]?.isEmpty == false)
                }
            }
        }
    }

    @Test func convertReadsAnyFormatAndWritesTheAskedOne() async throws {
        try await Self.application().test(.router) { client in
            let binary = try await client.execute(uri: "/convert?to=binary", method: .post, body: ByteBuffer(bytes: Self.hey)) { response in
                #expect(response.status == .ok)
                return Data(buffer: response.body)
            }
            try await client.execute(uri: "/convert?to=json", method: .post, body: ByteBuffer(bytes: binary)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix("{"))
            }
            try await client.execute(uri: "/render?format=svg&technique=linear&brush=constant&width=3", method: .post, body: ByteBuffer(bytes: binary)) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func concurrentRendersWithinTheQueueAllSucceed() async throws {
        var limits = PlaygroundLimits()
        limits.heavyQueue = 16
        try await Self.application(limits: limits).test(.router) { client in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        try await client.execute(uri: "/render?format=png", method: .post, body: ByteBuffer(bytes: Self.hey)) { $0.status }
                    }
                }
                for try await status in group { #expect(status == .ok) }
            }
        }
    }

    @Test func rendersBeyondTheQueueAreRefusedWithRetryAfterAndTheRestSucceed() async throws {
        var limits = PlaygroundLimits()
        limits.heavyWorkers = 1
        limits.heavyQueue = 0
        try await Self.application(limits: limits).test(.router) { client in
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await client.execute(uri: "/render?format=png&fit=2048x2048", method: .post, body: ByteBuffer(bytes: Self.hey)) {
                            ($0.status, $0.headers[.retryAfter])
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.contains { $0.0 == .ok })
            #expect(answers.contains { $0.0 == .serviceUnavailable }, "one worker, no waiting room: twelve at once cannot all run")
            #expect(answers.allSatisfy { $0.0 == .ok || ($0.0 == .serviceUnavailable && $0.1 == "1") })
        }
    }

    @Test func theLiveSocketTakesOneMessageOverSixteenKilobytesAndUpToFourMebibytes() async throws {
        // A WebSocket server's default frame limit is 16 KiB: hey.json in base64 is over it, and
        // used to drop the session.
        let limits = PlaygroundLimits()
        let router = Playground.router(limits: limits)
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: Playground.webSocketConfiguration(limits))))
        let load = #"{"type":"load","data":"\#(Self.hey.base64EncodedString())"}"#
        #expect(load.utf8.count > 1 << 14)
        _ = try await app.test(.live) { client in
            try await client.ws("/live", configuration: .init(maxFrameSize: limits.messageBytes)) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: limits.messageBytes).makeAsyncIterator()
                func nextText() async throws -> String? {
                    while let message = try await messages.next() {
                        if case .text(let text) = message { return text }
                    }
                    return nil
                }
                try await outbound.write(.text(load))
                let answer = try await nextText().flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                #expect(answer?["type"] as? String == "drawing")
                #expect(((answer?["strokes"] as? [Any])?.count ?? 0) > 0)
                // A message just under the documented 4 MiB is taken too.
                let point = #"{"x":12.5,"y":40.25,"t":0.5,"pressure":0.5},"#
                let count = (limits.messageBytes - 4096) * 3 / 4 / point.utf8.count
                let file = #"{"strokes":[{"points":["# + String(repeating: point, count: count).dropLast() + "]}]}"
                let big = #"{"type":"load","data":"\#(Data(file.utf8).base64EncodedString())"}"#
                #expect(big.utf8.count > limits.messageBytes - 8192 && big.utf8.count <= limits.messageBytes)
                try await outbound.write(.text(big))
                let bigAnswer = try await nextText().flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                #expect(bigAnswer?["type"] as? String == "drawing", "\(bigAnswer ?? [:])")
            }
        }
    }

    @Test func theLiveSocketAnswersAStroke() async throws {
        let router = Playground.router()
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
        try await app.test(.live) { client in
            let received = try await client.ws("/live") { inbound, outbound, _ in
                let readings = LiveSessionTests.line(from: 10, count: 8)
                try await outbound.write(.text(#"{"type":"down","id":1,"pointerType":"pen","samples":[\#(readings[0])]}"#))
                try await outbound.write(.text(#"{"type":"move","id":1,"samples":[\#(readings[1...6].joined(separator: ","))]}"#))
                try await outbound.write(.text(#"{"type":"up","id":1,"samples":[\#(readings[7])]}"#))
                var types: [String] = []
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                    types.append(object?["type"] as? String ?? "?")
                    if types.last == "drawing" || types.last == "append" { break }
                }
                // The pointer's role first; the pen-up sends the stroke it added on top, not the drawing again.
                #expect(types.prefix(2) == ["pointer", "ink"] && types.last == "append")
            }
            _ = received
        }
    }
}

/// The heavy-work queue on its own: workers, waiting room, refusal, hand-over.
struct HeavyWorkQueueTests {
    @Test func aFullQueueRefusesAtOnceAndAFreedWorkerTakesTheNextInLine() async throws {
        let queue = HeavyWorkQueue(workers: 1, waiting: 1)
        let gate = DispatchSemaphore(value: 0)
        let first = Task { try await queue.run { gate.wait(); return 1 } }
        while queue.load.running < 1 { try await Task.sleep(nanoseconds: 1_000_000) }
        let second = Task { try await queue.run { 2 } }
        while queue.load.waiting < 1 { try await Task.sleep(nanoseconds: 1_000_000) }
        await #expect(throws: HeavyWorkQueue.Busy.self) { try await queue.run { 3 } }
        gate.signal()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        #expect(queue.load.running == 0 && queue.load.waiting == 0)
        // An error thrown by the work reaches the caller and frees the worker.
        struct Failure: Error {}
        await #expect(throws: Failure.self) { try await queue.run { () throws -> Int in throw Failure() } }
        #expect(try await queue.run { 4 } == 4)
    }

    @Test func workPastItsBudgetIsAnsweredAtOnceAndKeepsItsWorkerUntilItEnds() async throws {
        let queue = HeavyWorkQueue(workers: 1, waiting: 0)
        let gate = DispatchSemaphore(value: 0)
        let started = Date()
        await #expect(throws: HeavyWorkQueue.OutOfTime.self) { try await queue.run(within: 0.05) { gate.wait(); return 1 } }
        #expect(Date().timeIntervalSince(started) < 2)
        // The late work still holds the only worker: nothing more runs until it ends.
        #expect(queue.load.running == 1)
        await #expect(throws: HeavyWorkQueue.Busy.self) { try await queue.run { 2 } }
        gate.signal()
        while queue.load.running > 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(try await queue.run(within: 5) { 3 } == 3)
    }

    @Test func anAnswerWithinItsBudgetStopsTheBudgetsTimer() async throws {
        let queue = HeavyWorkQueue(workers: 2, waiting: 4)
        for value in 0..<5 { #expect(try await queue.run(within: 30) { value } == value) }
        // Not one timer sleeps on for its 30 s once the answers are in.
        for _ in 0..<1000 where queue.load.timing > 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(queue.load.timing == 0)
    }

    @Test func workWhoseBudgetPassesWhileQueuedIsAnsweredAndNeverRuns() async throws {
        let queue = HeavyWorkQueue(workers: 1, waiting: 1)
        let gate = DispatchSemaphore(value: 0)
        let ran = Allowance(capacity: 1)
        let first = Task { try await queue.run { gate.wait(); return 1 } }
        while queue.load.running < 1 { try await Task.sleep(nanoseconds: 1_000_000) }
        await #expect(throws: HeavyWorkQueue.OutOfTime.self) { try await queue.run(within: 0.05) { _ = ran.take(); return 2 } }
        #expect(queue.load.waiting == 0, "its place in the queue is given up")
        gate.signal()
        #expect(try await first.value == 1)
        while queue.load.running > 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(ran.inUse == 0, "the late work was dropped, not run")
    }
}

/// A render whose deadline passes stops between chunks of strokes and says so (503 at the route).
struct RenderDeadlineTests {
    @Test func aRenderPastItsDeadlineStopsAndSaysItRanOutOfTime() throws {
        let ink = Data(#"{"strokes":[{"points":[{"x":10,"y":10,"t":0},{"x":60,"y":40,"t":0.05},{"x":90,"y":20,"t":0.1}]}]}"#.utf8)
        for format in ["png", "svg", "pdf"] {
            do {
                _ = try PlaygroundAPI.render(ink, query: ["format": format], limits: PlaygroundLimits(), until: .now - .seconds(1))
                Issue.record("\(format): a render past its deadline finished")
            } catch {
                #expect(error.isOutOfTime, "\(format): \(error.message)")
                #expect(error.message.contains("0 of 1 strokes"))
            }
            let done = try PlaygroundAPI.render(ink, query: ["format": format], limits: PlaygroundLimits(), until: .now + .seconds(60))
            #expect(!done.bytes.isEmpty)
        }
    }

    /// Heavy work reserves its memory from the server's budget before it outlines anything: work
    /// that alone needs more than the budget is refused 413, work that finds it taken 503, and what
    /// a render reserved is given back when it ends.
    @Test func workReservesItsMemoryFromTheServersBudget() async throws {
        let ink = Data(#"{"strokes":[{"points":[{"x":10,"y":10,"t":0},{"x":60,"y":40,"t":0.05},{"x":90,"y":20,"t":0.1}]}]}"#.utf8)
        let memory = Allowance(capacity: 1 << 30)
        for format in ["png", "svg", "pdf"] {
            _ = try PlaygroundAPI.render(ink, query: ["format": format], limits: PlaygroundLimits(), memory: memory)
            #expect(memory.inUse == 0, "\(format): given back")
        }
        #expect(memory.take((1 << 30) - 1000))
        do {
            _ = try PlaygroundAPI.render(ink, query: ["format": "png", "scale": "2"], limits: PlaygroundLimits(), memory: memory)
            Issue.record("a render found the budget taken and ran")
        } catch {
            #expect(error.refusal == .busy, "\(error.message)")
        }
        do {
            _ = try PlaygroundAPI.convert(ink, query: ["to": "inkml"], limits: PlaygroundLimits(), memory: Allowance(capacity: 1000))
            Issue.record("a conversion over the whole budget ran")
        } catch {
            #expect(error.refusal == .overBudget, "\(error.message)")
        }

        var limits = PlaygroundLimits()
        limits.workBytes = 1000
        try await Application(router: Playground.router(limits: limits)).test(.router) { client in
            try await client.execute(uri: "/render?format=svg", method: .post, body: ByteBuffer(data: ink)) { response in
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body).contains("over the 1 MiB the server gives all work"), "\(String(buffer: response.body))")
            }
        }
    }
}
