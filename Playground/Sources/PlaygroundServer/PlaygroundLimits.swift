import FreehandDocument
import Foundation

/// Bounds on what the server accepts, so that no request can make it allocate without limit.
public struct PlaygroundLimits: Sendable {
    /// The largest request body (a file to render or convert), bytes. Default 8 MiB.
    public var bodyBytes = 8 << 20
    /// The largest WebSocket message, bytes. Default 4 MiB (a `load` carries a file in base64).
    public var messageBytes = 4 << 20
    /// The most strokes in one drawing. Default 10,000.
    public var strokes = 10_000
    /// The most samples in one drawing. Default 1,000,000.
    public var samples = 1_000_000
    /// The most samples in one live stroke. Default 100,000.
    public var samplesPerStroke = 100_000
    /// The longest side of a rendered image, pixels. Default 4,096.
    public var imageSide = 4096
    /// Web origins besides the page's own (`http://host:port` as a browser sends it) whose pages
    /// may drive the server: open the live socket and post to `/render`, `/convert` and `/open`
    /// (`OriginPolicy`). Default none: another site open in the same browser cannot drive it.
    public var allowedOrigins: [String] = []
    /// How many renders and conversions run at once (each on a thread of its own, never on the
    /// event loops). Default: one per core.
    public var heavyWorkers = ProcessInfo.processInfo.activeProcessorCount
    /// How many more may wait for one; a request beyond is answered 503 with `Retry-After`. Default 8.
    public var heavyQueue = 8
    /// The longest a render or conversion may take, queued and running, before its client is
    /// answered 503, seconds; at most 0.9 × `idleSeconds` (so the answer comes before the idle
    /// guard would close the connection). Default 30. Running work still finishes on its thread
    /// (at most `heavyWorkers` at once); queued work is dropped.
    public var workSeconds = 30.0
    /// The most request bodies' bytes held in memory at once, across every client (each reserves
    /// its `Content-Length`, or `bodyBytes` without one); a body beyond is answered 503 with
    /// `Retry-After`. Default 64 MiB.
    public var uploadBytes = 64 << 20
    /// The memory the heavy work running at once may count on, bytes (0 or more), across every
    /// client: each render, conversion, live load, zoom and compare reserves its estimate
    /// (`WorkMemory`: 640 bytes a sample, 12 a pixel) before it outlines anything and gives it back
    /// when it ends; work beyond is answered 503 with `Retry-After`, work that alone needs more
    /// 413. Default 640 MiB (a drawing at the limits, a million samples, needs some 611 MiB): with
    /// `heldBytes`, `uploadBytes` and the files waiting in `OpenedDrawings` the ink's memory stays
    /// under 1 GB.
    public var workBytes = 640 << 20
    /// The memory the live sessions' ink may hold between messages, bytes (0 or more), across every
    /// session: each file a session loads and each zoom's finer outlines reserve what they hold
    /// (`HeldInk`: 32 bytes a sample, 24 an outline point) until the session closes; a load or zoom
    /// beyond is refused with a reason, the drawing left as it was. Default 160 MiB (a million
    /// smooth samples hold some 40 MB; a million-sample random scribble some 400 MB: refused).
    public var heldBytes = 160 << 20
    /// The most live sessions open at once (each holds at most `strokes` strokes and `samples`
    /// samples); an upgrade beyond is answered 503 with `Retry-After`. Default 32.
    public var sessions = 32
    /// A connection that sends nothing for this long is closed — no request, a request head or
    /// body that stalls — seconds, 1…3600. Default 45 (a render's answer must start within it; an
    /// open page's live socket is pinged every third of it and stays open).
    public var idleSeconds = 45
    /// The slowest upload served, bytes a second: a body must arrive within `uploadGraceSeconds`
    /// plus its size at this rate, else it is answered 408 and its share of `uploadBytes` given back,
    /// so that clients sending a byte now and then cannot hold the allowance. Default 64 KiB/s
    /// (an 8 MiB file: 2 minutes and 13 s).
    public var minimumUploadRate = 64 << 10
    /// The time any upload has before the minimum rate applies, seconds. Default 5.
    public var uploadGraceSeconds = 5.0

    /// The default limits.
    public init() {}

    /// The file limits for readers, from these.
    var fileLimits: InkFileLimits {
        var limits = InkFileLimits()
        limits.maximumBytes = bodyBytes
        limits.maximumStrokes = strokes
        limits.maximumSamples = samples
        return limits
    }
}
