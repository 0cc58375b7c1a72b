import FreehandDocument
import Foundation

/// libFuzzer entry point: the signature_pad reader must answer any bytes with a drawing or a typed
/// error, and write what it read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let drawing = try? SignaturePadJSON.drawing(from: Data(bytes: start, count: count)) {
        _ = try! SignaturePadJSON.data(for: drawing)
    }
    return 0
}
