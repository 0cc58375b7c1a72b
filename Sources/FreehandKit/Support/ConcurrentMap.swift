#if !hasFeature(Embedded)
import Dispatch
#endif

/// Results computed on several processor cores at once, each into its own slot, in order.
package enum ConcurrentMap {
    /// `body(0) … body(count − 1)`, in that order, the calls spread over the cores by Dispatch.
    /// `body` must be safe to call from several threads at once.
    package static func results<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            // Each call initializes only its own slot; all are set when concurrentPerform returns.
            forEachConcurrently(count) { index in (slots.base + index).initialize(to: body(index)) }
            initialized = count
        }
    }
}

extension ConcurrentMap {
    /// `body(0) … body(count − 1)`, in that order: on several cores when `maximumThreads` and the
    /// machine allow more than one and there is more than one call, else one after another here.
    package static func results<Result: Sendable>(count: Int, maximumThreads: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        Swift.min(maximumThreads, ProcessorCores.active) > 1 && count > 1 ? results(count: count, body) : (0..<count).map(body)
    }

    /// `[element(0), …, element(count − 1)]`, its two halves made on two processor cores at once
    /// when `concurrent`, each straight into its place. `element` must be safe to call from several
    /// threads at once.
    package static func array<Element>(count: Int, concurrent: Bool, _ element: @Sendable (Int) -> Element) -> [Element] {
        guard count > 0 else { return [] }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            @Sendable func fill(_ range: Range<Int>) {
                for index in range { (slots.base + index).initialize(to: element(index)) }
            }
            if concurrent && count > 1 {
                let middle = count / 2
                forEachConcurrently(2) { half in fill(half == 0 ? 0..<middle : middle..<count) }
            } else {
                fill(0..<count)
            }
            initialized = count
        }
    }
}

/// `body(0) … body(iterations − 1)`, spread over the cores by Dispatch; one after another in
/// Embedded Swift (the WebAssembly build), which has no threads.
private func forEachConcurrently(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
    #if hasFeature(Embedded)
    for index in 0..<iterations { body(index) }
    #else
    DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    #endif
}

/// The result slots of a concurrent map. Sendable by the division of the work: each call writes
/// only its own slot, and the array outlives every call.
private struct Slots<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
}
