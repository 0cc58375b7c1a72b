#if !hasFeature(Embedded)
import Foundation
#endif

/// The processor cores this process may use at once: the batch and outline code's reason to
/// start a second thread.
package enum ProcessorCores {
    /// The number of active cores (≥ 1); 1 in Embedded Swift (the WebAssembly build), which has no
    /// threads.
    package static var active: Int {
        #if hasFeature(Embedded)
        1
        #else
        ProcessInfo.processInfo.activeProcessorCount
        #endif
    }
}
