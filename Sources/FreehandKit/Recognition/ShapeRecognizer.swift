/// Recognises a hand-drawn stroke as a clean shape — a line, polyline, circle, ellipse, arc,
/// triangle, rectangle, square or arrow — or as no shape, for "hold to snap".
///
/// The rules are few and general: the pen's rest at the end is dropped, the path is resampled to
/// evenly spaced points and tested as closed (it returns near its start; an overshoot is cut) or
/// open; each shape that applies is fitted by least squares and scored by its distance from the
/// path relative to the stroke's size, and the best score wins when it reaches `minimumConfidence`.
/// Work is bounded: the path is resampled to 128 points whatever its length.
///
/// ```swift
/// if let shape = ShapeRecognizer().recognize(stroke.map(\.location)) {
///     print(shape.kind, shape.confidence)   // circle 0.93
/// }
/// ```
public struct ShapeRecognizer: Hashable, Sendable {
    /// Strokes whose bounds' diagonal is shorter than this are never shapes, points (default 32, about
    /// 11 mm: most letters of handwriting are smaller).
    public var minimumSize: Double
    /// The least confidence (0…1) a shape needs to be recognised (default 0.6: a fit within 80 % of
    /// its limits; 0.5 accepts every fit within them).
    public var minimumConfidence: Double
    /// The least confidence (0…1) a line, arc or polyline needs (default 0.7): handwriting is full of
    /// nearly straight and gently curved strokes, so the open shapes it resembles need a closer fit.
    public var minimumLineConfidence: Double
    /// Trailing samples within this distance of the last one are the pen resting (the hold), not part
    /// of the shape, points (default 3).
    public var restRadius: Double

    /// A recogniser with the given limits.
    public init(minimumSize: Double = 32, minimumConfidence: Double = 0.6, minimumLineConfidence: Double = 0.7, restRadius: Double = 3) {
        self.minimumSize = minimumSize
        self.minimumConfidence = minimumConfidence
        self.minimumLineConfidence = minimumLineConfidence
        self.restRadius = restRadius
    }

    /// The shape the path through `points` is, or nil when it is no shape (or too small).
    public func recognize(_ points: [Point2D]) -> RecognizedShape? {
        guard let shape = closestShape(to: points), accepts(shape) else { return nil }
        return shape
    }

    /// True when `shape` is confident enough to be recognised: `minimumLineConfidence` for a line,
    /// arc or polyline, `minimumConfidence` for the others.
    public func accepts(_ shape: RecognizedShape) -> Bool {
        switch shape.kind {
        case .line, .arc, .polyline: shape.confidence >= minimumLineConfidence
        default: shape.confidence >= minimumConfidence
        }
    }

    /// The shape the stroke's samples trace, or nil when it is no shape (or too small).
    public func recognize(_ samples: [Sample]) -> RecognizedShape? {
        recognize(samples.map { $0.location })
    }

    /// How much the path through `points` turns in all as the recogniser reads it (the rest at its
    /// end dropped, read at 32 evenly spaced points), radians: 0 for a line, 2π for a circle, several times
    /// that for a cursive word. Nil when fewer than three distinct points remain.
    public func turning(of points: [Point2D]) -> Double? {
        ShapeTrace(points, restRadius: restRadius)?.turning
    }

    /// The best-fitting shape whatever its confidence (nil when the path is too small or no shape applies
    /// at all): what `recognize` would return were both minimum confidences 0.
    public func closestShape(to points: [Point2D]) -> RecognizedShape? {
        guard let trace = ShapeTrace(points, restRadius: restRadius), trace.diagonal >= minimumSize else { return nil }
        // A fit that overflowed (coordinates near the largest doubles) is no shape.
        let candidates = (trace.isClosed ? ClosedShapeFits.candidates(for: trace) : OpenShapeFits.candidates(for: trace))
            .filter { $0.confidence.isFinite && $0.geometry.isFinite }
        let turning = trace.turning
        return candidates.map { Self.discounted($0, traceTurning: turning, closed: trace.isClosed) }.max { $0.confidence < $1.confidence }
    }

    /// How much more a trace may turn than the shape it is fitted with before the fit's confidence
    /// falls, radians (1.5π: three quarters of a loop of wobble, overshoot and retracing).
    public static let turningAllowance = 1.5 * Double.pi
    /// Past the allowance, the extra turning that takes the confidence to 0, radians (4π: two whole
    /// loops more than the shape has). Measured on the labelled shapes and the shared handwriting
    /// (`freehand evaluate --shapes`, docs/shapes-and-selection.md): 97.2 % of the shapes
    /// recognised, 0.2 % of the complex handwriting strokes would snap if held.
    public static let turningSpan = 4 * Double.pi

    /// `shape` with its confidence lowered by how much more the trace turns than the shape does:
    /// a cursive word or a complex letter turns through loop after loop that no line, arc or
    /// polygon has, however closely one of them follows its outline.
    static func discounted(_ shape: RecognizedShape, traceTurning: Double, closed: Bool) -> RecognizedShape {
        let excess = traceTurning - ShapeTrace.turning(of: shape.geometry.path(), closed: closed) - turningAllowance
        guard excess > 0 else { return shape }
        var discounted = shape
        discounted.confidence *= Swift.max(0, 1 - excess / turningSpan)
        return discounted
    }
}
