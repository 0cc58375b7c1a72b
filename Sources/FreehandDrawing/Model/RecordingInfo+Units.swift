import FreehandKit

extension RecordingInfo {
    /// Points per coordinate unit, read from the free-text `units` description: UIKit points and
    /// Flutter logical pixels 1, CSS pixels 0.75 (96 per inch), millimetres 72/25.4, Wacom tablet
    /// units (0.01 mm) 0.72/25.4. Absent or unknown descriptions count as points.
    public var pointsPerUnit: Double { unitScale.pointsPerUnit }

    /// Points per unit when the ink is drawn: physical units (tablet counts, millimetres) at their
    /// size on paper (`pointsPerUnit`); screen units — points, CSS and logical pixels — one unit per
    /// point, so that ink recorded on a screen is drawn as the screen showed it at 1×.
    public var drawnPointsPerUnit: Double { unitScale.isPhysical ? unitScale.pointsPerUnit : 1 }

    /// True when `units` says the y axis points up (as a WinTab tablet's does), not down as on screens.
    public var yAxisPointsUp: Bool {
        guard let units = units?.lowercased() else { return false }
        return units.mentions("y axis points up") || units.mentions("y up")
    }

    /// The map from these units to points with y down (see `Drawing.inPoints`) for ink at
    /// `locations` (the mirror keeps their vertical extent in place); nil when there is nothing to do.
    public func transformToPoints<Locations: Sequence<Point2D>>(locations: Locations) -> Transform2D? {
        let factor = drawnPointsPerUnit, mirrored = yAxisPointsUp
        guard factor != 1 || mirrored else { return nil }
        var transform = Transform2D(scale: factor)
        if mirrored {
            transform.d = -factor
            transform.ty = Rect2D(enclosing: locations.filter { $0.isFinite }).map { ($0.min.y + $0.max.y) * factor } ?? 0
        }
        return transform
    }

    private var unitScale: (pointsPerUnit: Double, isPhysical: Bool) {
        guard let units = units?.lowercased() else { return (1, false) }
        if units.mentions("tablet units") { return (0.72 / 25.4, true) }
        if units.mentions("millimetre") || units.mentions("millimeter") { return (72 / 25.4, true) }
        if units.mentions("css px") { return (0.75, false) }
        return (1, false)
    }
}

extension Drawing {
    /// The drawing as it is drawn: samples in points with y down. A recording in physical units
    /// (`RecordingInfo.drawnPointsPerUnit`) is scaled to points, one whose y axis points up is
    /// mirrored within its bounds, and its `units` then say points; any other drawing is returned
    /// as it is. Contact radii scale and azimuths mirror with the samples (`Transform2D.apply(_:)`).
    /// Exports (`DrawingExport`), the `freehand` commands that smooth or draw ink and the playground
    /// take this; conversions between ink formats keep the readings as recorded.
    public var inPoints: Drawing {
        guard let transform = recording.transformToPoints(locations: strokes.lazy.flatMap { $0.samples.lazy.map { $0.location } }) else { return self }
        var info = recording
        info.units = "x,y: points, y down"
        return Drawing(strokes: strokes.map { $0.with(samples: $0.samples.map(transform.apply)) }, recording: info)
    }
}

extension String {
    /// True when `phrase` occurs in this text, byte for byte (the standard library's `contains`
    /// of a string is not part of Embedded Swift, the WebAssembly build).
    fileprivate func mentions(_ phrase: String) -> Bool {
        let text = Array(utf8), sought = Array(phrase.utf8)
        guard sought.count <= text.count else { return false }
        return (0...(text.count - sought.count)).contains { text[$0..<($0 + sought.count)].elementsEqual(sought) }
    }
}
