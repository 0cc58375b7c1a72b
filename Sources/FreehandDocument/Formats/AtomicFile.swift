import Foundation

/// Writes files so that a reader sees either the old content or the new, never a mix, and a failed
/// write leaves the old file as it was: the data goes to a temporary file in the same folder, which
/// then replaces the target with one rename.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; throws `InkFormatError.io` naming the file on failure, after
    /// removing the temporary file.
    public static func write(_ data: Data, to url: URL) throws(InkFormatError) {
        try write(data, to: url, failingAfter: nil)
    }

    /// The write, with a failure injected after `failingAfter` bytes (for tests of what a failed
    /// save leaves behind).
    static func write(_ data: Data, to url: URL, failingAfter limit: Int?) throws(InkFormatError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey: "cannot create a file in \(folder.path)"])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var offset = 0
            while offset < data.count {
                let end = Swift.min(data.count, offset + (1 << 16))
                if let limit, end > limit {
                    try handle.write(contentsOf: data[offset..<Swift.max(offset, limit)])
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "injected failure after \(limit) bytes"])
                }
                try handle.write(contentsOf: data[offset..<end])
                offset = end
            }
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .io("\(url.path): cannot write: \(error.localizedDescription)")
        }
    }

    /// Reads the file at `url`, refusing files larger than `limit` bytes.
    public static func read(_ url: URL, limit: Int) throws(InkFormatError) -> Data {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .io("\(url.path): cannot read: no such file or not accessible")
        }
        guard size <= limit else { throw .limitExceeded("\(url.path) is \(size) bytes, over the limit of \(limit)") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .io("\(url.path): cannot read: \(error.localizedDescription)")
        }
    }
}
