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
/// the process is short-lived. `bench` keeps the defaults, to measure what an app gets.
///
/// The heap is also set up to be backed by 2 MiB pages where Linux offers them on request
/// (transparent huge pages in `madvise` mode, the common default): a quarter gigabyte of address
/// space is taken for the main heap at once and marked for huge pages. Only what is touched
/// becomes memory, one large page at a time instead of 512 small ones: `outline` on a
/// 100,000-point stroke takes ~1,600 page faults instead of ~28,600.
enum BatchMemory {
    /// Blocks up to this size come from the heap and are reused after they are freed (glibc's
    /// ceiling for the setting on 64-bit systems), bytes.
    static let reusedBlockSize: Int32 = 32 << 20
    /// How much the heap grows by at a time, bytes.
    static let heapGrowth: Int32 = 8 << 20
    /// The heap reserved and marked for huge pages at once, bytes (address space only until used;
    /// a larger need grows the heap as usual).
    static let reservedHeap: Int32 = 256 << 20

    /// Keeps freed memory in the process for reuse; returns false where the C library has no such
    /// setting (anything but glibc). With `oneHeap`, every thread allocates from the main heap —
    /// the one backed by huge pages — instead of a heap of its own: for a command whose second
    /// thread builds whole-stroke buffers (`outline` reading ahead). Commands that allocate on
    /// every core all the time keep a heap per thread (one shared heap doubles `evaluate`'s time).
    @discardableResult
    static func keepFreedMemory(oneHeap: Bool = false) -> Bool {
        #if canImport(Glibc)
        // `mallopt` is declared in malloc.h, which Swift's Glibc module leaves out: it is looked up
        // by name and called through its C signature. The options' values are glibc's.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        let (trimThreshold, topPad, mmapThreshold, arenaMaximum): (Int32, Int32, Int32, Int32) = (-1, -2, -3, -8)
        guard mallopt(mmapThreshold, reusedBlockSize) == 1, mallopt(trimThreshold, .max) == 1, mallopt(topPad, heapGrowth) == 1 else { return false }
        if oneHeap, mallopt(arenaMaximum, 1) != 1 { return false }
        // The heap grows once by `reservedHeap` (the growth setting raised for one block), is marked
        // for huge pages, and grows by `heapGrowth` from then on.
        if mallopt(topPad, reservedHeap) == 1 {
            reserveHugePageHeap()
            _ = mallopt(topPad, heapGrowth)
        }
        return true
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// Makes the heap grow (one block larger than what it has free, plus the raised growth
    /// setting), asks the kernel to back the new range with huge pages, and frees the block (kept
    /// by the heap, trimming being off). Only the block's header is written before the advice;
    /// where the kernel has no huge pages the advice is ignored and pages come as before.
    private static func reserveHugePageHeap() {
        let hugePage: UInt = 2 << 20
        guard let before = sbrk(0).map({ UInt(bitPattern: $0) }), before != UInt.max, let block = malloc(Int(hugePage)) else { return }
        if let after = sbrk(0).map({ UInt(bitPattern: $0) }), after != UInt.max {
            // From the block on (its address is used, so the compiler cannot drop the allocation
            // as unused).
            let start = (Swift.max(before, UInt(bitPattern: block)) + hugePage - 1) & ~(hugePage - 1)
            if after > start, let range = UnsafeMutableRawPointer(bitPattern: start) {
                _ = madvise(range, Int(after - start), MADV_HUGEPAGE)
            }
        }
        free(block)
    }
    #endif
}
