import CZlib

/// Writes bitmaps as PNG files: 8-bit RGBA, non-interlaced, straight alpha, zlib-compressed with
/// per-row adaptive filters, CRC-32 on every chunk (PNG specification, second edition).
public enum PNGEncoder {
    /// The PNG bytes of `bitmap`. Rows are filtered and compressed one at a time: besides the
    /// result, encoding holds only a few rows.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int32 = 6) -> [UInt8] {
        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(bitmap.width))
        header.appendBigEndian(UInt32(bitmap.height))
        header += [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &output)
        var compressor = RowCompressor(level: compressionLevel)
        var previous = [UInt8](repeating: 0, count: bitmap.width * 4)
        var current = previous
        for y in 0..<bitmap.height {
            straightRow(y, of: bitmap, into: &current)
            compressor.append(filtered(current, above: previous))
            swap(&previous, &current)
        }
        appendChunk("IDAT", compressor.finish(), to: &output)
        appendChunk("IEND", [], to: &output)
        return output
    }

    /// Row `y` of `bitmap` with straight (not premultiplied) alpha.
    private static func straightRow(_ y: Int, of bitmap: Bitmap, into row: inout [UInt8]) {
        let start = y * bitmap.width * 4
        for index in stride(from: 0, to: row.count, by: 4) {
            let alpha = Int(bitmap.pixels[start + index + 3])
            for channel in 0..<3 {
                let value = bitmap.pixels[start + index + channel]
                row[index + channel] = alpha > 0 && alpha < 255 ? UInt8(Swift.min(255, (Int(value) * 255 + alpha / 2) / alpha)) : value
            }
            row[index + 3] = UInt8(alpha)
        }
    }

    /// `row` with its filter byte first: the filter (None, Sub, Up, Average or Paeth) whose output
    /// has the smallest sum of absolute values — the heuristic the specification suggests. `above`
    /// is the row before (all zeros for the first row, as the specification reads it).
    static func filtered(_ row: [UInt8], above: [UInt8]) -> [UInt8] {
        var best = [UInt8](repeating: 0, count: row.count + 1), bestScore = Int.max
        var candidate = best
        row.withUnsafeBufferPointer { row in
            above.withUnsafeBufferPointer { above in
                for filter: UInt8 in 0...4 {
                    let score = candidate.withUnsafeMutableBufferPointer { out in
                        out[0] = filter
                        var score = 0
                        for i in 0..<row.count {
                            let a = i >= 4 ? Int(row[i - 4]) : 0
                            let c = i >= 4 ? Int(above[i - 4]) : 0
                            let value = UInt8(truncatingIfNeeded: Int(row[i]) - PNGFilter.predictor(filter, a: a, b: Int(above[i]), c: c))
                            out[i + 1] = value
                            score += value < 128 ? Int(value) : 256 - Int(value)
                        }
                        return score
                    }
                    if score < bestScore {
                        bestScore = score
                        swap(&best, &candidate)
                    }
                }
            }
        }
        return best
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to output: inout [UInt8]) {
        output.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        output += typeBytes
        output += data
        var checksum = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        checksum = data.withUnsafeBufferPointer { crc32(checksum, $0.baseAddress, uInt($0.count)) }
        output.appendBigEndian(UInt32(checksum))
    }
}

/// The five PNG row filters' predictors.
enum PNGFilter {
    /// The value filter `type` predicts from the left (a), above (b) and upper-left (c) bytes.
    @inline(__always)
    static func predictor(_ type: UInt8, a: Int, b: Int, c: Int) -> Int {
        switch type {
        case 1: return a
        case 2: return b
        case 3: return (a + b) / 2
        case 4:
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            if pa <= pb && pa <= pc { return a }
            return pb <= pc ? b : c
        default: return 0
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
