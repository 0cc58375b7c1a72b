import FreehandKit

/// The search that picked the default technique's filter parameters: every combination of a grid
/// of 1€ parameters, scored by fidelity on recordings decimated to a touch-screen rate.
public enum DefaultTuning {
    /// One scored parameter combination.
    public struct Candidate: Hashable, Sendable {
        /// The spline's knot exponent.
        public var alpha: Double
        /// The filter's cutoff at rest, Hz.
        public var minimumCutoff: Double
        /// The filter's speed coefficient, Hz per (point/s).
        public var speedCoefficient: Double
        /// The cutoff of the filter's speed estimate, Hz.
        public var derivativeCutoff: Double
        /// Held-back distances on clean input, points.
        public var fidelity: Summary
        /// Held-back distances with noisy input, points.
        public var noisyFidelity: Summary
    }

    /// The fidelity of `technique` over every stroke of `recordings` decimated toward `rate` Hz, with
    /// Gaussian input noise of deviation `noise` points (seeded: the same numbers every run).
    public static func fidelity(
        of technique: any InterpolationTechnique, on recordings: [EvaluationRecording], rate: Double, noise: Double = 0
    ) -> Summary {
        var generator = SplitMix64(seed: 2026)
        var distances: [Double] = []
        for recording in recordings {
            guard let step = recording.step(toward: rate), step > 1 else { continue }
            for stroke in recording.strokes {
                distances += FidelityMeasurement.heldBackDistances(
                    of: stroke, step: step, technique: technique, noise: noise, generator: &generator)
            }
        }
        return Summary(distances)
    }

    /// Every combination of the given parameter values, best mean fidelity first.
    public static func search(
        alphas: [Double], cutoffs: [Double], coefficients: [Double], derivativeCutoffs: [Double],
        on recordings: [EvaluationRecording], rate: Double, noise: Double
    ) throws(ParameterError) -> [Candidate] {
        var candidates: [Candidate] = []
        for alpha in alphas {
            for cutoff in cutoffs {
                for coefficient in coefficients {
                    for derivativeCutoff in derivativeCutoffs {
                        let technique = try FreehandTechnique(
                            minimumCutoff: cutoff, speedCoefficient: coefficient, derivativeCutoff: derivativeCutoff, alpha: alpha)
                        candidates.append(Candidate(
                            alpha: alpha, minimumCutoff: cutoff, speedCoefficient: coefficient, derivativeCutoff: derivativeCutoff,
                            fidelity: fidelity(of: technique, on: recordings, rate: rate),
                            noisyFidelity: fidelity(of: technique, on: recordings, rate: rate, noise: noise)))
                    }
                }
            }
        }
        return candidates.sorted { $0.fidelity.mean < $1.fidelity.mean }
    }
}
