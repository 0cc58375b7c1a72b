// Stand-in for Apple's QuartzCore (Core Animation), for type-checking FreehandUI on Linux
// (tools/ui_check.sh): "CALayer" (a nonisolated class, not Sendable) and "CATransaction", with the
// members FreehandUI uses, as the iOS 16.5 SDK declares them. Bodies are placeholders.
@_exported import CoreGraphics
@_exported import Foundation

open class CALayer: NSObject {
    override public init() {}
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    open var magnificationFilter: CALayerContentsFilter = .linear
    open var zPosition: CGFloat = 0
    open var isOpaque = false
    open var sublayers: [CALayer]?
    open func addSublayer(_ layer: CALayer) {}
    open func removeFromSuperlayer() {}
}

public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let resize = CALayerContentsGravity(rawValue: "resize")
}

public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
}

open class CATransaction: NSObject {
    open class func begin() {}
    open class func commit() {}
    open class func setDisableActions(_ flag: Bool) {}
}
