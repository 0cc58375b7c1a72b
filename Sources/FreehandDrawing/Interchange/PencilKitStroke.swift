import FreehandKit

/// One PencilKit stroke as plain values — what `PKStroke` holds that a `Drawing` can use — so that
/// the mapping between the two is decided and tested on every platform. FreehandUI converts
/// `PKDrawing` to and from these (`Drawing(_:)`, `PKDrawing(_:)`); `Drawing(pencilKit:)` and
/// `Drawing.pencilKitStrokes` map them.
public struct PencilKitStroke: Hashable, Sendable {
    /// PencilKit's ink type.
    public enum Ink: Hashable, Sendable {
        /// `PKInk.InkType.pen`.
        case pen
        /// `PKInk.InkType.pencil`.
        case pencil
        /// `PKInk.InkType.marker`.
        case marker
        /// An ink type this mapping does not name (PencilKit's newer ones), by its raw value.
        case other(String)
    }

    /// The ink type.
    public var ink: Ink
    /// The ink's colour (`PKInk.color`), 0…1 a channel.
    public var color: RGBAColor
    /// The stroke path's creation date (`PKStrokePath.creationDate`), seconds since 1 January 2001.
    public var creationDate: Double
    /// The path's control points, in the stroke's own space.
    public var points: [PencilKitPoint]
    /// The stroke's transform (`PKStroke.transform`), from its own space to the drawing's.
    public var transform: Transform2D
    /// True when part of the stroke was erased by PencilKit's bitmap eraser (`PKStroke.mask`).
    public var isMasked: Bool

    /// A stroke of `points` in `ink` and `color`, made at `creationDate`.
    public init(ink: Ink, color: RGBAColor, creationDate: Double, points: [PencilKitPoint], transform: Transform2D = .identity, isMasked: Bool = false) {
        self.ink = ink
        self.color = color
        self.creationDate = creationDate
        self.points = points
        self.transform = transform
        self.isMasked = isMasked
    }
}

/// One control point of a PencilKit stroke path (`PKStrokePoint`).
public struct PencilKitPoint: Hashable, Sendable {
    /// Where, in points, in the stroke's own space.
    public var location: Point2D
    /// Seconds since the path's creation date.
    public var timeOffset: Double
    /// The tip's width and height in points, as PencilKit draws the point.
    public var size: Point2D
    /// The ink's opacity at the point, 0…2 (PencilKit's pencil shades with it).
    public var opacity: Double
    /// The pencil's force (1 is a normal touch).
    public var force: Double
    /// The pencil's azimuth, radians.
    public var azimuth: Double
    /// The pencil's altitude, radians (π/2 upright).
    public var altitude: Double

    /// A point with every reading PencilKit keeps.
    public init(location: Point2D, timeOffset: Double, size: Point2D, opacity: Double, force: Double, azimuth: Double, altitude: Double) {
        self.location = location
        self.timeOffset = timeOffset
        self.size = size
        self.opacity = opacity
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
    }
}
