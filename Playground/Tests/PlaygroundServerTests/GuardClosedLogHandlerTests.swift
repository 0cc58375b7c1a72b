import Logging
import NIOCore
@testable import PlaygroundServer
import Synchronization
import Testing

/// The server's log keeps its errors, but a connection the idle guard closed before its request
/// finished is no error line.
struct GuardClosedLogHandlerTests {
    /// The levels of the lines a `RecordingHandler` was given.
    final class Recorder: Sendable {
        let levels = Mutex<[Logger.Level]>([])
    }

    /// A handler that keeps the level of every line it is given.
    struct RecordingHandler: LogHandler {
        let recorder: Recorder
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { recorder.levels.withLock { $0.append(event.level) } }
    }

    @Test func aConnectionClosedBeforeItsUpgradeIsNoErrorLineButOtherErrorsStay() {
        let recorder = Recorder()
        var logger = Logger(label: "test") { _ in RecordingHandler(recorder: recorder) }
        logger.handler = GuardClosedLogHandler(base: logger.handler)
        logger.error("Error handling upgrade result", metadata: ["error.type": .string("\(ChannelError.inappropriateOperationForState)")])
        #expect(recorder.levels.withLock { $0 }.isEmpty, "below the log level once it is a debug line")
        logger.error("Error handling upgrade result", metadata: ["error.type": .string("some other failure")])
        logger.error("another error")
        #expect(recorder.levels.withLock { $0 } == [.error, .error])
    }
}
