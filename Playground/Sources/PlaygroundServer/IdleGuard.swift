import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The server's connections with a guard in front: a connection that sends nothing for a while is
/// closed at whatever stage it is — no request yet, a request head half sent, a body stalled — so
/// that idle and slow clients cannot pile up. (Hummingbird's own idle timeout, in the server that
/// upgrades to WebSockets, starts only once a request's head has arrived.) An open page's live
/// socket stays: the server pings it well within the time, and its pongs are reads. A first request
/// that is not HTTP it can read is answered 400 and closed (`MalformedRequestAnswer`).
struct IdleGuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    /// The channel guarded.
    let base: Base
    /// How long a connection may send nothing.
    let idle: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let closer = IdleCloser()
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idle))
            try channel.pipeline.syncOperations.addHandler(closer)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            // After the HTTP decoder that base added: its parse errors pass through here.
            try channel.pipeline.syncOperations.addHandler(MalformedRequestAnswer(writingFrom: closer))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        var quiet = logger
        quiet.handler = GuardClosedLogHandler(base: logger.handler)
        await base.handle(value: value, logger: quiet)
    }
}

/// Closes its connection when `IdleStateHandler` reports it read nothing for its time.
final class IdleCloser: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
