import FreehandKit

/// How new ink combines with the pixels under it.
public enum InkBlendMode: Hashable, Sendable {
    /// Ink over what is there (Porter–Duff source-over).
    case sourceOver
    /// Erase to transparent where the ink covers (Porter–Duff destination-out).
    case clear
    /// Ink multiplied with what is there (the W3C compositing spec's multiply, over): a marker
    /// tints the ink under it without hiding it; over paper it is the ink itself.
    case multiply

    /// The blend that lays down ink of `layering`.
    public init(_ layering: InkLayering) {
        switch layering {
        case .over: self = .sourceOver
        case .multiply: self = .multiply
        }
    }
}

/// An RGBA image, 8 bits per channel, premultiplied alpha, rows top to bottom.
public struct Bitmap: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels: red, green, blue, alpha for each pixel in row order; colour premultiplied by alpha.
    public internal(set) var pixels: [UInt8]

    /// A `width` × `height` image filled with `color`; a size ≤ 0 gives an empty image, a size over
    /// `ImageLimits` is clamped to it.
    public init(width: Int, height: Int, color: RGBAColor = .transparent) {
        let limited = ImageLimits.clamped(width: width, height: height)
        self.width = width <= 0 ? 0 : limited.width
        self.height = height <= 0 ? 0 : limited.height
        let pixel = Self.premultiplied(color)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        if pixel != (0, 0, 0, 0) { fill(PixelRect(width: self.width, height: self.height), with: color) }
    }

    /// All of the image.
    public var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// The premultiplied red, green, blue, alpha of the pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }

    /// Sets every pixel of `rect` to `color` (replacing, not blending).
    public mutating func fill(_ rect: PixelRect, with color: RGBAColor) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let pixel = Self.premultiplied(color)
        let word = UInt32(pixel.0) | UInt32(pixel.1) << 8 | UInt32(pixel.2) << 16 | UInt32(pixel.3) << 24
        let width = self.width
        let rowBytes = area.width * 4
        pixels.withUnsafeMutableBytes { bytes in
            for y in area.minY..<area.maxY {
                // One pixel, then copies of what is written so far, doubling (raw bytes, no rebinding).
                let start = bytes.baseAddress! + (y * width + area.minX) * 4
                start.storeBytes(of: word, as: UInt32.self)
                var done = 4
                while done < rowBytes {
                    let chunk = Swift.min(done, rowBytes - done)
                    (start + done).copyMemory(from: start, byteCount: chunk)
                    done += chunk
                }
            }
        }
    }

    /// Copies the pixels of `rect` from `source` (an image of the same size).
    public mutating func copy(_ rect: PixelRect, from source: Bitmap) {
        let area = rect.intersection(bounds).intersection(source.bounds)
        guard !area.isEmpty, source.width == width else { return }
        let rowBytes = area.width * 4
        pixels.withUnsafeMutableBufferPointer { destination in
            source.pixels.withUnsafeBufferPointer { source in
                for y in area.minY..<area.maxY {
                    let start = (y * width + area.minX) * 4
                    (destination.baseAddress! + start).update(from: source.baseAddress! + start, count: rowBytes)
                }
            }
        }
    }

    /// Moves the pixels by `offset` in place (pixel (x, y) goes to (x + offset.x, y + offset.y);
    /// what leaves the bitmap is lost) and fills what it uncovers with `color`. Returns the pixels
    /// uncovered.
    @discardableResult
    public mutating func shift(by offset: (x: Int, y: Int), filling color: RGBAColor) -> [PixelRect] {
        let kept = bounds.intersection(PixelRect(minX: offset.x, minY: offset.y, maxX: offset.x + width, maxY: offset.y + height))
        if !kept.isEmpty, offset.x != 0 || offset.y != 0 {
            let rowBytes = kept.width * 4, width = self.width
            pixels.withUnsafeMutableBytes { bytes in
                // Rows in the order that never overwrites one still to be moved.
                let rows = offset.y > 0 ? Array((kept.minY..<kept.maxY).reversed()) : Array(kept.minY..<kept.maxY)
                for y in rows {
                    let to = (y * width + kept.minX) * 4, from = ((y - offset.y) * width + kept.minX - offset.x) * 4
                    // Within a row source and destination may overlap: a memmove.
                    (bytes.baseAddress! + to).copyMemory(from: bytes.baseAddress! + from, byteCount: rowBytes)
                }
            }
        }
        let uncovered = bounds.subtracting(kept)
        for strip in uncovered { fill(strip, with: color) }
        return uncovered
    }

    /// The premultiplied RGBA bytes of `rect` (clipped to the bitmap), row after row with no
    /// padding: what a platform image of just the changed pixels is made from (a view redraws only
    /// its dirty rectangle). Empty for a rectangle outside the bitmap.
    public func pixels(in rect: PixelRect) -> [UInt8] {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return [] }
        let rowBytes = area.width * 4
        var result = [UInt8](repeating: 0, count: rowBytes * area.height)
        result.withUnsafeMutableBufferPointer { destination in
            pixels.withUnsafeBufferPointer { source in
                for y in area.minY..<area.maxY {
                    (destination.baseAddress! + (y - area.minY) * rowBytes)
                        .update(from: source.baseAddress! + (y * width + area.minX) * 4, count: rowBytes)
                }
            }
        }
        return result
    }

    /// Fills `polygon` (pixel coordinates, non-zero rule) with `color` at `opacity` (0…1), anti-aliased,
    /// blended by `mode`, optionally modulated by `grain`.
    public mutating func fill(
        _ polygon: [Point2D], color: RGBAColor, opacity: Double = 1, mode: InkBlendMode = .sourceOver, grain: Grain? = nil,
        using rasterizer: Rasterizer
    ) {
        fill(CollectionOfOne(polygon), color: color, opacity: opacity, mode: mode, grain: grain, using: rasterizer)
    }

    /// Fills the union of `polygons` (pixel coordinates, together under the non-zero rule: where
    /// they overlap they are inked once) with `color` at `opacity` (0…1), anti-aliased, blended by
    /// `mode`, optionally modulated by `grain`.
    public mutating func fill<Polygons: Sequence<[Point2D]>>(
        _ polygons: Polygons, color: RGBAColor, opacity: Double = 1, mode: InkBlendMode = .sourceOver, grain: Grain? = nil,
        using rasterizer: Rasterizer
    ) {
        let ink = Self.ink(color, opacity: opacity)
        rasterizer.rasterize(polygons, clip: bounds) { row, run in
            blend(row, run, ink: ink, mode: mode, grain: grain)
        }
    }

    /// Blends one run of coverage with premultiplied `ink` (channels 0…1).
    mutating func blend(_ y: Int, _ run: CoverageRun, ink: SIMD4<Float>, mode: InkBlendMode, grain: Grain?) {
        let width = self.width
        pixels.withUnsafeMutableBytes { PixelBlender(bytes: $0, width: width).blend(y, run, ink: ink, mode: mode, grain: grain) }
    }

    /// Blends one row of coverage with premultiplied `ink` (channels 0…1).
    mutating func blendRow(_ y: Int, first: Int, coverage: UnsafeBufferPointer<Float>, ink: SIMD4<Float>, mode: InkBlendMode, grain: Grain?) {
        let width = self.width
        pixels.withUnsafeMutableBytes {
            PixelBlender(bytes: $0, width: width).blendRow(y, first: first, coverage: coverage, ink: ink, mode: mode, grain: grain)
        }
    }

    /// `color` premultiplied and scaled by `opacity`, channels 0…1.
    static func ink(_ color: RGBAColor, opacity: Double) -> SIMD4<Float> {
        let alpha = Float(color.alpha * Swift.min(1, Swift.max(0, opacity.isFinite ? opacity : 0)))
        return SIMD4(Float(color.red) * alpha, Float(color.green) * alpha, Float(color.blue) * alpha, alpha)
    }

    static func premultiplied(_ color: RGBAColor) -> (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        return (byte(color.red * color.alpha), byte(color.green * color.alpha), byte(color.blue * color.alpha), byte(color.alpha))
    }
}
