import FreehandKit

/// Measures `ShapeRecognizer` the way "hold to snap" uses it: on a labelled set of hand-drawn shapes
/// (`HandDrawnShapes`), how many are recognised as the kind meant; on real handwriting with a hold
/// added at the end of every stroke, how many strokes would wrongly snap.
public struct ShapeEvaluation: Sendable {
    /// The recogniser measured.
    public var recognizer: ShapeRecognizer

    /// An evaluation of `recognizer`.
    public init(recognizer: ShapeRecognizer = ShapeRecognizer()) {
        self.recognizer = recognizer
    }

    /// How the labelled shapes of one kind were recognised.
    public struct KindRow: Codable, Sendable, Hashable {
        /// The kind meant (`ShapeKind.rawValue`).
        public var kind: String
        /// How many were drawn.
        public var drawn: Int
        /// How many were recognised as that kind.
        public var right: Int
        /// What the others were recognised as ("none" for no shape), with counts.
        public var mistaken: [String: Int]
        /// The mean confidence of the right ones.
        public var meanConfidence: Double
    }

    /// How the strokes of one set of handwriting fared.
    public struct HandwritingRow: Codable, Sendable, Hashable {
        /// The recordings' name.
        public var name: String
        /// How many strokes (each with a hold added at its end).
        public var strokes: Int
        /// How many would snap, by the shape they would snap to.
        public var snapped: [String: Int]
        /// How many are complex — cursive words, complex letters: the recogniser's trace turns
        /// through more than 3π (`complexTurning`) — and how many of those would snap.
        public var complexStrokes = 0
        public var complexSnapped = 0
        /// How many snap as drawn, with no hold added (`HoldToSnap` with its default pause): only a
        /// stroke whose pen really rested at its end can.
        public var snappedWithoutPause = 0
    }

    /// The turning past which a stroke counts as complex, radians (3π: more than a loop and a half).
    public static let complexTurning = 3 * Double.pi

    /// The whole measurement.
    public struct Report: Codable, Sendable, Hashable {
        /// One row per kind of shape.
        public var kinds: [KindRow]
        /// The share recognised right at each rate (hertz → 0…1).
        public var byRate: [String: Double]
        /// The share recognised right at each size (points → 0…1).
        public var bySize: [String: Double]
        /// One row per handwriting recording.
        public var handwriting: [HandwritingRow]

        /// The share of all labelled shapes recognised as the kind meant, 0…1.
        public var recognised: Double {
            let drawn = kinds.reduce(0) { $0 + $1.drawn }
            return drawn == 0 ? 0 : Double(kinds.reduce(0) { $0 + $1.right }) / Double(drawn)
        }

        /// The share of complex handwriting strokes that would snap, 0…1.
        public var complexFalseSnaps: Double {
            let strokes = handwriting.reduce(0) { $0 + $1.complexStrokes }
            return strokes == 0 ? 0 : Double(handwriting.reduce(0) { $0 + $1.complexSnapped }) / Double(strokes)
        }

        /// The share of handwriting strokes that would snap, 0…1.
        public var falseSnaps: Double {
            let strokes = handwriting.reduce(0) { $0 + $1.strokes }
            let snapped = handwriting.reduce(0) { $0 + $1.snapped.values.reduce(0, +) }
            return strokes == 0 ? 0 : Double(snapped) / Double(strokes)
        }
    }

    /// Runs the recogniser over `shapes` and over every stroke of `handwriting` (name, strokes in points).
    public func run(shapes: [HandDrawnShapes.Drawn], handwriting: [(name: String, strokes: [[Sample]])]) -> Report {
        var rows: [ShapeKind: KindRow] = [:]
        var rateTotals: [Double: (right: Int, drawn: Int)] = [:]
        var sizeTotals: [Double: (right: Int, drawn: Int)] = [:]
        var confidenceSums: [ShapeKind: Double] = [:]
        for shape in shapes {
            let found = recognizer.recognize(shape.samples)
            var row = rows[shape.kind] ?? KindRow(kind: shape.kind.rawValue, drawn: 0, right: 0, mistaken: [:], meanConfidence: 0)
            row.drawn += 1
            let isRight = found?.kind == shape.kind
            if isRight {
                row.right += 1
                confidenceSums[shape.kind, default: 0] += found?.confidence ?? 0
            } else {
                row.mistaken[found?.kind.rawValue ?? "none", default: 0] += 1
            }
            rows[shape.kind] = row
            rateTotals[shape.rate, default: (0, 0)].drawn += 1
            sizeTotals[shape.size, default: (0, 0)].drawn += 1
            if isRight {
                rateTotals[shape.rate, default: (0, 0)].right += 1
                sizeTotals[shape.size, default: (0, 0)].right += 1
            }
        }
        let kinds = ShapeKind.allCases.compactMap { kind -> KindRow? in
            guard var row = rows[kind] else { return nil }
            row.meanConfidence = row.right == 0 ? 0 : (confidenceSums[kind] ?? 0) / Double(row.right)
            return row
        }
        let handwritingRows = handwriting.map { recording in
            var row = HandwritingRow(name: recording.name, strokes: recording.strokes.count, snapped: [:])
            let hold = HoldToSnap(recognizer: recognizer)
            for stroke in recording.strokes {
                let shape = recognizer.recognize(Self.held(stroke))
                if let shape { row.snapped[shape.kind.rawValue, default: 0] += 1 }
                if let turning = recognizer.turning(of: stroke.map(\.location)), turning > Self.complexTurning {
                    row.complexStrokes += 1
                    if shape != nil { row.complexSnapped += 1 }
                }
                if hold.shape(for: stroke) != nil { row.snappedWithoutPause += 1 }
            }
            return row
        }
        func shares(_ totals: [Double: (right: Int, drawn: Int)]) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: totals.map { (String(Int($0.key)), Double($0.value.right) / Double($0.value.drawn)) })
        }
        return Report(kinds: kinds, byRate: shares(rateTotals), bySize: shares(sizeTotals), handwriting: handwritingRows)
    }

    /// `stroke` with the pen held still at its last point for 0.6 s, sampled at the stroke's own median
    /// interval (60 Hz when it has no timing).
    public static func held(_ stroke: [Sample]) -> [Sample] {
        guard let last = stroke.last else { return stroke }
        let intervals = zip(stroke, stroke.dropFirst()).compactMap { a, b -> Double? in
            guard let t0 = a.timestamp, let t1 = b.timestamp, t1 > t0 else { return nil }
            return t1 - t0
        }.sorted()
        let interval = intervals.isEmpty ? 1.0 / 60 : intervals[intervals.count / 2]
        let steps = (0.6 / interval).rounded(.up)
        let count = steps.isFinite && steps < 1000 ? Swift.max(1, Int(steps)) : 1000
        var result = stroke
        for step in 1...Swift.max(1, count) {
            var rest = last
            rest.timestamp = last.timestamp.map { $0 + Double(step) * interval }
            result.append(rest)
        }
        return result
    }

    /// The report as Markdown tables.
    public static func markdown(_ report: Report) -> String {
        func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
        var lines = ["| shape | drawn | recognised | mean confidence | mistaken for |", "| --- | ---: | ---: | ---: | --- |"]
        for row in report.kinds {
            let mistakes = row.mistaken.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append("| \(row.kind) | \(row.drawn) | \(percent(Double(row.right) / Double(Swift.max(1, row.drawn)))) | \(String(format: "%.2f", row.meanConfidence)) | \(mistakes) |")
        }
        let drawn = report.kinds.reduce(0) { $0 + $1.drawn }
        lines.append("| **all** | \(drawn) | **\(percent(report.recognised))** | | |")
        lines.append("")
        let rates = report.byRate.sorted { Double($0.key) ?? 0 < Double($1.key) ?? 0 }.map { "\($0.key) Hz \(percent($0.value))" }
        let sizes = report.bySize.sorted { Double($0.key) ?? 0 < Double($1.key) ?? 0 }.map { "\($0.key) pt \(percent($0.value))" }
        lines.append("By rate: " + rates.joined(separator: ", ") + ". By size: " + sizes.joined(separator: ", ") + ".")
        lines.append("")
        lines += [
            "| handwriting (hold added) | strokes | would snap | as | complex strokes | complex, would snap | snap as drawn (own pauses) |",
            "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
        ]
        for row in report.handwriting {
            let snapped = row.snapped.values.reduce(0, +)
            let kinds = row.snapped.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let complex = "\(row.complexSnapped) (\(percent(Double(row.complexSnapped) / Double(Swift.max(1, row.complexStrokes)))))"
            lines.append(
                "| \(row.name) | \(row.strokes) | \(snapped) (\(percent(Double(snapped) / Double(Swift.max(1, row.strokes))))) | \(kinds) | \(row.complexStrokes) | \(complex) | \(row.snappedWithoutPause) |")
        }
        let strokes = report.handwriting.reduce(0) { $0 + $1.strokes }
        let complex = report.handwriting.reduce(0) { $0 + $1.complexStrokes }
        let unheld = report.handwriting.reduce(0) { $0 + $1.snappedWithoutPause }
        lines.append("| **all** | \(strokes) | **\(percent(report.falseSnaps))** | | \(complex) | **\(percent(report.complexFalseSnaps))** | **\(unheld)** |")
        return lines.joined(separator: "\n") + "\n"
    }
}
