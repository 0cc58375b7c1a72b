/// What a hand-drawn stroke was recognised as: the kind of shape, how sure the recogniser is, and the
/// clean geometry fitted to the stroke.
public struct RecognizedShape: Hashable, Sendable {
    /// The kind of shape.
    public var kind: ShapeKind
    /// How well the stroke fits the shape, 0…1: 1 is a perfect fit, 0.5 a fit at the limits of its
    /// errors (the recogniser's default needs 0.6: `ShapeRecognizer.minimumConfidence`).
    public var confidence: Double
    /// The fitted shape, in the stroke's coordinates (points).
    public var geometry: ShapeGeometry

    /// A recognised shape.
    public init(kind: ShapeKind, confidence: Double, geometry: ShapeGeometry) {
        self.kind = kind
        self.confidence = confidence
        self.geometry = geometry
    }
}
