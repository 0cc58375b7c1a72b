#if canImport(Glibc)
import Glibc
#endif

/// How a command that reads a file, works through it and exits uses the C allocator.
///
/// glibc hands every large block (above 128 KiB at first) straight back to the system when it is
/// freed, and trims the top of its heap as soon as a few hundred KiB there are free; the next large
/// block then comes back page by page, each page faulted in and zeroed by the kernel. A batch
/// command allocates and frees whole-stroke buffers one after another (the file's text, its
/// points, samples, centreline, joins, polygon, output text): with the defaults a quarter of
/// `freehand outline`'s time on a 100,000-point stroke goes to those page faults. The batch
/// commands therefore keep freed memory for reuse until they exit — the peak stays what it was, and
/// the process is short-lived. `bench` keeps the defaults, to measure what an app gets (on the pages
/// `MemoryPages` chooses).
enum BatchMemory {
    /// Blocks up to this size come from the heap and are reused after they are freed (glibc's
    /// ceiling for the setting on 64-bit systems), bytes.
    static let reusedBlockSize: Int32 = 32 << 20
    /// How much the heap grows by at a time, bytes.
    static let heapGrowth: Int32 = 8 << 20

    /// Keeps freed memory in the process for reuse; returns false where the C library has no such
    /// setting (anything but glibc).
    @discardableResult
    static func keepFreedMemory() -> Bool {
        apply([(Option.mmapThreshold, reusedBlockSize), (Option.trimThreshold, .max), (Option.topPad, heapGrowth)])
    }

    /// Keeps every freed block for reuse, the largest too: no block is mapped on its own (glibc
    /// maps those over 32 MiB whatever `keepFreedMemory` sets, and unmaps them when freed), and the
    /// heap is never trimmed. A second outline of a 1,000,000-sample stroke then reuses the first's
    /// pages instead of having the kernel fault in and zero ~500 MB again. For `bench`'s
    /// memory-reused rows (run last: the setting stays); returns false where the C library has no
    /// such setting.
    @discardableResult
    static func reuseEveryFreedBlock() -> Bool {
        apply([(Option.mmapMaximum, 0), (Option.trimThreshold, .max)])
    }

    /// glibc's `mallopt` options (their values in malloc.h).
    private enum Option {
        static let trimThreshold: Int32 = -1
        static let topPad: Int32 = -2
        static let mmapThreshold: Int32 = -3
        static let mmapMaximum: Int32 = -4
    }

    /// Applies each (option, value) with `mallopt`, in order; true when every one was taken.
    private static func apply(_ settings: [(option: Int32, value: Int32)]) -> Bool {
        #if canImport(Glibc)
        // `mallopt` is declared in malloc.h, which Swift's Glibc module leaves out: it is looked up
        // by name and called through its C signature.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        return settings.allSatisfy { mallopt($0.option, $0.value) == 1 }
        #else
        return false
        #endif
    }
}
