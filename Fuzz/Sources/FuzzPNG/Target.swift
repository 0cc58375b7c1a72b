import FreehandRender

/// libFuzzer entry point: the PNG decoder must answer any bytes with an image or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
    _ = try? PNGDecoder.decode(bytes)
    return 0
}
