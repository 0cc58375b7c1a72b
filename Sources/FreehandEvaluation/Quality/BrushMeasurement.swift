import FreehandKit

/// What a person notices first about a brush, measured on recordings (strokes in points): taps
/// that leave a dot, starts without a bulb or a club, and a signature's thick-and-thin.
public enum BrushMeasurement {
    /// The centreline widths of `samples` drawn with `technique` and `style`, each with the length
    /// of centreline it stands for (half of each neighbouring segment), and the outline.
    static func ink(_ samples: [Sample], technique: any InterpolationTechnique, style: InkStyle) -> (vertices: [CentrelineVertex], outline: OutlinePiece?) {
        var stroke = InkStroke(technique: technique, style: style, outputs: [])
        _ = try? stroke.append(samples)
        _ = try? stroke.end()
        return (stroke.vertices, stroke.outline)
    }

    /// The median of `values` (0 when empty).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The width that half the centreline of `vertices` is narrower than: their median weighted by
    /// the length each stands for, so that the flattener's denser vertices at a bend or along a
    /// taper count no more than their length (0 when empty).
    static func medianWidth(_ vertices: [CentrelineVertex]) -> Double { medianWidth(weightedWidths(vertices)) }

    /// The median of `widths`, each counted by its weight (the plain median when no weight is
    /// positive: a dot's lone vertex).
    static func medianWidth(_ widths: [(width: Double, weight: Double)]) -> Double {
        let weighted = widths.sorted { $0.width < $1.width }
        let total = weighted.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return median(widths.map(\.width)) }
        var covered = 0.0
        for entry in weighted {
            covered += entry.weight
            if covered >= total / 2 { return entry.width }
        }
        return weighted.last?.width ?? 0
    }

    /// Widths along `vertices`, each weighted by the centreline length it stands for.
    static func weightedWidths(_ vertices: [CentrelineVertex]) -> [(width: Double, weight: Double)] {
        vertices.indices.map { index in
            let before = index > 0 ? vertices[index].distance - vertices[index - 1].distance : 0
            let after = index + 1 < vertices.count ? vertices[index + 1].distance - vertices[index].distance : 0
            return (vertices[index].width, (before + after) / 2)
        }
    }

    /// Taps: for each 1- and 2-sample stroke of each drawing, its ink's area as a share of a disc
    /// as wide as the drawing's median stroke width (the median over its centreline, by length).
    /// One value per tap; the goal is each ≥ 0.8.
    public static func tapCoverage(
        _ drawings: [[[Sample]]], technique: any InterpolationTechnique, style: InkStyle
    ) -> [Double] {
        var ratios: [Double] = []
        for strokes in drawings where strokes.contains(where: { $0.count <= 2 && !$0.isEmpty }) {
            var widths: [(width: Double, weight: Double)] = []
            var taps: [OutlinePiece?] = []
            for samples in strokes where !samples.isEmpty {
                let (vertices, outline) = ink(samples, technique: technique, style: style)
                if samples.count <= 2 { taps.append(outline) } else { widths += weightedWidths(vertices) }
            }
            if widths.isEmpty {
                // A drawing of taps alone: their own widths.
                for samples in strokes where !samples.isEmpty { widths += weightedWidths(ink(samples, technique: technique, style: style).vertices) }
            }
            let typical = medianWidth(widths)
            guard typical > 0 else { continue }
            let disc = Double.pi * typical * typical / 4
            ratios += taps.map { abs($0.map { NonZeroBoundary.signedArea($0.polygon) } ?? 0) / disc }
        }
        return ratios
    }

    /// Starts: for each stroke of at least `minimumSamples` samples, its widest centreline width
    /// over the first `reach` points of its length (just after the start cap) as a multiple of the
    /// stroke's median width (by length, `medianWidth`). The goal is each ≤ 1.25.
    public static func startRatios(
        _ strokes: [[Sample]], technique: any InterpolationTechnique, style: InkStyle, reach: Double = 3, minimumSamples: Int = 8
    ) -> [Double] {
        strokes.compactMap { samples in
            guard samples.count >= minimumSamples else { return nil }
            let vertices = ink(samples, technique: technique, style: style).vertices
            let typical = medianWidth(vertices)
            guard typical > 0, let widest = vertices.filter({ $0.distance <= reach }).map(\.width).max() else { return nil }
            return widest / typical
        }
    }

    /// Thick-and-thin: for each drawing (a signature), the coefficient of variation (standard
    /// deviation ÷ mean) of its width along all its strokes, each width weighted by the length of
    /// centreline it stands for. The goal is 0.15…0.45 for the signature preset.
    public static func widthVariation(_ drawings: [[[Sample]]], technique: any InterpolationTechnique, style: InkStyle) -> [Double] {
        drawings.compactMap { strokes in
            var total = 0.0, sum = 0.0, squares = 0.0
            for samples in strokes where samples.count > 2 {
                for (width, weight) in weightedWidths(ink(samples, technique: technique, style: style).vertices) {
                    total += weight
                    sum += width * weight
                    squares += width * width * weight
                }
            }
            guard total > 0 else { return nil }
            let mean = sum / total
            let variance = Swift.max(0, squares / total - mean * mean)
            return mean > 0 ? variance.squareRoot() / mean : nil
        }
    }

    /// How well the width from speed follows the pen's real force: for each drawing with force
    /// readings, the Pearson correlation of the `velocity` style's width with the `pressure` style's
    /// along the same centreline points (strokes of three samples or more, each point weighted by
    /// the length it stands for). 1 is the same rise and fall, 0 none.
    public static func velocityPressureAgreement(
        _ drawings: [[[Sample]]], technique: any InterpolationTechnique, velocity: InkStyle, pressure: InkStyle
    ) -> [Double] {
        drawings.compactMap { strokes -> Double? in
            var total = 0.0, sumV = 0.0, sumP = 0.0, sumVV = 0.0, sumPP = 0.0, sumVP = 0.0
            for samples in strokes where samples.count > 2 && samples.contains(where: { ($0.force ?? 0) > 0 }) {
                let fromSpeed = weightedWidths(ink(samples, technique: technique, style: velocity).vertices)
                let fromForce = ink(samples, technique: technique, style: pressure).vertices
                guard fromSpeed.count == fromForce.count else { continue }
                for ((v, weight), vertex) in zip(fromSpeed, fromForce) {
                    let p = vertex.width
                    total += weight
                    sumV += v * weight
                    sumP += p * weight
                    sumVV += v * v * weight
                    sumPP += p * p * weight
                    sumVP += v * p * weight
                }
            }
            guard total > 0 else { return nil }
            let meanV = sumV / total, meanP = sumP / total
            let spreads = (Swift.max(0, sumVV / total - meanV * meanV) * Swift.max(0, sumPP / total - meanP * meanP)).squareRoot()
            return spreads > 0 ? (sumVP / total - meanV * meanP) / spreads : nil
        }
    }

    /// For each stroke of two or more samples drawn with `technique`, how far its path's start
    /// (`atStart`) or end moved because a hook there was left out (`StrokeBuilder.dropsPenDownHook`,
    /// `dropsPenUpHook`), points: 0 for a stroke without one.
    public static func penHooks(_ strokes: [[Sample]], technique: any InterpolationTechnique, atStart: Bool) -> [Double] {
        strokes.filter { $0.count > 1 }.map { samples in
            func end(droppingHook: Bool) -> Point2D? {
                var builder = StrokeBuilder(technique: technique)
                if atStart { builder.dropsPenDownHook = droppingHook } else { builder.dropsPenUpHook = droppingHook }
                _ = try? builder.append(samples)
                _ = try? builder.end()
                return atStart ? builder.path.startPoint : builder.path.endPoint
            }
            guard let dropped = end(droppingHook: true), let kept = end(droppingHook: false) else { return 0 }
            return dropped.distance(to: kept)
        }
    }
}
