/// The memory pages `freehand bench` runs on, and whether it must restart itself to get large ones.
///
/// A stroke keeps its history: a 1,000,000-sample stroke touches about 500 bytes of fresh memory
/// a sample (samples, smoothed points, spans, frozen brush properties, centreline, outline). On
/// Linux each fresh 4 KiB page of it costs a page fault — the kernel maps and zeroes it on first
/// touch, about 1.3 µs on a shared 2-core machine, 0.12 faults a sample: a third of the per-sample
/// cost of a batch outline, and none of it the library's arithmetic. With transparent huge pages
/// (2 MiB) the same stroke takes one fault per 2 MiB: appending to a long live stroke then costs
/// what it costs on a short one (the kernel still zeroes every page, which a batch outline of a
/// long stroke, touching all its memory at once, still pays).
///
/// glibc hands its large allocations to transparent huge pages only when asked at start-up
/// (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, glibc 2.35 and later) and when the kernel allows it
/// on request (`madvise` in `/sys/kernel/mm/transparent_hugepage/enabled`). So the benchmark
/// restarts itself once with that setting, unless the caller chose otherwise.
public enum MemoryPages: Equatable, Sendable {
    /// The system's default pages (4 KiB on Linux).
    case small(reason: String)
    /// glibc's allocations go to transparent huge pages.
    case huge(reason: String)
    /// Restart the process with `GLIBC_TUNABLES` set to `tunable` to get huge pages.
    case restart(tunable: String)

    /// The glibc tunable that puts malloc's memory on transparent huge pages.
    public static let hugePageTunable = "glibc.malloc.hugetlb=1"

    /// What a benchmark process should do, given its `GLIBC_TUNABLES` (nil when unset), the
    /// kernel's transparent-huge-page mode (the text of `/sys/kernel/mm/transparent_hugepage/enabled`,
    /// e.g. `always [madvise] never`; nil where there is none: not Linux) and whether the caller
    /// asked for small pages; `glibcVersion` is the C library's version (`gnu_get_libc_version`,
    /// e.g. `2.36`), nil for another C library.
    public static func choice(tunables: String?, kernelMode: String?, glibcVersion: String?, smallPagesRequested: Bool) -> MemoryPages {
        if smallPagesRequested { return .small(reason: "--small-pages") }
        guard let glibcVersion else { return .small(reason: "not glibc") }
        let parts = glibcVersion.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        let (major, minor) = (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
        guard major > 2 || (major == 2 && minor >= 35) else { return .small(reason: "glibc \(glibcVersion) has no huge-page tunable (2.35 and later)") }
        guard let kernelMode else { return .small(reason: "no transparent huge pages on this system") }
        if kernelMode.contains("[never]") { return .small(reason: "transparent huge pages are off in the kernel") }
        if kernelMode.contains("[always]") { return .huge(reason: "the kernel gives every large allocation huge pages") }
        guard kernelMode.contains("[madvise]") else { return .small(reason: "unknown transparent huge page mode") }
        guard let tunables else { return .restart(tunable: hugePageTunable) }
        if tunables.split(separator: ":").contains(where: { $0 == hugePageTunable }) {
            return .huge(reason: "GLIBC_TUNABLES=\(tunables)")
        }
        // The caller set tunables of their own: theirs stand.
        return .small(reason: "GLIBC_TUNABLES=\(tunables) (set by the caller)")
    }

    /// One line for the benchmark's header.
    public var summary: String {
        switch self {
        case .small(let reason): "memory pages: small (4 KiB on Linux; \(reason))"
        case .huge(let reason): "memory pages: transparent huge pages (\(reason))"
        case .restart(let tunable): "memory pages: restarting with GLIBC_TUNABLES=\(tunable)"
        }
    }
}
