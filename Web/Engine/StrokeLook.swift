import FreehandDocument
import FreehandKit

/// A stroke's saved look with a brush and a technique named in its place, as the command line's
/// `--brush` and `--technique` lay them over it: another brush starts from its own defaults (the
/// saved options belong to the saved brush), the taper and stabilizer stay the stroke's.
struct StrokeLook {
    /// The saved look (a record without samples).
    var record: StrokeRecord
    /// The brush drawn with, when not the saved one.
    var brush: String?
    /// The technique drawn with, when not the saved one.
    var technique: String?

    init(of record: StrokeRecord, brush: String?, technique: String?) {
        self.record = record
        self.brush = brush
        self.technique = technique
    }

    /// The technique and style (fitted to one pixel a point, as `freehand outline` draws): the
    /// record's own (`StrokeRecord.makeTechnique`, `makeStyle`) once the names given replace its.
    func made() throws(ParameterError) -> (technique: AnyInterpolationTechnique, style: InkStyle) {
        var look = record
        if let brush, brush != record.brush {
            look.brush = brush
            look.brushOptions = BrushOptions()
        }
        if let technique {
            look.technique = technique
            look.alpha = nil
        }
        return (try look.makeTechnique(), try look.makeStyle().fitted(toPixelsPerPoint: 1))
    }
}
