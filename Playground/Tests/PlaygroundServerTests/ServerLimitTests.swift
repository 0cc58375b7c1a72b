import FreehandDocument
import FreehandKit
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
@testable import PlaygroundServer
import Testing

/// The caps that keep the server's memory and time bounded whatever clients do: live sessions,
/// request bodies held at once, and a render's time.
struct ServerLimitTests {
    /// The server as `freehand-serve` runs it (live socket, idle guard), within `limits`, for a
    /// test on a loopback port. Connections idle for 5 s are closed (not 45): a connection left
    /// open by a test's client cannot hold the server's shutdown at the test's end for long.
    static func liveApplication(limits: PlaygroundLimits = PlaygroundLimits()) -> some ApplicationProtocol {
        var limits = limits
        limits.idleSeconds = Swift.min(limits.idleSeconds, 5)
        let router = Playground.router(limits: limits)
        return Application(router: router, server: Playground.server(router: router, limits: limits))
    }

    /// A WebSocket upgrade request's headers.
    static let upgradeHeaders: HTTPFields = [
        .connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13", .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
    ]

    @Test func aForeignOriginIsRefusedTheUpgrade() async throws {
        try await Application(router: Playground.router()).test(.router) { client in
            var headers = Self.upgradeHeaders
            headers[.origin] = "http://evil.example"
            try await client.execute(uri: "/live", method: .get, headers: headers) { response in
                #expect(response.status == .forbidden)
            }
            headers[.origin] = nil
            try await client.execute(uri: "/live", method: .get, headers: headers) { response in
                #expect(response.status == .ok, "no Origin: a client that is no web page")
            }
            // The router's own origins by default: a server on 127.0.0.1:8080, under every loopback name.
            for own in ["http://127.0.0.1:8080", "http://localhost:8080"] {
                headers[.origin] = own
                try await client.execute(uri: "/live", method: .get, headers: headers) { response in
                    #expect(response.status == .ok, "\(own): the page's own origin")
                }
            }
        }
    }

    /// What a session the server refuses at once sends: its frames, up to and including its close.
    static func refusedSession(port: Int) -> [RawWebSocket.Frame]? {
        guard let socket = RawWebSocket(port: port) else { return nil }
        var frames: [RawWebSocket.Frame] = []
        while let frame = socket.nextFrame() {
            frames.append(frame)
            if frame.opcode == 8 {
                socket.answerClose()
                return frames
            }
        }
        return nil
    }

    @Test func aSessionBeyondTheCapIsToldWhyAndClosedWithTryAgainLater() async throws {
        var limits = PlaygroundLimits()
        limits.sessions = 0
        try await Self.liveApplication(limits: limits).test(.live) { client in
            let port = try #require(client.port)
            let frames = try #require(await onAThreadOfItsOwn { Self.refusedSession(port: port) }, "the server sent a close")
            #expect(frames.first?.text.contains("live sessions are open") == true)
            #expect(frames.last?.closeCode == Playground.tryAgainLater)
        }
    }

    @Test func aClosedSessionFreesItsPlaceForTheNextClient() async throws {
        var limits = PlaygroundLimits()
        limits.sessions = 1
        try await Self.liveApplication(limits: limits).test(.live) { client in
            let port = try #require(client.port)
            let opened = AsyncStream<Void>.makeStream()
            let release = AsyncStream<Void>.makeStream()
            // The first session answers (so the server holds its place) and stays open until told to close.
            let first = Task {
                try await client.ws("/live") { inbound, outbound, _ in
                    try await outbound.write(.text(#"{"type":"clear"}"#))
                    for try await _ in inbound.messages(maxSize: 1 << 20) { break }
                    opened.continuation.yield()
                    for await _ in release.stream { break }
                    try await outbound.close(.normalClosure, reason: nil)
                }
            }
            for await _ in opened.stream { break }
            let refused = await onAThreadOfItsOwn { Self.refusedSession(port: port) }
            #expect(refused?.last?.closeCode == Playground.tryAgainLater, "a second session while the only place is taken")
            release.continuation.yield()
            _ = try await first.value
            // The place is given back when the first handler ends (shortly after its close).
            let answered = await onAThreadOfItsOwn { () -> Bool in
                for _ in 0..<50 {
                    guard let socket = RawWebSocket(port: port) else { return false }
                    socket.send(text: #"{"type":"clear"}"#)
                    if socket.nextFrame()?.text.contains("\"drawing\"") == true { return true }
                    Thread.sleep(forTimeInterval: 0.02)
                }
                return false
            }
            #expect(answered)
        }
    }

    /// The type of the first `drawing` or `error` message the server sends next on `socket`, or nil
    /// when the connection ended first.
    static func loadAnswer(on socket: RawWebSocket) -> String? {
        while let frame = socket.nextFrame(), frame.opcode == 1 {
            let type = (try? JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any])?["type"] as? String
            if type == "drawing" || type == "error" { return type }
        }
        return nil
    }

    @Test func aClosedSessionGivesBackTheInkItHeldForTheNextClient() async throws {
        let circle = (0..<40).map { index in
            #"{"x":\#(100 + 60 * cos(Double(index) * 0.16)),"y":\#(100 + 60 * sin(Double(index) * 0.16))}"#
        }
        let load = #"{"type":"load","data":"\#(Data(#"{"strokes":[{"points":[\#(circle.joined(separator: ","))]}]}"#.utf8).base64EncodedString())"}"#
        // The budget: one load of the circle, and less than another on top (its samples again).
        var measured = LiveSession(limits: PlaygroundLimits(), opened: nil, held: Allowance(capacity: 1 << 20))
        _ = measured.handle(load)
        var limits = PlaygroundLimits()
        limits.heldBytes = measured.heldBytes + HeldInk.drawingBytes(of: measured.editor.drawing.strokes) - 1
        try await Self.liveApplication(limits: limits).test(.live) { client in
            let port = try #require(client.port)
            let answers = await onAThreadOfItsOwn { () -> [String?] in
                guard let first = RawWebSocket(port: port) else { return [] }
                first.send(text: load)
                let loaded = Self.loadAnswer(on: first)
                first.send(text: load)
                let again = Self.loadAnswer(on: first)
                first.answerClose()
                while let frame = first.nextFrame(), frame.opcode != 8 {}
                // The ink is given back when the first handler ends (shortly after its close).
                var next: String?
                for _ in 0..<50 {
                    guard let socket = RawWebSocket(port: port) else { break }
                    socket.send(text: load)
                    next = Self.loadAnswer(on: socket)
                    if next == "drawing" { break }
                    Thread.sleep(forTimeInterval: 0.02)
                }
                return [loaded, again, next]
            }
            #expect(answers == ["drawing", "error", "drawing"], "one load fits, a second in the same session does not, the next client's does")
        }
    }

    @Test func bodiesBeyondTheUploadMemoryAreAnswered503AndEachGivesItsBytesBack() async throws {
        var limits = PlaygroundLimits()
        limits.uploadBytes = RouteTests.hey.count
        try await Application(router: Playground.router(limits: limits)).test(.router) { client in
            // Within the allowance, again and again: each request gives its bytes back.
            for _ in 0..<3 {
                try await client.execute(uri: "/render?format=svg", method: .post, body: ByteBuffer(bytes: RouteTests.hey)) { response in
                    #expect(response.status == .ok)
                }
            }
            // One byte more than the allowance: refused before it is read, with a time to retry.
            try await client.execute(uri: "/render?format=svg", method: .post, body: ByteBuffer(bytes: RouteTests.hey + [0x20])) { response in
                #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] == "1")
            }
        }
    }

    @Test func aRenderPastItsTimeBudgetIsAnswered503() async throws {
        var limits = PlaygroundLimits()
        limits.workSeconds = 0.001
        try await Application(router: Playground.router(limits: limits)).test(.router) { client in
            try await client.execute(uri: "/render?format=png&fit=4096x4096", method: .post, body: ByteBuffer(bytes: RouteTests.hey)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("took over"))
            }
        }
    }
}

/// Files the page opens go by HTTP (`POST /open`, read off the live socket) and reach the session
/// by the ticket it answers.
struct OpenedFileTests {
    @Test func aFileOpenedOverHTTPIsLoadedByItsTicketOnce() async throws {
        try await ServerLimitTests.liveApplication().test(.live) { client in
            let ticket = try await client.execute(uri: "/open", method: .post, body: ByteBuffer(bytes: RouteTests.hey)) { response -> String in
                #expect(response.status == .ok)
                let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
                return try #require(object?["ticket"])
            }
            try await client.execute(uri: "/open", method: .get) { #expect($0.status == .methodNotAllowed) }
            try await client.execute(uri: "/open", method: .post, body: ByteBuffer(string: "<nope")) { #expect($0.status == .badRequest) }
            let answers = Answers()
            try await client.ws("/live") { inbound, outbound, _ in
                try await outbound.write(.text(#"{"type":"load","ticket":"\#(ticket)"}"#))
                try await outbound.write(.text(#"{"type":"load","ticket":"\#(ticket)"}"#))
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    guard case .text(let text) = message else { continue }
                    await answers.add(text)
                    if await answers.count == 2 { break }
                }
            }
            let received = try await answers.list.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
            #expect(received.first?["type"] as? String == "drawing")
            #expect(((received.first?["strokes"] as? [Any])?.count ?? 0) > 0)
            #expect(received.last?["type"] as? String == "error", "a ticket is taken once")
        }
    }

    @Test func openedFilesWaitAtMostTheirLifetimeAndTheStoreIsBounded() {
        let store = OpenedDrawings(capacity: 2, lifetime: 60)
        let start = Date()
        let first = store.keep(Drawing(strokes: []), now: start)
        let second = store.keep(Drawing(strokes: []), now: start.addingTimeInterval(1))
        let third = store.keep(Drawing(strokes: []), now: start.addingTimeInterval(2))
        #expect(store.count == 2, "two wait at most")
        #expect(store.take(first, now: start.addingTimeInterval(3)) == nil, "the oldest made room")
        #expect(store.take(second, now: start.addingTimeInterval(3)) != nil)
        #expect(store.take(second, now: start.addingTimeInterval(3)) == nil, "taken once")
        #expect(store.take(third, now: start.addingTimeInterval(63)) == nil, "past its lifetime")
        _ = store.keep(Drawing(strokes: []), now: start.addingTimeInterval(200))
        #expect(store.count == 1, "those past their lifetime are dropped")
    }

    #if os(Linux)
    @Test func heavyWorkRunsAtALowerPriorityThanTheEventLoops() async throws {
        let queue = HeavyWorkQueue(workers: 1, waiting: 0)
        let nice = try await queue.run(stoppingAfter: 10) { _ in getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(nice >= 10, "a render's thread yields the processor to the page and the pens")
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < 10, "the test's own thread is left as it was")
    }
    #endif

    @Test func openedFilesWaitWithinASampleBudgetOldestFirstOut() {
        func drawing(_ samples: Int) -> Drawing {
            Drawing(strokes: [StrokeRecord(samples: (0..<samples).map { Sample(x: Double($0), y: 0) })])
        }
        let store = OpenedDrawings(capacity: 8, samples: 10)
        let start = Date()
        let first = store.keep(drawing(4), now: start)
        let second = store.keep(drawing(4), now: start.addingTimeInterval(1))
        #expect(store.count == 2)
        let third = store.keep(drawing(4), now: start.addingTimeInterval(2))
        #expect(store.count == 2 && store.peek(first, now: start.addingTimeInterval(3)) == nil, "the oldest made room")
        #expect(store.peek(second, now: start.addingTimeInterval(3)) != nil && store.peek(third, now: start.addingTimeInterval(3)) != nil)
        let big = store.keep(drawing(12), now: start.addingTimeInterval(4))
        #expect(store.count == 1 && store.peek(big, now: start.addingTimeInterval(5))?.sampleCount == 12, "a file over the budget waits alone")
    }

    /// The answers a session sent, gathered from its handler.
    actor Answers {
        private(set) var list: [String] = []
        var count: Int { list.count }
        func add(_ answer: String) { list.append(answer) }
    }
}

/// Every real recording of `../shared/data` opens in the page: `POST /open` reads it (a session
/// then loads it by ticket: `OpenedFileTests`) and its strokes are there. Skipped, with a note,
/// without the shared data.
struct SharedRecordingTests {
    static let folder: URL? = {
        if let override = ProcessInfo.processInfo.environment["FREEHAND_SHARED_DATA"] { return URL(fileURLWithPath: override) }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()

    /// Every `*/strokes/*.json` recording.
    static var recordings: [URL] {
        guard let folder else { return [] }
        let sources = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return sources.flatMap { source in
            ((try? FileManager.default.contentsOfDirectory(at: source.appendingPathComponent("strokes"), includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "json" }
        }.sorted { $0.path < $1.path }
    }

    @Test func everySharedRecordingOpensInThePage() async throws {
        let recordings = Self.recordings
        guard !recordings.isEmpty else {
            print("note: ../shared/data is absent; opening every shared recording is skipped")
            return
        }
        #expect(recordings.count > 250)
        try await Application(router: Playground.router()).test(.router) { client in
            // Read on the server's heavy-work threads, as the page's files are: this test's own
            // task never parses (a parse here would hold one of the two cooperative threads the
            // other tests' in-process servers answer on).
            for file in recordings {
                let data = try Data(contentsOf: file)
                try await client.execute(uri: "/open", method: .post, body: ByteBuffer(bytes: data)) { response in
                    #expect(response.status == .ok, "\(file.lastPathComponent): \(String(buffer: response.body))")
                }
                try await client.execute(uri: "/convert?to=json", method: .post, body: ByteBuffer(bytes: data)) { response in
                    let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                    #expect(((object?["strokes"] as? [Any])?.count ?? 0) > 0, "\(file.lastPathComponent): no strokes")
                }
            }
        }
    }
}
