import FreehandDocument
import Foundation

/// libFuzzer entry point: FreehandKit JSON must answer any bytes with a drawing or a typed error,
/// and a drawing it reads must survive a save and a second read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let drawing = try? InkJSON.drawing(from: data) {
        let again = try! InkJSON.drawing(from: InkJSON.data(for: drawing))
        precondition(again == drawing, "JSON round trip changed the drawing")
    }
    return 0
}
