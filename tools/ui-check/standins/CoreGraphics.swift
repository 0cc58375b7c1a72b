// Stand-in for Apple's CoreGraphics, for type-checking FreehandUI on Linux (tools/ui_check.sh).
// Mirrors the declarations FreehandUI uses, as the iOS SDK's Swift interface and Apple's pages
// "CGContext", "CGImage", "CGColorSpace" and "CGImageAlphaInfo" show them (iOS 16+): names,
// labels, optionality and Sendable. CGFloat, CGPoint, CGSize and CGRect come from Foundation, as
// on Linux; CFString is an opaque class here. Bodies are placeholders: nothing here runs. It
// cannot prove the real SDK agrees; it catches isolation, optionality and signature errors.
@_exported import Foundation

/// Core Foundation's string, opaque here.
public final class CFString: @unchecked Sendable {
    init() {}
}

public final class CGColorSpace: @unchecked Sendable {
    public class var sRGB: CFString { CFString() }
    public init?(name: CFString) { nil }
}

public enum CGImageAlphaInfo: UInt32, @unchecked Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

public struct CGBitmapInfo: OptionSet, @unchecked Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

public final class CGImage: @unchecked Sendable {
    init() {}
    public var width: Int { 0 }
    public var height: Int { 0 }
}

public final class CGContext {
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: UInt32
    ) { nil }
    public var data: UnsafeMutableRawPointer? { nil }
    public var bytesPerRow: Int { 0 }
    public var width: Int { 0 }
    public var height: Int { 0 }
    public func makeImage() -> CGImage? { nil }
}

/// An affine transform (iOS 2+): x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct CGAffineTransform: Equatable, Sendable {
    public var a, b, c, d, tx, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}
