/// A bitmap's pixels borrowed for blending runs of coverage into them: premultiplied RGBA bytes,
/// `width` pixels a row. Several threads may blend into one buffer at once in different rows (the
/// banded fill does), which a `Bitmap`'s own mutating methods cannot: Sendable on that condition,
/// which its users keep (the buffer outlives the work, and no two threads write the same row).
struct PixelBlender: @unchecked Sendable {
    /// The pixels, four bytes each, row after row.
    let bytes: UnsafeMutableRawBufferPointer
    /// Pixels per row.
    let width: Int

    /// Blends one run of coverage with premultiplied `ink` (channels 0…1).
    func blend(_ y: Int, _ run: CoverageRun, ink: SIMD4<Float>, mode: InkBlendMode, grain: Grain?) {
        switch run {
        case .varying(let first, let coverage):
            blendRow(y, first: first, coverage: coverage, ink: ink, mode: mode, grain: grain)
        case .solid(let first, let count, let coverage):
            if grain != nil {
                withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { buffer in
                    buffer.initialize(repeating: coverage)
                    blendRow(y, first: first, coverage: UnsafeBufferPointer(buffer), ink: ink, mode: mode, grain: grain)
                }
            } else {
                blendSolid(y, first: first, count: count, coverage: coverage, ink: ink, mode: mode)
            }
        }
    }

    /// Blends `count` pixels that all get the same coverage: each distinct pixel value is blended
    /// once and repeats are copied (runs over paper or over earlier ink are long and uniform).
    func blendSolid(_ y: Int, first: Int, count: Int, coverage: Float, ink: SIMD4<Float>, mode: InkBlendMode) {
        guard count > 0, let base = bytes.baseAddress else { return }
        let row = base + (y * width + first) * 4
        var lastIn: UInt32 = 0, lastOut: UInt32 = 0, known = false
        for offset in stride(from: 0, to: count * 4, by: 4) {
            let value = row.load(fromByteOffset: offset, as: UInt32.self)
            if !known || value != lastIn {
                (lastIn, lastOut, known) = (value, Self.blended(value, coverage: coverage, ink: ink, mode: mode), true)
            }
            row.storeBytes(of: lastOut, toByteOffset: offset, as: UInt32.self)
        }
    }

    /// Blends one row of coverage with premultiplied `ink` (channels 0…1).
    func blendRow(_ y: Int, first: Int, coverage: UnsafeBufferPointer<Float>, ink: SIMD4<Float>, mode: InkBlendMode, grain: Grain?) {
        let start = y * width + first
        if grain == nil, case .sourceOver = mode, let base = bytes.baseAddress, let amounts = coverage.baseAddress {
            // The common case, with nothing to decide per pixel: the run's pixels addressed from
            // its first (inside the row, so no offset can overflow).
            let pixels = base + start * 4
            for offset in 0..<coverage.count where amounts[offset] > 0 {
                let value = pixels.load(fromByteOffset: offset &* 4, as: UInt32.self)
                pixels.storeBytes(of: Self.blended(value, coverage: amounts[offset], ink: ink, mode: .sourceOver), toByteOffset: offset &* 4, as: UInt32.self)
            }
            return
        }
        for offset in 0..<coverage.count {
            var amount = coverage[offset]
            guard amount > 0 else { continue }
            if let grain { amount *= grain.value(x: first + offset, y: y) }
            let byteOffset = (start + offset) * 4
            let value = bytes.load(fromByteOffset: byteOffset, as: UInt32.self)
            bytes.storeBytes(of: Self.blended(value, coverage: amount, ink: ink, mode: mode), toByteOffset: byteOffset, as: UInt32.self)
        }
    }

    /// One pixel (its four bytes as stored) blended with `ink` at `coverage`.
    @inline(__always)
    static func blended(_ pixel: UInt32, coverage amount: Float, ink: SIMD4<Float>, mode: InkBlendMode) -> UInt32 {
        if case .multiply = mode { return multiplied(pixel, coverage: amount, ink: ink) }
        let (keep, add) = factors(coverage: amount, ink: ink, mode: mode)
        // The four channels at once: bytes to floats, scaled and added.
        return packed(channels(pixel) * keep + add)
    }

    /// A pixel's four bytes as floats 0…255.
    @inline(__always)
    private static func channels(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)))
    }

    /// Four channel values clamped to 0…255 and rounded to the nearest integer (ties to even) by
    /// adding 1.5 × 2²³, which leaves that integer in the low byte of each sum's bits — no checked
    /// conversion — as a pixel's four bytes.
    @inline(__always)
    private static func packed(_ sums: SIMD4<Float>) -> UInt32 {
        var sums = sums
        // Lane masks, no branch per channel (and NaN, which no comparison holds for, becomes 0).
        sums.replace(with: 0, where: .!(sums .>= 0))
        sums.replace(with: 255, where: sums .> 255)
        sums += 12_582_912
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(sums, to: SIMD4<UInt32>.self)), to: UInt32.self)
    }

    /// `pixel` with `ink` at `coverage` multiplied in (premultiplied, the W3C compositing spec's
    /// multiply with source-over): each colour channel becomes
    /// d·(1 − sα + s) + 255·s·(1 − dα/255), alpha sα·255 + dα·(1 − sα) — over paper the ink, over
    /// ink the product, over transparency the ink as source-over lays it.
    static func multiplied(_ pixel: UInt32, coverage amount: Float, ink: SIMD4<Float>) -> UInt32 {
        let source = ink * amount
        let destination = channels(pixel)
        return packed(destination * (SIMD4<Float>(repeating: 1 - source.w) + source) + source * (255 - destination.w))
    }

    /// The scalar form of `blended` (one channel at a time), kept to check the vector form.
    static func blendedChannelByChannel(_ pixel: UInt32, coverage amount: Float, ink: SIMD4<Float>, mode: InkBlendMode) -> UInt32 {
        if case .multiply = mode { return multiplied(pixel, coverage: amount, ink: ink) }
        let (keep, add) = factors(coverage: amount, ink: ink, mode: mode)
        func channel(_ shift: UInt32, _ add: Float) -> UInt32 {
            byte(Float((pixel >> shift) & 0xFF) * keep + add) << shift
        }
        return channel(0, add.x) | channel(8, add.y) | channel(16, add.z) | channel(24, add.w)
    }

    /// What a pixel's channels (0…255) are multiplied by and then given, blending `ink` at
    /// `coverage` by `mode`.
    @inline(__always)
    private static func factors(coverage amount: Float, ink: SIMD4<Float>, mode: InkBlendMode) -> (keep: Float, add: SIMD4<Float>) {
        switch mode {
        case .sourceOver: return (1 - ink.w * amount, ink * (amount * 255))
        case .clear: return (1 - amount * ink.w, SIMD4(repeating: 0))
        case .multiply: return (1 - ink.w * amount, ink * (amount * 255))  // (`multiplied` blends it)
        }
    }

    /// `value` clamped to 0…255 and rounded to the nearest integer (ties to even): 1.5 × 2²³ added
    /// leaves that integer in the low bits of the sum's significand — no checked conversion.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        (Swift.min(255, Swift.max(0, value)) + 12_582_912).bitPattern & 0xFF
    }
}
