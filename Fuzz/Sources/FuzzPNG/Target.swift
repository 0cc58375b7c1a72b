import CZlibForFuzzing
import FreehandRender

/// libFuzzer entry point: the PNG decoder must answer any bytes with an image or a typed error.
///
/// The first byte picks how the rest is used, so that mutations reach past the checksums:
/// - 0: as the file, unchanged (signature, chunk framing and CRC checks);
/// - 1: as the file with every chunk's CRC recomputed (chunk parsing, IHDR checks, corrupt zlib);
/// - 2: as an image built around the bytes — width and height from the first two, the rest as
///   filtered scanlines compressed into a valid IDAT (unfiltering and the image checks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
    guard let mode = input.first else { return 0 }
    let body = Array(input.dropFirst())
    switch mode % 3 {
    case 1: _ = try? PNGDecoder.decode(withFixedChecksums(body))
    case 2: _ = try? PNGDecoder.decode(image(around: body))
    default: _ = try? PNGDecoder.decode(body)
    }
    return 0
}

private func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
}

private func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }

/// `bytes` with the CRC of every whole chunk after the signature replaced by the right one.
private func withFixedChecksums(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard length <= bytes.count - offset - 12 else { break }
        let value = crc(bytes[(offset + 4)..<(offset + 8 + length)])
        bytes.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: bigEndian(value))
        offset += 12 + length
    }
    return bytes
}

private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc(typeAndData[...]))
}

/// A well-formed 8-bit RGBA PNG whose size comes from the first two bytes (1…64 each) and whose
/// scanlines (filter byte and pixels) are the rest, repeated or cut to fit.
private func image(around bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 3 else { return [] }
    let width = Int(bytes[0] % 64) + 1, height = Int(bytes[1] % 64) + 1
    let source = Array(bytes.dropFirst(2))
    let raw = (0..<((width * 4 + 1) * height)).map { source[$0 % source.count] }
    var length = compressBound(uLong(raw.count))
    var compressed = [UInt8](repeating: 0, count: Int(length))
    let status = compressed.withUnsafeMutableBufferPointer { out in
        raw.withUnsafeBufferPointer { compress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
    }
    guard status == Z_OK else { return [] }
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", Array(compressed.prefix(Int(length)))) + chunk("IEND", [])
}
