import Foundation

/// A WebSocket client on a `RawConnection`, for the cases where the server speaks first: the
/// test framework's client can miss frames that arrive in the same read as the `101` answer (and
/// then waits for ever), so a session the server refuses at once is read here, byte by byte, with
/// the connection's read timeout.
final class RawWebSocket {
    /// A frame the server sent.
    struct Frame {
        /// The frame's opcode: 1 text, 2 binary, 8 close, 9 ping, 10 pong.
        var opcode: UInt8
        var payload: [UInt8]

        /// The payload as UTF-8 text.
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code.
        var closeCode: UInt16? {
            opcode == 8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        }
    }

    let connection: RawConnection
    private var pending: [UInt8] = []

    /// Connects to `path` on 127.0.0.1:`port` and upgrades; nil when the server did not answer `101`.
    init?(port: Int, path: String = "/live") {
        guard let connection = RawConnection(port: port) else { return nil }
        self.connection = connection
        connection.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
        let headEnd = Array("\r\n\r\n".utf8)
        while pending.firstRange(of: headEnd) == nil {
            guard let bytes = connection.receive() else { return nil }
            pending += bytes
        }
        let range = pending.firstRange(of: headEnd)!
        guard String(decoding: pending[..<range.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101") else { return nil }
        pending.removeSubrange(..<range.upperBound)
    }

    /// Sends `text` as one masked text frame (as every client must).
    func send(text: String) {
        send(opcode: 1, payload: Array(text.utf8))
    }

    /// Answers the server's close frame, as a client must, so that the server ends the connection
    /// at once instead of after its close timeout.
    func answerClose() {
        send(opcode: 8, payload: [])
    }

    private func send(opcode: UInt8, payload: [UInt8]) {
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)]
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        connection.send(bytes: frame)
    }

    /// The server's next frame, or nil when the connection ended or a read timed out first.
    func nextFrame() -> Frame? {
        while true {
            if let frame = takeFrame() { return frame }
            guard let bytes = connection.receive() else { return nil }
            pending += bytes
        }
    }

    /// The first whole (unmasked, server-sent) frame in `pending`, taken out of it.
    private func takeFrame() -> Frame? {
        guard pending.count >= 2 else { return nil }
        var length = Int(pending[1] & 0x7F), start = 2
        if length == 126 {
            guard pending.count >= 4 else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            start = 4
        } else if length == 127 {
            guard pending.count >= 10 else { return nil }
            length = pending[2..<10].reduce(0) { $0 << 8 | Int($1) }
            start = 10
        }
        guard pending.count >= start + length else { return nil }
        let frame = Frame(opcode: pending[0] & 0x0F, payload: Array(pending[start..<start + length]))
        pending.removeSubrange(..<(start + length))
        return frame
    }
}
