import FreehandKit
import FreehandRender

/// libFuzzer entry point: see `exercisePipeline`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    exercisePipeline(Array(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)),
                     through: count % 2 == 0 ? .stroke : .canvas)
    return 0
}
