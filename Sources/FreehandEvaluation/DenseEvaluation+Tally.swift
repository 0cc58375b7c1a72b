import FreehandKit

extension DenseEvaluation {
    /// What one contender measured over a set of cases (a clean curve and the input drawn from
    /// it): the distances both ways, the curvature variation of its centrelines and of the curves,
    /// and the committed lags. Tallies add up, so a summary over many sets weighs every stroke alike.
    struct Tally: Sendable {
        private var forward: [Double] = []
        private var backward: [Double] = []
        private var variation = 0.0, length = 0.0
        private var truthVariation = 0.0, truthLength = 0.0
        private var lags: [Double] = []
        /// Strokes measured.
        private(set) var strokes = 0

        /// An empty tally.
        init() {}

        /// The tally of `contender` on `cases`.
        init(_ contender: Contender, on cases: [(TimedTruth, [Sample])]) {
            for (truth, input) in cases {
                strokes += 1
                let centreline = contender.centreline(input)
                guard centreline.count > 1 else { continue }
                let (there, back) = BothWaysDistance.distances(between: centreline, and: truth.polyline)
                forward += there
                backward += back
                let wiggle = SmoothnessMeasurement.curvatureVariation(of: centreline)
                variation += wiggle.variation
                length += wiggle.length
                truthVariation += truth.smoothness.variation
                truthLength += truth.smoothness.length
                if let technique = contender.technique, let lag = LatencyMeasurement.committedLag(of: input, technique: technique)?.milliseconds {
                    lags.append(lag)
                }
            }
        }

        /// Adds `other`'s measurements to these.
        mutating func add(_ other: Tally) {
            forward += other.forward
            backward += other.backward
            variation += other.variation
            length += other.length
            truthVariation += other.truthVariation
            truthLength += other.truthLength
            lags += other.lags
            strokes += other.strokes
        }

        /// The both-ways distance to the curves: the mean of the two directions' means, points.
        var distance: Double { (Self.mean(forward) + Self.mean(backward)) / 2 }
        /// The 95th percentile of the distances both ways, points.
        var distanceP95: Double { Summary(forward + backward).p95 }
        /// Curvature variation per length as a multiple of the curves' own (0 when either is 0).
        var wiggle: Double {
            let truthWiggle = truthLength > 0 ? truthVariation / truthLength : 0
            return length > 0 && truthWiggle > 0 ? variation / length / truthWiggle : 0
        }
        /// The mean committed lag, milliseconds, or nil when none was measured.
        var lagMilliseconds: Double? { lags.isEmpty ? nil : Self.mean(lags) }

        /// A mouse-evaluation row of these figures.
        func row(_ name: String, rate: Double?, speed: Double?) -> MouseEvaluation.Row {
            MouseEvaluation.Row(
                technique: name, rate: rate, speed: speed, strokes: strokes, distance: distance, distanceP95: distanceP95,
                wiggle: wiggle, lagMilliseconds: lagMilliseconds)
        }

        private static func mean(_ values: [Double]) -> Double {
            values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        }
    }
}
