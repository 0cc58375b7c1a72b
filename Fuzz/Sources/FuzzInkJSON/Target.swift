import FreehandDocument
import FuzzSupport
import Foundation

/// libFuzzer entry point: FreehandKit JSON must answer any bytes with a drawing or a typed error,
/// and a drawing it reads must come back through every format (`RoundTrip`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let drawing = try? InkJSON.drawing(from: data) { RoundTrip.check(drawing) }
    return 0
}
