#if canImport(Glibc)
import Glibc
#endif

/// Runs this program again in place of the current process, with one environment variable set.
enum ProcessRestart {
    /// Replaces the process with the same executable and arguments, `variable` set to `value`
    /// (Linux: `execv` of `/proc/self/exe`). Returns only when that failed (or on another system),
    /// with the environment as it was.
    static func replacing(setting variable: String, to value: String) {
        #if canImport(Glibc)
        guard setenv(variable, value, 1) == 0 else { return }
        var arguments: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
        fflush(nil)  // every output stream: what was printed is not printed twice
        execv("/proc/self/exe", &arguments)
        for argument in arguments { free(argument) }
        unsetenv(variable)
        #endif
    }

    /// The C library's version (`gnu_get_libc_version`), nil where the C library is not glibc.
    static var glibcVersion: String? {
        #if canImport(Glibc)
        typealias VersionFunction = @convention(c) () -> UnsafePointer<CChar>?
        guard let symbol = dlsym(nil, "gnu_get_libc_version"), let text = unsafeBitCast(symbol, to: VersionFunction.self)() else { return nil }
        return String(cString: text)
        #else
        return nil
        #endif
    }
}
