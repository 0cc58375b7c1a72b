import CZlib

/// Why PNG bytes could not be read.
public enum PNGError: Error, Hashable, Sendable {
    /// Not a PNG, a truncated one, a chunk with a bad CRC, or one this decoder does not handle (it
    /// reads the 8-bit RGBA, non-interlaced files `PNGEncoder` writes); the text says which.
    case unreadable(String)
}

/// Reads the PNG files `PNGEncoder` writes (8-bit RGBA, non-interlaced), checking every CRC: for
/// golden-image tests and round trips.
public enum PNGDecoder {
    /// The image in `bytes`, premultiplied; throws `PNGError` for anything else.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Bitmap {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .unreadable("no PNG signature")
        }
        var offset = 8
        var width = 0, height = 0
        var compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = Int(bytes.readBigEndian(at: offset))
            guard length <= bytes.count - offset - 12 else { throw .unreadable("truncated chunk") }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let stored = bytes.readBigEndian(at: offset + 8 + length)
            let computed = typeAndData.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            guard stored == computed else { throw .unreadable("bad CRC") }
            let type = String(decoding: typeAndData[0..<4], as: UTF8.self)
            let data = Array(typeAndData[4...])
            switch type {
            case "IHDR":
                guard data.count == 13, data[8] == 8, data[9] == 6, data[12] == 0 else { throw .unreadable("not 8-bit RGBA non-interlaced") }
                width = Int(data.readBigEndian(at: 0))
                height = Int(data.readBigEndian(at: 4))
                guard width > 0, height > 0, width <= ImageLimits.maximumSide, height <= ImageLimits.maximumSide,
                      width * height <= ImageLimits.maximumPixels else { throw .unreadable("bad size (over ImageLimits)") }
            case "IDAT": compressed += data
            case "IEND": return try image(width: width, height: height, compressed: compressed)
            default: break
            }
            offset += 12 + length
        }
        throw .unreadable("no IEND")
    }

    private static func image(width: Int, height: Int, compressed: [UInt8]) throws(PNGError) -> Bitmap {
        let rowBytes = width * 4
        // Deflate expands at most about 1032:1: a few bytes cannot claim a huge image.
        guard (rowBytes + 1) * height <= compressed.count * 1032 + 1024 else { throw .unreadable("image data too short for its size") }
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var length = uLong(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(length) == raw.count else { throw .unreadable("bad image data") }
        var bitmap = Bitmap(width: width, height: height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            guard filter <= 4 else { throw .unreadable("bad filter") }
            for i in 0..<rowBytes {
                let a = i >= 4 ? Int(current[i - 4]) : 0, b = Int(previous[i]), c = i >= 4 ? Int(previous[i - 4]) : 0
                current[i] = UInt8(truncatingIfNeeded: Int(raw[y * (rowBytes + 1) + 1 + i]) + PNGFilter.predictor(filter, a: a, b: b, c: c))
            }
            for x in 0..<width {
                let alpha = Int(current[x * 4 + 3])
                let index = (y * width + x) * 4
                for channel in 0..<3 { bitmap.pixels[index + channel] = UInt8((Int(current[x * 4 + channel]) * alpha + 127) / 255) }
                bitmap.pixels[index + 3] = UInt8(alpha)
            }
            swap(&previous, &current)
        }
        return bitmap
    }
}

extension Array where Element == UInt8 {
    func readBigEndian(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
