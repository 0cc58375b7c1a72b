import FreehandDocument
import FreehandKit
import Foundation

/// libFuzzer entry point: recording JSON must answer any bytes with strokes or a typed error, and
/// every stroke it reads must go through the whole pipeline without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let strokes = try? RecordingJSON.strokes(from: data) {
        for stroke in strokes.prefix(8) { _ = InkStroke.outline(for: stroke.prefix(256)) }
    }
    return 0
}
