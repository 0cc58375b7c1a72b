import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PlaygroundServer
import Testing

/// Idle and slow clients on a real loopback port are closed by the server and do not keep new
/// clients out. Every read here gives up after a few seconds (a socket timeout): a server that
/// fails to close a connection fails the test instead of hanging it.
struct IdleConnectionTests {
    @Test func idleAndStalledConnectionsAreClosedAndDoNotKeepNewClientsOut() async throws {
        // 4 s: long enough that the new clients are served even while the other suites in this
        // process load both cores (at 2 s one was once closed for idling before it was read).
        var limits = PlaygroundLimits()
        limits.idleSeconds = 4
        let app = Playground.application(host: "127.0.0.1", port: 0, limits: limits)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The sockets block: on a thread of their own, never one of the few the in-process
            // server answers on.
            let outcome = await onAThreadOfItsOwn { Self.idleClients(port: port, each: 70) }
            #expect(outcome.opened == (70, 70, 70))
            #expect(outcome.servedMeanwhile)
            #expect(outcome.closed == (70, 70, 70), "closed by the server: \(outcome.closed) of 70 idle, half-headed, stalled bodies each")
            #expect(outcome.seconds < 15)
            #expect(outcome.servedAfter, "the server still serves")
        }
    }

    @Test func aStalledBodyClosedForIdlenessGivesItsUploadBytesBack() async throws {
        var limits = PlaygroundLimits()
        limits.idleSeconds = 1
        limits.uploadBytes = 1000
        let app = Playground.application(host: "127.0.0.1", port: 0, limits: limits)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (closed, status) = await onAThreadOfItsOwn { () -> (Bool, String?) in
                // The stalled body reserves the whole allowance, then sends nothing.
                guard let stalled = RawConnection(port: port) else { return (false, nil) }
                stalled.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{\"strokes\":")
                let closed = stalled.isClosedByServer()
                // Its handler ended and gave the bytes back: a small body is served, not refused 503.
                Thread.sleep(forTimeInterval: 0.2)
                guard let next = RawConnection(port: port) else { return (closed, nil) }
                let body = #"{"strokes":[]}"#
                next.send("POST /convert?to=json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                return (closed, next.readAll().map { String($0.prefix(12)) })
            }
            #expect(closed)
            #expect(status == "HTTP/1.1 200", "answered \(status ?? "nothing")")
        }
    }

    @Test func aTricklingUploadIsCutOffAndGivesItsUploadBytesBack() async throws {
        var limits = PlaygroundLimits()
        // The idle guard far off (the trickle keeps it away anyway), so that only the deadline,
        // 1 s + 1000 bytes at 1000 bytes a second, can end the upload.
        limits.idleSeconds = 8
        limits.uploadBytes = 1000
        limits.minimumUploadRate = 1000
        limits.uploadGraceSeconds = 1
        let app = Playground.application(host: "127.0.0.1", port: 0, limits: limits)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (trickled, status) = await onAThreadOfItsOwn { () -> (String?, String?) in
                // Reserves the whole allowance, then sends a byte whenever a second passed with no
                // answer. (It listens before each byte, so that a byte sent
                // after the server answered and closed cannot reset the answer away.)
                guard let slow = RawConnection(port: port, timeout: 1) else { return (nil, nil) }
                slow.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
                var answer: [UInt8]?
                for _ in 0..<15 {
                    answer = slow.receive()  // waits up to 1 s
                    if answer != nil || slow.wasClosed { break }
                    slow.send(" ")
                }
                guard let next = RawConnection(port: port) else { return (answer.map { String(decoding: $0.prefix(12), as: UTF8.self) }, nil) }
                let body = #"{"strokes":[]}"#
                next.send("POST /convert?to=json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                return (answer.map { String(decoding: $0.prefix(12), as: UTF8.self) }, next.readAll().map { String($0.prefix(12)) })
            }
            #expect(trickled == "HTTP/1.1 408", "the trickle was answered \(trickled ?? "nothing")")
            #expect(status == "HTTP/1.1 200", "then another upload was served: \(status ?? "nothing")")
        }
    }

    /// Runs `body` with the port of a server on 127.0.0.1 within `limits`.
    static func onLoopback(_ limits: PlaygroundLimits, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let app = Playground.application(host: "127.0.0.1", port: 0, limits: limits)
        try await app.test(.live) { client in try await body(try #require(client.port)) }
    }

    @Test func aRequestThatIsNotHTTPIsAnswered400AndClosedAtOnce() async throws {
        // The idle guard far off: only the answer may close these connections in time.
        var limits = PlaygroundLimits()
        limits.idleSeconds = 30
        try await Self.onLoopback(limits) { port in
            let answers = await onAThreadOfItsOwn { () -> [String?] in
                let garbage = [
                    "GARBAGE\r\n\r\n",
                    "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
                    "POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 9\r\n\r\nhello",
                    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + String(repeating: "a", count: 200_000) + "\r\n\r\n",
                ]
                return garbage.map { request in
                    guard let connection = RawConnection(port: port, timeout: 4) else { return nil }
                    connection.send(request)
                    return connection.readAll()
                }
            }
            for (index, answer) in answers.enumerated() {
                #expect(answer?.hasPrefix("HTTP/1.1 400") == true, "request \(index) was answered \(answer.map { String($0.prefix(40)) } ?? "nothing (timed out)")")
                #expect(answer?.contains(#""error""#) == true)
            }
            // The server still serves.
            let served = await onAThreadOfItsOwn { () -> String? in
                guard let fresh = RawConnection(port: port) else { return nil }
                fresh.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return fresh.readAll().map { String($0.prefix(12)) }
            }
            #expect(served == "HTTP/1.1 200")
        }
    }

    /// What happened to `each` idle, half-headed and stalled-body connections (210 in all: the
    /// issue's goal is 200 closed within 60 s without blocking new clients).
    struct Outcome: Sendable {
        var opened: (Int, Int, Int)
        var servedMeanwhile: Bool
        var closed: (Int, Int, Int)
        var seconds: Double
        var servedAfter: Bool
    }

    static func idleClients(port: Int, each: Int) -> Outcome {
        let started = Date()
        let idle = (0..<each).compactMap { _ in RawConnection(port: port) }
        let slowHead = (0..<each).compactMap { _ in RawConnection(port: port) }
        let slowBody = (0..<each).compactMap { _ in RawConnection(port: port) }
        for connection in slowHead { connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") }
        for connection in slowBody { connection.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{\"strokes\":") }
        // A new client is served meanwhile (raw too: the test client's own kept-alive connection
        // is idle as well, and closed like the others).
        func newClientIsServed() -> Bool {
            guard let fresh = RawConnection(port: port, timeout: 8) else { return false }
            fresh.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return fresh.readAll()?.hasPrefix("HTTP/1.1 200") == true
        }
        let meanwhile = newClientIsServed()
        let closed = (idle.filter { $0.isClosedByServer() }.count, slowHead.filter { $0.isClosedByServer() }.count, slowBody.filter { $0.isClosedByServer() }.count)
        let seconds = Date().timeIntervalSince(started)
        return Outcome(opened: (idle.count, slowHead.count, slowBody.count), servedMeanwhile: meanwhile, closed: closed, seconds: seconds, servedAfter: newClientIsServed())
    }
}
