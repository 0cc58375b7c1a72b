#if canImport(CoreGraphics)
import CoreGraphics
import Foundation
import FreehandRender

extension Bitmap {
    /// The pixels of `rect` as a Core Graphics image (premultiplied RGBA, sRGB), or nil when the
    /// rectangle misses the bitmap: what a view draws for its dirty rectangle.
    public func cgImage(of rect: PixelRect) -> CGImage? {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, let space = CGColorSpace(name: CGColorSpace.sRGB),
            let provider = CGDataProvider(data: Data(pixels(in: area)) as CFData)
        else { return nil }
        return CGImage(
            width: area.width, height: area.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: area.width * 4, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue), provider: provider, decode: nil,
            shouldInterpolate: false, intent: .defaultIntent)
    }
}
#endif
