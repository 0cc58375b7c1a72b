import Logging
import NIOCore

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
