import CZlib

/// Writes bitmaps as PNG files: 8-bit RGBA, non-interlaced, straight alpha, zlib-compressed with
/// per-row adaptive filters, CRC-32 on every chunk (PNG specification, second edition).
public enum PNGEncoder {
    /// The PNG bytes of `bitmap`.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int32 = 6) -> [UInt8] {
        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(bitmap.width))
        header.appendBigEndian(UInt32(bitmap.height))
        header += [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &output)
        appendChunk("IDAT", compress(filteredRows(bitmap), level: compressionLevel), to: &output)
        appendChunk("IEND", [], to: &output)
        return output
    }

    /// Each row with its filter byte: the filter (None, Sub, Up, Average or Paeth) whose output has
    /// the smallest sum of absolute values — the heuristic the specification suggests.
    static func filteredRows(_ bitmap: Bitmap) -> [UInt8] {
        let rowBytes = bitmap.width * 4
        let straight = unpremultiplied(bitmap)
        var result: [UInt8] = []
        result.reserveCapacity((rowBytes + 1) * bitmap.height)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<bitmap.height {
            let row = y * rowBytes
            var bestScore = Int.max, bestFilter: UInt8 = 0
            for filter: UInt8 in 0...4 {
                var score = 0
                for i in 0..<rowBytes {
                    let a = i >= 4 ? Int(straight[row + i - 4]) : 0
                    let b = y > 0 ? Int(straight[row - rowBytes + i]) : 0
                    let c = i >= 4 && y > 0 ? Int(straight[row - rowBytes + i - 4]) : 0
                    let predictor = PNGFilter.predictor(filter, a: a, b: b, c: c)
                    let value = UInt8(truncatingIfNeeded: Int(straight[row + i]) - predictor)
                    candidate[i] = value
                    score += value < 128 ? Int(value) : 256 - Int(value)
                }
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            result.append(bestFilter)
            result += best
        }
        return result
    }

    private static func unpremultiplied(_ bitmap: Bitmap) -> [UInt8] {
        var straight = bitmap.pixels
        for index in stride(from: 0, to: straight.count, by: 4) {
            let alpha = Int(straight[index + 3])
            guard alpha > 0, alpha < 255 else { continue }
            for channel in 0..<3 {
                straight[index + channel] = UInt8(Swift.min(255, (Int(straight[index + channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return straight
    }

    private static func compress(_ data: [UInt8], level: Int32) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(data.count), level)
            }
        }
        // compress2 fails only for lack of memory or a bad level; the buffer is sized by compressBound.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        return Array(output.prefix(Int(length)))
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to output: inout [UInt8]) {
        output.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        output += typeAndData
        let checksum = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
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
