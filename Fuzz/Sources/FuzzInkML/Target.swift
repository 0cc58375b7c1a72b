import FreehandDocument
import Foundation

/// libFuzzer entry point: the InkML reader must answer any bytes with a drawing or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = try? InkML.drawing(from: Data(bytes: start, count: count))
    return 0
}
