import FreehandKit
import FreehandRender
import Foundation

/// The JSON of signature_pad, the de-facto web signature component: an array of groups, one per
/// stroke, `{"penColor", "dotSize", "minWidth", "maxWidth", "velocityFilterWeight", "points":
/// [{"x", "y", "time", "pressure"}]}` with `time` in milliseconds.
///
/// Imported strokes get the `velocity` brush with the group's widths and filter weight (signature
/// style); exported strokes carry their colour, and widths from their brush settings.
public enum SignaturePadJSON {
    private struct Group: Codable {
        var penColor: String?
        var dotSize: Double?
        var minWidth: Double?
        var maxWidth: Double?
        var velocityFilterWeight: Double?
        var compositeOperation: String?
        var points: [PointRecord]
    }

    private struct PointRecord: Codable {
        var x: Double
        var y: Double
        var time: Double?
        var pressure: Double?
    }

    /// The drawing in `data`; throws `InkFormatError` naming what is wrong and where.
    public static func drawing(from data: Data, limits: InkFileLimits = InkFileLimits()) throws(InkFormatError) -> Drawing {
        try limits.checkSize(of: data)
        let groups = try JSONErrorText.decode([Group].self, from: data)
        try limits.checkCounts(strokes: groups.count, samples: groups.reduce(0) { $0 + $1.points.count })
        var strokes: [StrokeRecord] = []
        for (index, group) in groups.enumerated() {
            var color = RGBAColor.black
            if let text = group.penColor {
                guard let parsed = RGBAColor(parsing: text) else { throw .invalidValue("[\(index)].penColor: '\(text)' is not a colour") }
                color = parsed
            }
            var samples: [Sample] = []
            for (pointIndex, point) in group.points.enumerated() {
                try limits.checkCoordinate(x: point.x, y: point.y, at: "[\(index)].points[\(pointIndex)]")
                samples.append(Sample(x: point.x, y: point.y, timestamp: point.time.map { DecimalShift.shifted($0, by: -3) }, force: point.pressure))
            }
            let options = BrushOptions(minimumWidth: group.minWidth ?? 0.5, maximumWidth: group.maxWidth ?? 2.5, smoothing: group.velocityFilterWeight ?? 0.7)
            strokes.append(StrokeRecord(samples: samples, brush: "velocity", brushOptions: options, color: color))
        }
        let drawing = Drawing(strokes: strokes)
        try drawing.checkSettings()
        return drawing
    }

    /// The signature_pad JSON of `drawing` (times in milliseconds, shifted on their decimal digits
    /// so that they read back exactly). Throws `InkFormatError.invalidValue` naming the stroke and
    /// the sample when a value is not finite in signature_pad's units (a timestamp of 10³⁰⁶ s
    /// overflows as milliseconds): an empty file never stands in for ink. signature_pad has no
    /// place for units: a drawing in other units than points (tablet counts, millimetres, y up) is
    /// written converted to points, y down (`Drawing.inPoints`), so that it reads back at its size
    /// and the right way up.
    public static func data(for original: Drawing) throws(InkFormatError) -> Data {
        let drawing = original.inPoints
        let groups = drawing.strokes.map { stroke -> Group in
            let options = stroke.brushOptions
            let minimum = options.minimumWidth ?? options.width ?? 0.5
            let maximum = options.maximumWidth ?? options.width ?? 2.5
            let color = stroke.color
            let penColor = color.alpha >= 1 ? color.cssText
                : "rgba(\(Int((color.red * 255).rounded())), \(Int((color.green * 255).rounded())), \(Int((color.blue * 255).rounded())), \(color.alpha))"
            return Group(
                penColor: penColor, dotSize: (minimum + maximum) / 2, minWidth: minimum, maxWidth: maximum,
                velocityFilterWeight: options.smoothing ?? 0.7, compositeOperation: "source-over",
                points: stroke.samples.map { PointRecord(x: $0.location.x, y: $0.location.y, time: $0.timestamp.map { DecimalShift.shifted($0, by: 3) }, pressure: $0.force) })
        }
        for (index, group) in groups.enumerated() {
            for (name, value) in [("minWidth", group.minWidth), ("maxWidth", group.maxWidth), ("dotSize", group.dotSize)] where value?.isFinite == false {
                throw .invalidValue("stroke \(index): \(name) is not finite")
            }
            for (pointIndex, point) in group.points.enumerated() {
                for (name, value) in [("x", point.x), ("y", point.y), ("time (ms)", point.time), ("pressure", point.pressure)] where value?.isFinite == false {
                    throw .invalidValue("stroke \(index) sample \(pointIndex): \(name) is not finite in signature_pad's units")
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(groups)
        } catch {
            throw .invalidValue("cannot write signature_pad JSON: \(error)")
        }
    }
}
