import Foundation
#if canImport(Glibc)
import Glibc
/// The C library's read(2) and write(2), by a name that does not clash with the Swift methods.
private let systemRead = Glibc.read, systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read, systemWrite = Darwin.write
#endif

/// Saves that change the content and nothing else, and reads bounded by a limit.
///
/// A regular file is written atomically: the data goes to a temporary file in the same folder
/// (`.NAME.freehandkit.PID.UUID.tmp`, NAME shortened for a long name), which then replaces the target with one rename, so a reader sees the old
/// content or the new, never a mix, and a failed write leaves the old file as it was. The new file
/// keeps the old one's permission bits and (where the process may set it) its owner and group. A
/// symbolic link is followed: its target is replaced and the link stays. A read-only file is refused.
/// Devices, FIFOs and sockets (`/dev/stdout`, `/dev/null`, a pipe) are written directly, never
/// replaced by a file. Temporaries left by a save of this library that was killed (their name
/// carries `freehandkit` and the id of a process that is gone) are removed by the next save to the
/// same folder; no other file is ever removed, whatever its name.
public enum AtomicFile {
    /// Writes `data` to `url` as described above; throws `InkFormatError.io` naming the file on
    /// failure, after removing the temporary file.
    public static func write(_ data: Data, to url: URL) throws(InkFormatError) {
        try write([data], to: url, failingAfter: nil)
    }

    /// Writes `parts` one after another as the file's content, the same way (a big output made in
    /// parts is saved without first being copied into one buffer).
    package static func write<Part: ContiguousBytes>(parts: [Part], to url: URL) throws(InkFormatError) {
        try write(parts, to: url, failingAfter: nil)
    }

    /// The write, with a failure injected after `failingAfter` bytes (for tests of what a failed
    /// save leaves behind).
    static func write(_ data: Data, to url: URL, failingAfter limit: Int?) throws(InkFormatError) {
        try write([data], to: url, failingAfter: limit)
    }

    /// The write of `parts`, with a failure injected after `failingAfter` bytes.
    static func write<Part: ContiguousBytes>(_ data: [Part], to url: URL, failingAfter limit: Int?) throws(InkFormatError) {
        let target = resolvingLinks(url.path)
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                guard status.st_mode & 0o222 != 0 else { throw .io("\(url.path): cannot write: the file is read-only") }
            case S_IFDIR:
                throw .io("\(url.path): cannot write: it is a folder")
            default:
                try writeDirectly(data, to: target, named: url.path)
                return
            }
        }
        let folder = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        // Temporaries that killed saves left in the folder are removed on another thread while this
        // save writes and waits for the disk (a big folder takes milliseconds to list); this
        // save's own temporary names a running process, so it is never one of them.
        let cleanup = DispatchGroup()
        DispatchQueue.global(qos: .utility).async(group: cleanup) { removeAbandonedTemporaries(in: folder) }
        defer { cleanup.wait() }
        let temporary = "\(folder)/" + temporaryName(for: name)
        let mode = exists ? status.st_mode & 0o7777 : 0o666
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw .io("\(url.path): cannot write: \(errorText()) (creating a file in \(folder))") }
        do throws(InkFormatError) {
            defer { close(descriptor) }
            if exists {
                // Exactly the old bits (the umask applied at creation), and the old owner where allowed.
                _ = fchmod(descriptor, mode_t(mode))
                if status.st_uid != geteuid() || status.st_gid != getegid() { _ = fchown(descriptor, status.st_uid, status.st_gid) }
            }
            try writeAll(data, to: descriptor, failingAfter: limit)
            guard fsync(descriptor) == 0 else { throw .io(errorText()) }
            guard rename(temporary, target) == 0 else { throw .io(errorText()) }
        } catch {
            unlink(temporary)
            throw .io("\(url.path): cannot write: \(detail(of: error))")
        }
    }

    /// Reads the file at `url`, refusing more than `limit` bytes. Regular files are checked by size
    /// before reading; devices and pipes are read against the limit as they stream.
    public static func read(_ url: URL, limit: Int) throws(InkFormatError) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("\(url.path): cannot read: \(errorText())") }
        defer { close(descriptor) }
        var status = stat()
        var expectedSize = 0
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw .io("\(url.path): cannot read: it is a folder") }
            if status.st_mode & S_IFMT == S_IFREG {
                if Int(status.st_size) > limit {
                    throw .limitExceeded("\(url.path) is \(status.st_size) bytes, over the limit of \(limit)")
                }
                expectedSize = Int(status.st_size)
            }
        }
        return try readAll(descriptor, limit: limit, expectedSize: expectedSize, named: url.path)
    }

    /// Reads standard input to its end, refusing more than `limit` bytes as soon as they arrive
    /// (never holding more than the limit and one chunk).
    public static func readStandardInput(limit: Int) throws(InkFormatError) -> Data {
        try readAll(STDIN_FILENO, limit: limit, named: "standard input")
    }

    /// Writes `data` to standard output; throws `InkFormatError.io` when it cannot (a full disk,
    /// `/dev/full`, a closed pipe).
    public static func writeStandardOutput(_ data: Data) throws(InkFormatError) {
        try writeStandardOutput(parts: [data])
    }

    /// Writes `parts` one after another to standard output, the same way.
    package static func writeStandardOutput<Part: ContiguousBytes>(parts data: [Part]) throws(InkFormatError) {
        do throws(InkFormatError) {
            try writeAll(data, to: STDOUT_FILENO, failingAfter: nil)
        } catch {
            throw .io("standard output: cannot write: \(detail(of: error))")
        }
    }

    /// Reads `descriptor` to its end; `expectedSize` (a regular file's size, within the limit) is
    /// reserved at once, so the data is not moved as it grows.
    private static func readAll(_ descriptor: Int32, limit: Int, expectedSize: Int = 0, named name: String) throws(InkFormatError) -> Data {
        var data = Data()
        if expectedSize > 0 { data.reserveCapacity(expectedSize) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io("\(name): cannot read: \(errorText())")
            }
            guard data.count + count <= limit else {
                throw .limitExceeded("\(name) is over the limit of \(limit) bytes")
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    private static func writeDirectly<Part: ContiguousBytes>(_ data: [Part], to path: String, named name: String) throws(InkFormatError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("\(name): cannot write: \(errorText())") }
        defer { close(descriptor) }
        do throws(InkFormatError) {
            try writeAll(data, to: descriptor, failingAfter: nil)
        } catch {
            throw .io("\(name): cannot write: \(detail(of: error))")
        }
    }

    /// Writes `parts` in order to `descriptor`, in chunks of at most 64 KiB.
    private static func writeAll<Part: ContiguousBytes>(_ parts: [Part], to descriptor: Int32, failingAfter limit: Int?) throws(InkFormatError) {
        var total = 0
        for part in parts {
            let failure: InkFormatError? = part.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return nil }
                var offset = 0
                while offset < raw.count {
                    var end = Swift.min(raw.count, offset + (1 << 16))
                    if let limit, total + end > limit {
                        end = Swift.max(offset, limit - total)
                        _ = systemWrite(descriptor, base + offset, end - offset)
                        return .io("injected failure after \(limit) bytes")
                    }
                    let written = systemWrite(descriptor, base + offset, end - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return .io(errorText())
                    }
                    offset += written
                }
                total += raw.count
                return nil
            }
            if let failure { throw failure }
        }
    }

    /// `path` with every symbolic link along its final component followed (at most 40 hops, as the
    /// kernel allows); a dangling link gives the path it points to, so the save creates it.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
                  let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// The word in every temporary file's name that says this library made it.
    static let temporaryMarker = "freehandkit"

    /// Removes `.NAME.freehandkit.PID.UUID.tmp` files in `folder` whose process no longer runs (a
    /// save of this library killed midway). A name without the marker, a valid UUID and a process
    /// id is another program's and is left alone.
    /// The temporary file's name for a save to `name`: `.NAME.freehandkit.PID.UUID.tmp`, NAME cut
    /// (at a character) so that the whole stays within the 255 bytes a file name may have, and a
    /// long but legal name still saves.
    static func temporaryName(for name: String) -> String {
        let suffix = ".\(temporaryMarker).\(getpid()).\(UUID().uuidString).tmp"
        let room = Self.longestFileName - 1 - suffix.utf8.count
        var kept = "", bytes = 0
        for scalar in name.unicodeScalars {
            let length = String(scalar).utf8.count
            guard bytes + length <= room else { break }
            kept.unicodeScalars.append(scalar)
            bytes += length
        }
        return "." + kept + suffix
    }

    /// The longest file name, in bytes (NAME_MAX on Linux and the Apple systems).
    static let longestFileName = 255

    static func removeAbandonedTemporaries(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 5, parts[parts.count - 3] == temporaryMarker, UUID(uuidString: String(parts[parts.count - 1])) != nil,
                let pid = Int32(parts[parts.count - 2]), pid > 0
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink("\(folder)/\(name)") }
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    private static func detail(of error: InkFormatError) -> String {
        if case .io(let text) = error { return text }
        return error.description
    }
}
