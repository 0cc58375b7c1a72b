// Stand-in for Apple's UIKit, for type-checking FreehandUI and Examples/ on Linux
// (tools/ui_check.sh). It mirrors the declarations they use as the iOS SDK's Swift interface and
// Apple's documentation pages show them (iOS 16+): "UIResponder", "UIView", "UITouch", "UIEvent",
// "UIGestureRecognizer" (with UIGestureRecognizerSubclass's overridable members, which Swift sees
// without the submodule import that the check removes, so a file that forgets that import is not
// caught here), "UITraitCollection", "UIColor", "UIImage", "UIBezierPath",
// "UIViewController", "UINavigationItem", "UIBarButtonItem", "UIAction", "UIScrollView",
// "UIScrollViewDelegate" (its optional requirements given empty defaults here, as a Swift protocol
// cannot mark them optional off Apple's platforms), "UIPanGestureRecognizer",
// "UIPinchGestureRecognizer". What matters is kept
// exactly: UIKit's NS_SWIFT_UI_ACTOR classes are `@MainActor` (UITouch and UIEvent included),
// UIColor, UIImage and UITraitCollection are Sendable, optionality and labels as Apple's, enums
// open to `@unknown default`, `traitCollectionDidChange` deprecated in iOS 17. Bodies are
// placeholders: nothing here runs. It cannot prove the real SDK agrees; it catches the class of
// error a Linux build never sees (isolation, optionality, signatures).
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore

@MainActor
open class UIResponder: NSObject {
    override public init() {}
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}
}

public enum UIUserInterfaceStyle: Int, @unchecked Sendable {
    case unspecified = 0, light, dark
}

open class UITraitCollection: NSObject, @unchecked Sendable {
    open var displayScale: CGFloat { 0 }
    open var userInterfaceStyle: UIUserInterfaceStyle { .unspecified }
}

open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// The sRGB channels; false when the colour cannot be converted (a pattern colour).
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool { false }
    open class var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
    open class var systemBackground: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
    open class var systemBlue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open func setStroke() {}
}

// Not main-actor isolated (its header carries no NS_SWIFT_UI_ACTOR) and not Sendable; stroking
// draws into the current graphics context, as inside `UIView.draw(_:)`.
open class UIBezierPath: NSObject {
    override public init() {}
    public convenience init(rect: CGRect) { self.init() }
    open func move(to point: CGPoint) {}
    open func addLine(to point: CGPoint) {}
    open func close() {}
    open var lineWidth: CGFloat = 1
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {}
    open func stroke() {}
}

open class UIImage: NSObject, @unchecked Sendable {
    public enum Orientation: Int, @unchecked Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {}
    open func draw(in rect: CGRect) {}
}

@MainActor
open class UIView: UIResponder {
    public enum ContentMode: Int, @unchecked Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    }
    public struct AutoresizingMask: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var isOpaque = true
    open var isMultipleTouchEnabled = false
    open var backgroundColor: UIColor?
    open var contentMode = ContentMode.scaleToFill
    open var autoresizingMask: AutoresizingMask = []
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var layer: CALayer { CALayer() }
    open var gestureRecognizers: [UIGestureRecognizer]?
    open var superview: UIView? { nil }
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func layoutSubviews() {}
    open func setNeedsLayout() {}
    open func setNeedsDisplay() {}
    open func setNeedsDisplay(_ rect: CGRect) {}
    open func draw(_ rect: CGRect) {}
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use the trait change registration APIs")
    @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Use the trait change registration APIs")
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

@MainActor
open class UITouch: NSObject {
    public enum Phase: Int, @unchecked Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }
    public enum TouchType: Int, @unchecked Sendable {
        case direct = 0, indirect, pencil, indirectPointer
    }
    public struct Properties: OptionSet, @unchecked Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let force = Properties(rawValue: 1 << 0)
        public static let azimuth = Properties(rawValue: 1 << 1)
        public static let altitude = Properties(rawValue: 1 << 2)
        public static let location = Properties(rawValue: 1 << 3)
        public static let roll = Properties(rawValue: 1 << 4)
    }

    open var timestamp: TimeInterval { 0 }
    open var phase: UITouch.Phase { .began }
    open var type: UITouch.TouchType { .direct }
    open var force: CGFloat { 0 }
    open var maximumPossibleForce: CGFloat { 0 }
    open var altitudeAngle: CGFloat { 0 }
    open var majorRadius: CGFloat { 0 }
    open var estimationUpdateIndex: NSNumber? { nil }
    open var estimatedProperties: UITouch.Properties { [] }
    open var estimatedPropertiesExpectingUpdates: UITouch.Properties { [] }
    open func location(in view: UIView?) -> CGPoint { .zero }
    open func preciseLocation(in view: UIView?) -> CGPoint { .zero }
    open func azimuthAngle(in view: UIView?) -> CGFloat { 0 }
}

@MainActor
open class UIEvent: NSObject {
    open var timestamp: TimeInterval { 0 }
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? { nil }
    open func predictedTouches(for touch: UITouch) -> [UITouch]? { nil }
}

@MainActor
open class UIGestureRecognizer: NSObject {
    public enum State: Int, @unchecked Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        public static var recognized: UIGestureRecognizer.State { .ended }
    }

    override public init() {}
    open var state: UIGestureRecognizer.State = .possible
    open var isEnabled = true
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var allowedTouchTypes: [NSNumber] = []
    /// UIKit's default is true: a touch of another type (a resting finger) holds a pencil back.
    open var requiresExclusiveTouchType = true
    open var view: UIView? { nil }
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {}
    // UIGestureRecognizerSubclass
    open func reset() {}
    open func ignore(_ touch: UITouch, for event: UIEvent) {}
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}
}

/// The pencil's interactions and the user's pencil settings (a main-actor class, iOS 12.1+).
@MainActor
open class UIPencilInteraction: NSObject {
    /// The system setting "Only Draw with Apple Pencil".
    open class var prefersPencilOnlyDrawing: Bool { false }
}

public typealias UIActionHandler = (UIAction) -> Void

@MainActor
open class UIMenuElement: NSObject {}

@MainActor
open class UIMenu: UIMenuElement {}

@MainActor
open class UIAction: UIMenuElement {
    public convenience init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) { self.init() }
}

@MainActor
open class UIBarItem: NSObject {
    open var isEnabled = true
}

@MainActor
open class UIBarButtonItem: UIBarItem {
    public enum SystemItem: Int, @unchecked Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh, stop,
            camera, trash, play, pause, rewind, fastForward, undo, redo
    }
    public convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) { self.init() }
}

@MainActor
open class UINavigationItem: NSObject {
    open var title: String?
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
}

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    open var view: UIView!
    open var title: String?
    open var navigationItem: UINavigationItem { UINavigationItem() }
    open func viewDidLoad() {}
}

@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches: Int = 1
    open var maximumNumberOfTouches: Int = .max
}

@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    open var scale: CGFloat = 1
    open var velocity: CGFloat { 0 }
}

@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
}

// Apple's requirements are `optional`: a delegate implements the ones it needs.
extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
}

public struct UIEdgeInsets: Equatable, Sendable {
    public var top, left, bottom, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right) }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

@MainActor
open class UIApplication: UIResponder {}

extension UIApplication {
    /// A global constant in the SDK (UIApplicationDidReceiveMemoryWarningNotification): nonisolated.
    nonisolated public static let didReceiveMemoryWarningNotification = NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}

@MainActor
open class UIScrollView: UIView {
    open var contentOffset: CGPoint = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var adjustedContentInset: UIEdgeInsets { .zero }
    open var contentSize: CGSize = .zero
    weak open var delegate: (any UIScrollViewDelegate)?
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var zoomScale: CGFloat = 1
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {}
    open var isZooming: Bool { false }
    open var isDragging: Bool { false }
    open var isDecelerating: Bool { false }
    open var bouncesZoom = true
    open var delaysContentTouches = true
    open var showsHorizontalScrollIndicator = true
    open var showsVerticalScrollIndicator = true
    open var panGestureRecognizer: UIPanGestureRecognizer { UIPanGestureRecognizer() }
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { nil }
}
