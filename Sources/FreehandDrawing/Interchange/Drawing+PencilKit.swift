import FreehandKit

/// A drawing to and from PencilKit's strokes, as plain values (`PencilKitStroke`).
///
/// Every reading PencilKit holds comes through both ways: location, time (the path's creation date
/// plus each point's offset from the stroke's first time, or from 0 where that would round), force,
/// azimuth, altitude, and the ink's colour. PencilKit needs every reading at every point; one a
/// sample lacks is written as a marker PencilKit draws as a neutral value but no device reports —
/// force 1 + 2⁻⁵², azimuth 2⁻¹⁰⁷⁴, altitude π/2 − 2⁻⁵², a time offset of −0 (and for a stroke
/// with no time at all, offsets of 0 on the earliest creation date, `Date.distantPast`) — and a
/// marked reading reads back as none, so `Drawing → PencilKit → Drawing` neither loses nor invents
/// one (a time of −0 comes back as 0). The markers live in the values PencilKit's types hold in
/// memory; whether `PKDrawing.dataRepresentation()` keeps their exact bits is not known here. What PencilKit has no place for stays behind: the contact
/// radius, the pointer kind (read back as a pen when the stroke has altitudes, else a finger), the
/// technique, the brush's settings and tapers. PencilKit's tip sizes are its own rendering: each
/// point is written with the width this stroke's brush gives it, and read back as the brush's width
/// (their median).
extension Drawing {
    /// The markers written where a sample has no force, azimuth or altitude (PencilKit needs every
    /// one): values PencilKit draws as neutral (a normal touch, upright) but no device reports, told
    /// apart by their bits. And the creation date of a stroke without times: the earliest date
    /// Foundation names (`Date.distantPast`, 1 January of year 1).
    static let pencilKitNeutral = (force: 1.0.nextUp, azimuth: Double.leastNonzeroMagnitude, altitude: (Double.pi / 2).nextDown, untimedDate: -63_114_076_800.0)

    /// The strokes as PencilKit strokes, in drawing order: the brush's ink (highlighter → marker,
    /// tilt shading → pencil, every other brush → pen), the colour, every reading.
    public var pencilKitStrokes: [PencilKitStroke] {
        strokes.map { record in
            let samples = record.samples.unpacked
            let widths = record.sampleWidths
            let neutral = Self.pencilKitNeutral
            let first = samples.first { $0.timestamp != nil }?.timestamp
            // Offsets from the first time, when each comes back exactly (date + offset = time);
            // else the times themselves as offsets from a date of 0.
            let exact = first.map { first in samples.allSatisfy { $0.timestamp.map { first + ($0 - first) == $0 } ?? true } } ?? false
            let start = first.map { exact ? $0 : 0 } ?? neutral.untimedDate
            let points = samples.indices.map { index in
                let sample = samples[index]
                let width = index < widths.count ? widths[index] : 1
                // A time the sample lacks, in a stroke with times: −0, which no difference is.
                let offset = sample.timestamp.map { $0 - start == 0 ? 0.0 : $0 - start } ?? (first == nil ? 0 : -0.0)
                return PencilKitPoint(
                    location: sample.location, timeOffset: offset, size: Point2D(width, width), opacity: 1,
                    force: sample.force ?? neutral.force, azimuth: sample.azimuth ?? neutral.azimuth, altitude: sample.altitude ?? neutral.altitude)
            }
            let ink: PencilKitStroke.Ink = switch record.brush {
            case "highlighter": .marker
            case "tilt-shading": .pencil
            default: .pen
            }
            return PencilKitStroke(ink: ink, color: record.color, creationDate: start, points: points)
        }
    }

    /// A drawing of PencilKit's strokes, in order: each point's location through its stroke's
    /// transform, its time as the creation date plus its offset, its force, azimuth and altitude
    /// (none where the marker for a missing reading stands); the ink's brush (marker →
    /// highlighter, pencil → tilt shading, pen → pressure, an ink type this mapping does not name →
    /// the fountain pen or constant brush when its name says so, else pressure) at the median tip
    /// width, and its colour. A stroke PencilKit's bitmap eraser masked (`isMasked`) comes in whole.
    public init(pencilKit strokes: [PencilKitStroke]) {
        let neutral = Self.pencilKitNeutral
        let records = strokes.map { stroke in
            let points = stroke.points
            let timed = stroke.creationDate != neutral.untimedDate || points.contains { $0.timeOffset != 0 }
            let tilted = points.contains { $0.altitude.bitPattern != neutral.altitude.bitPattern }
            let kind: PointerKind = tilted ? .pen : .finger
            func reading(_ value: Double, unless marker: Double) -> Double? { value.bitPattern == marker.bitPattern ? nil : value }
            let samples = points.map { point in
                Sample(
                    location: stroke.transform.apply(point.location),
                    timestamp: timed && point.timeOffset.bitPattern != (-0.0).bitPattern ? stroke.creationDate + point.timeOffset : nil,
                    force: reading(point.force, unless: neutral.force), altitude: reading(point.altitude, unless: neutral.altitude),
                    azimuth: reading(point.azimuth, unless: neutral.azimuth), kind: kind)
            }
            let brush = Self.brush(for: stroke.ink)
            var options = BrushOptions()
            // PencilKit draws a tip's size through the stroke's transform.
            let transform = stroke.transform
            let magnification = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
            let widths = points.map { $0.size.x * magnification }.filter { $0.isFinite && $0 > 0 }.sorted()
            if !widths.isEmpty, BrushCatalog.options(readBy: brush)?.contains(.width) == true {
                var sized = options
                sized.width = widths[widths.count / 2]
                // A width outside the brush's range keeps the brush's own.
                if (try? BrushCatalog.brush(named: brush, options: sized)) != nil { options = sized }
            }
            return StrokeRecord(samples: samples, brush: brush, brushOptions: options, color: stroke.color, pointer: kind)
        }
        self.init(strokes: records)
    }

    /// The brush that draws like PencilKit's `ink`.
    static func brush(for ink: PencilKitStroke.Ink) -> String {
        switch ink {
        case .pen: return BrushCatalog.defaultName
        case .pencil: return "tilt-shading"
        case .marker: return "highlighter"
        case .other(let name):
            let lowered = name.lowercased()
            if lowered.contains("fountain") { return "fountain-pen" }
            if lowered.contains("monoline") { return "constant" }
            return BrushCatalog.defaultName
        }
    }
}
