import FreehandDocument
import FuzzSupport
import Foundation

/// libFuzzer entry point: the InkML reader must answer any bytes with a drawing or a typed error,
/// and a drawing it reads must come back through every format (`RoundTrip`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let drawing = try? InkML.drawing(from: Data(bytes: start, count: count)) { RoundTrip.check(drawing) }
    return 0
}
