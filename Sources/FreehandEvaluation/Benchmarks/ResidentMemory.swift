import Foundation

/// This process's resident memory, for the memory workloads of `freehand bench`.
public enum ResidentMemory {
    /// The resident set now, in bytes (Linux: `VmRSS` of `/proc/self/status`; 0 where unknown).
    public static func current() -> Int {
        statusField("VmRSS") ?? 0
    }

    /// The peak resident set since the process started or since the last `resetPeak()`, in bytes
    /// (Linux: `VmHWM`; elsewhere the process's lifetime peak from `getrusage`).
    public static func peak() -> Int {
        if let peak = statusField("VmHWM") { return peak }
        var usage = rusage()
        #if os(Linux)
        let who = RUSAGE_SELF.rawValue
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(Int32(who), &usage) == 0 else { return 0 }
        #if os(Linux)
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        return Int(usage.ru_maxrss)  // bytes on Apple systems
        #endif
    }

    /// Starts a new peak at the current resident set (Linux 4.0 and later: writes 5 to
    /// `/proc/self/clear_refs`). False where the system cannot, in which case `peak()` stays the
    /// lifetime peak.
    /// Free memory the allocator keeps is first handed back to the system (glibc's `malloc_trim`),
    /// so that what a workload allocates next shows as growth rather than reusing resident pages.
    @discardableResult
    public static func resetPeak() -> Bool {
        trimAllocator()
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// Calls glibc's `malloc_trim(0)` when the process has it (looked up at run time: Swift's Glibc
    /// module does not declare it).
    private static func trimAllocator() {
        #if os(Linux)
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return }
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
