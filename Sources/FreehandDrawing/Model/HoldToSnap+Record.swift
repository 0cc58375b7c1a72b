import FreehandKit

extension HoldToSnap {
    /// The stroke `record` snaps to — the clean shape in its look (brush, colour, taper, pointer),
    /// straight-sided shapes drawn with the linear technique so their corners stay sharp — or nil
    /// when the pen did not rest long enough at its end or the stroke is no shape.
    public func snapped(_ record: StrokeRecord) -> StrokeRecord? {
        let samples = record.samples.unpacked
        guard let shape = shape(for: samples) else { return nil }
        let clean = cleanSamples(for: shape, like: samples)
        guard !clean.isEmpty else { return nil }
        var snapped = record.with(samples: clean)
        switch shape.geometry {
        case .polygon, .arrow:
            snapped.technique = LinearTechnique().name
            snapped.alpha = nil
        case .ellipse, .arc:
            break
        }
        // The pen's wobble is gone: nothing is left to steady.
        snapped.stabilizer = nil
        return snapped
    }
}
