import CZlib

/// A zlib stream (RFC 1950) fed a row at a time, for PNG's image data.
struct RowCompressor: ~Copyable {
    /// zlib's state; on the heap, because zlib checks that the stream stays at one address.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)
    private var output: [UInt8] = []

    /// A stream at compression `level` (0 none … 9 smallest; -1 zlib's default).
    init(level: Int32) {
        stream.initialize(to: z_stream())
        let status = deflateInit_(stream, Swift.min(9, Swift.max(-1, level)), ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        // deflateInit fails only for lack of memory, a bad level (clamped above) or a zlib
        // header and library of different versions.
        precondition(status == Z_OK, "zlib deflateInit failed with status \(status)")
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        chunk.deallocate()
    }

    /// Compresses `bytes` (output may wait for more input).
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        run(bytes, flush: Z_NO_FLUSH)
    }

    /// Ends the stream and returns all its bytes.
    consuming func finish() -> [UInt8] {
        run([], flush: Z_FINISH)
        return output
    }

    private mutating func run(_ bytes: [UInt8], flush: Int32) {
        var input = bytes
        input.withUnsafeMutableBufferPointer { source in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            var done = false
            while !done {
                stream.pointee.next_out = chunk.baseAddress
                stream.pointee.avail_out = uInt(chunk.count)
                let status = deflate(stream, flush)
                // With input or room to write and a valid stream, deflate does not fail.
                precondition(status == Z_OK || status == Z_STREAM_END, "zlib deflate failed with status \(status)")
                output.append(contentsOf: chunk.prefix(chunk.count - Int(stream.pointee.avail_out)))
                // Without finishing, a partly filled output buffer means all input was taken.
                done = flush == Z_FINISH ? status == Z_STREAM_END : stream.pointee.avail_out != 0
            }
            stream.pointee.next_in = nil
        }
    }
}
