import FreehandDocument
import FuzzSupport
import Foundation

/// libFuzzer entry point: the binary reader must answer any bytes with a drawing or a typed error,
/// and saving what it read must give bytes that read back to the same drawing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var limits = InkFileLimits()
    limits.maximumSamples = 100_000
    if let drawing = try? BinaryInk.drawing(from: data, limits: limits) {
        let bytes = BinaryInk.data(for: drawing)
        precondition(BinaryInk.data(for: try! BinaryInk.drawing(from: bytes)) == bytes, "binary round trip changed the bytes")
        RoundTrip.check(drawing)
    }
    return 0
}
