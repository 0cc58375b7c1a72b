import FreehandKit

/// Prediction error: at every sample of the thinned input, the predictor guesses where the pen will
/// be `horizon` seconds later; the guess is compared with the real full-rate recording at that time.
public enum PredictionMeasurement {
    /// The distances (points) between predicted and real positions over `stroke` (full rate) thinned
    /// by `step`, for `horizon` seconds ahead; with `predictor` nil, the distance of standing still
    /// (the newest sample) — the error a display without prediction shows.
    public static func errors(of stroke: [Sample], step: Int, predictor: StrokePredictor?, horizon: Double) -> [Double] {
        let input = stroke.decimated(keepingEvery: step)
        guard input.count >= 3, stroke.allSatisfy({ $0.timestamp != nil }) else { return [] }
        var errors: [Double] = []
        var truthIndex = 0
        for index in 2..<input.count {
            guard let now = input[index].timestamp else { continue }
            let target = now + horizon
            // The real position at `target`, interpolated along the full-rate recording.
            while truthIndex + 1 < stroke.count, stroke[truthIndex + 1].timestamp! <= target { truthIndex += 1 }
            guard truthIndex + 1 < stroke.count else { break }
            let a = stroke[truthIndex], b = stroke[truthIndex + 1]
            let span = b.timestamp! - a.timestamp!
            let real = span > 0 ? a.location + (b.location - a.location) * ((target - a.timestamp!) / span) : a.location
            let guess = predictor?.location(after: input[0...index], ahead: horizon) ?? input[index].location
            errors.append(guess.distance(to: real))
        }
        return errors
    }
}
