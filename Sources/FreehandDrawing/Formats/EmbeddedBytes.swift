#if hasFeature(Embedded)
/// Bytes, in the WebAssembly build (Embedded Swift, which has no Foundation): an array, which
/// offers every call the readers and writers make of Foundation's `Data`.
public typealias Data = [UInt8]
#endif
