import NIOCore
import NIOHTTP1

/// Answers a connection whose first request cannot be read as HTTP (a bad request line, a header
/// past the decoder's limits, a body framing it cannot follow) with `400 Bad Request` and closes
/// it (its sending side at once, the connection after `lingering`). Without it the server that
/// upgrades to WebSockets says nothing to such a request and holds the connection until the idle
/// guard closes it. A parse error after a request was read is left to Hummingbird, which answers
/// 400 itself.
///
/// It sits after the HTTP decoder; the answer is written from `writer`, a handler in front of the
/// HTTP encoder, as raw bytes.
final class MalformedRequestAnswer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// The handler in front of the HTTP codec whose context the raw answer is written from.
    private let writer: any ChannelHandler
    /// How long the rest of a refused request is read and dropped before its connection closes.
    static let lingering = TimeAmount.seconds(2)
    /// True once any request part went by: the error is then Hummingbird's to answer.
    private var sawRequest = false

    init(writingFrom writer: any ChannelHandler) {
        self.writer = writer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        sawRequest = true
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !sawRequest, let front = try? context.pipeline.syncOperations.context(handler: writer) else {
            context.fireErrorCaught(error)
            return
        }
        sawRequest = true
        let body = #"{"error":"the request is not HTTP/1.1 this server can read"}"#
        let text = "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\n"
            + "connection: close\r\ncontent-length: \(body.utf8.count)\r\n\r\n\(body)"
        // The answer, then the sending side closed; what the client still sends is read and dropped
        // for a moment before the connection closes: closing with unread bytes would reset the
        // connection, and the client could lose the answer.
        let channel = context.channel
        front.writeAndFlush(NIOAny(channel.allocator.buffer(string: text))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.lingering) { channel.close(promise: nil) }
        }
    }
}
