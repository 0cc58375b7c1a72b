#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandKit
import PencilKit
import UIKit

extension Drawing {
    /// The strokes of a PencilKit drawing, every reading kept (see `Drawing(pencilKit:)` for the
    /// mapping, decided and tested apart from PencilKit).
    public init(_ drawing: PKDrawing) {
        self.init(pencilKit: drawing.strokes.map { PencilKitStroke($0) })
    }
}

extension PKDrawing {
    /// A PencilKit drawing of `drawing`'s strokes, every reading PencilKit can hold
    /// (`Drawing.pencilKitStrokes`).
    public init(_ drawing: Drawing) {
        self.init(strokes: drawing.pencilKitStrokes.map { PKStroke($0) })
    }
}

extension PencilKitStroke {
    /// What `stroke` holds, as plain values.
    public init(_ stroke: PKStroke) {
        let ink: Ink = switch stroke.ink.inkType {
        case .pen: .pen
        case .pencil: .pencil
        case .marker: .marker
        @unknown default: .other(stroke.ink.inkType.rawValue)
        }
        let transform = stroke.transform
        self.init(
            ink: ink, color: RGBAColor(stroke.ink.color), creationDate: stroke.path.creationDate.timeIntervalSinceReferenceDate,
            points: stroke.path.map { point in
                PencilKitPoint(
                    location: Point2D(Double(point.location.x), Double(point.location.y)), timeOffset: point.timeOffset,
                    size: Point2D(Double(point.size.width), Double(point.size.height)), opacity: Double(point.opacity), force: Double(point.force),
                    azimuth: Double(point.azimuth), altitude: Double(point.altitude))
            },
            transform: Transform2D(
                a: Double(transform.a), b: Double(transform.b), c: Double(transform.c), d: Double(transform.d), tx: Double(transform.tx),
                ty: Double(transform.ty)),
            isMasked: stroke.mask != nil)
    }
}

extension PKStroke {
    /// A PencilKit stroke of `stroke`'s values.
    public init(_ stroke: PencilKitStroke) {
        let type: PKInk.InkType = switch stroke.ink {
        case .pen: .pen
        case .pencil: .pencil
        case .marker: .marker
        case .other(let name): PKInk.InkType(rawValue: name) ?? .pen
        }
        let color = stroke.color
        let ink = PKInk(type, color: UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha)))
        let points = stroke.points.map { point in
            PKStrokePoint(
                location: CGPoint(x: point.location.x, y: point.location.y), timeOffset: point.timeOffset,
                size: CGSize(width: point.size.x, height: point.size.y), opacity: CGFloat(point.opacity), force: CGFloat(point.force),
                azimuth: CGFloat(point.azimuth), altitude: CGFloat(point.altitude))
        }
        let path = PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: stroke.creationDate))
        let map = stroke.transform
        self.init(
            ink: ink, path: path,
            transform: CGAffineTransform(a: CGFloat(map.a), b: CGFloat(map.b), c: CGFloat(map.c), d: CGFloat(map.d), tx: CGFloat(map.tx), ty: CGFloat(map.ty)))
    }
}

extension RGBAColor {
    /// `color`'s sRGB channels (clamped to 0…1; black when UIKit cannot give them).
    init(_ color: UIColor) {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 1
        guard color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) else {
            self = .black
            return
        }
        self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}
#endif
