#if os(iOS) || os(visionOS)
import CoreGraphics
import FreehandRender

extension Bitmap {
    /// The pixels of `rect` as a Core Graphics image (premultiplied RGBA, sRGB), or nil when the
    /// rectangle misses the bitmap: what a view draws for its dirty rectangle.
    public func cgImage(of rect: PixelRect) -> CGImage? {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: area.width, height: area.height, bitsPerComponent: 8, bytesPerRow: area.width * 4, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
            let destination = context.data
        else { return nil }
        // The context may pad its rows: copy row by row.
        let pixels = pixels(in: area), rowBytes = area.width * 4, stride = context.bytesPerRow
        pixels.withUnsafeBytes { source in
            for row in 0..<area.height {
                (destination + row * stride).copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
            }
        }
        return context.makeImage()
    }
}
#endif
