import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PlaygroundServer
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Idle and slow clients on a real loopback port are closed by the server and do not keep new
/// clients out. Every read here gives up after a few seconds (a socket timeout): a server that
/// fails to close a connection fails the test instead of hanging it.
struct IdleConnectionTests {
    /// A raw TCP connection to 127.0.0.1:`port` whose reads give up after `timeout` seconds.
    final class RawConnection {
        let descriptor: Int32

        init?(port: Int, timeout: Int = 4) {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(descriptor)
                return nil
            }
        }

        deinit { close(descriptor) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// What the server sends until it closes the connection, or nil when a read timed out.
        func readAll() -> String? {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return String(decoding: received, as: UTF8.self) }
                if count < 0 { return nil }
                received += buffer[0..<count]
            }
        }

        /// True when the server closed the connection before a read timed out.
        func isClosedByServer() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return true }
                if count < 0 { return errno == ECONNRESET }
            }
        }
    }

    @Test func idleAndStalledConnectionsAreClosedAndDoNotKeepNewClientsOut() async throws {
        var limits = PlaygroundLimits()
        limits.idleSeconds = 2
        let app = Playground.application(host: "127.0.0.1", port: 0, limits: limits)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The sockets block: on a thread of their own, never one of the few the in-process
            // server answers on.
            let outcome = await Self.onAThreadOfItsOwn { Self.idleClients(port: port, each: 70) }
            #expect(outcome.opened == (70, 70, 70))
            #expect(outcome.servedMeanwhile)
            #expect(outcome.closed == (70, 70, 70), "closed by the server: \(outcome.closed) of 70 idle, half-headed, stalled bodies each")
            #expect(outcome.seconds < 15)
            #expect(outcome.servedAfter, "the server still serves")
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

    /// `body`'s result, computed on a new thread while the caller waits without holding one.
    static func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
