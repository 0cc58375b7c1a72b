import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The server's connections with a guard in front: a connection that sends nothing for a while is
/// closed at whatever stage it is — no request yet, a request head half sent, a body stalled — so
/// that idle and slow clients cannot pile up. (Hummingbird's own idle timeout, in the server that
/// upgrades to WebSockets, starts only once a request's head has arrived.) An open page's live
/// socket stays: the server pings it well within the time, and its pongs are reads.
struct IdleGuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    /// The channel guarded.
    let base: Base
    /// How long a connection may send nothing.
    let idle: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idle))
            try channel.pipeline.syncOperations.addHandler(IdleCloser())
        }.flatMap { base.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        var quiet = logger
        quiet.handler = GuardClosedLogHandler(base: logger.handler)
        await base.handle(value: value, logger: quiet)
    }
}

/// The server's log, with one error made a debug line: the upgrade channel's "Error handling
/// upgrade result" when the connection is no longer open — what `IdleCloser` (or a client that
/// hangs up) does to a connection that never finished its request. That is the guard working, not
/// a fault, and would otherwise print an error line for every idle connection closed.
struct GuardClosedLogHandler: LogHandler {
    var base: any LogHandler

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if event.level == .error, event.message.description == "Error handling upgrade result",
           case .string(let reason)? = event.metadata?["error.type"], Self.closedConnection.contains(reason) {
            guard base.logLevel <= .debug else { return }
            event.level = .debug
        }
        base.log(event: event)
    }

    /// How NIO describes an operation on a connection already closed (`ChannelError`).
    static let closedConnection: Set<String> = ["\(ChannelError.inappropriateOperationForState)", "\(ChannelError.ioOnClosedChannel)", "\(ChannelError.alreadyClosed)"]
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
