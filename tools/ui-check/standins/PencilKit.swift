// Stand-in for Apple's PencilKit, for type-checking FreehandUI on Linux (tools/ui_check.sh). It
// mirrors the value types FreehandUI converts, as the iOS 16.5 SDK's Swift interface declares them
// (iOS 14+): "PKDrawing", "PKStroke", "PKStrokePath" (a random-access collection of points),
// "PKStrokePoint", "PKInk" and its ink type — a non-frozen enum with a raw value, so a switch over
// it needs `@unknown default` (tools/ui_check.sh builds this stand-in with library evolution, as
// Apple builds its frameworks). Bodies are placeholders: nothing here runs.
@_exported import Foundation
import CoreGraphics
import UIKit

public struct PKInkingTool {
    public enum InkType: String, Sendable {
        case pen = "com.apple.ink.pen", pencil = "com.apple.ink.pencil", marker = "com.apple.ink.marker"
    }
}

public struct PKInk {
    public typealias InkType = PKInkingTool.InkType
    public init(_ inkType: PKInk.InkType, color: UIColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)) { fatalError() }
    public var inkType: PKInk.InkType { fatalError() }
    public var color: UIColor { fatalError() }
}

public struct PKStrokePoint {
    public init(location: CGPoint, timeOffset: TimeInterval, size: CGSize, opacity: CGFloat, force: CGFloat, azimuth: CGFloat, altitude: CGFloat) {}
    public var location: CGPoint { fatalError() }
    public var timeOffset: TimeInterval { fatalError() }
    public var size: CGSize { fatalError() }
    public var opacity: CGFloat { fatalError() }
    public var azimuth: CGFloat { fatalError() }
    public var force: CGFloat { fatalError() }
    public var altitude: CGFloat { fatalError() }
}

public struct PKStrokePath: RandomAccessCollection {
    public init() {}
    public init<T: Sequence>(controlPoints: T, creationDate: Date) where T.Element == PKStrokePoint {}
    public var creationDate: Date { fatalError() }
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(index: Int) -> PKStrokePoint { fatalError() }
}

public struct PKStroke {
    public init(ink: PKInk, path: PKStrokePath, transform: CGAffineTransform = .identity, mask: UIBezierPath? = nil) {}
    public var ink: PKInk { fatalError() }
    public var transform: CGAffineTransform { fatalError() }
    public var path: PKStrokePath { fatalError() }
    public var mask: UIBezierPath? { fatalError() }
}

public struct PKDrawing {
    public init() {}
    public init<S: Sequence>(strokes: S) where S.Element == PKStroke {}
    public var strokes: [PKStroke] { fatalError() }
}
