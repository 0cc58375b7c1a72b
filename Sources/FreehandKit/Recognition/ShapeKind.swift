/// The kinds of clean shape a hand-drawn stroke can be recognised as (`ShapeRecognizer`).
public enum ShapeKind: String, CaseIterable, Hashable, Sendable {
    /// A straight segment.
    case line
    /// An open chain of two or more straight segments meeting at corners.
    case polyline
    /// A closed round shape whose axes differ by less than a fifth.
    case circle
    /// A closed oval, possibly rotated.
    case ellipse
    /// An open part of a circle (between 40° and 320° of turning).
    case arc
    /// A closed shape of three straight sides.
    case triangle
    /// A closed shape of four straight sides meeting at right angles, possibly rotated.
    case rectangle
    /// A rectangle whose sides differ by less than 15 %.
    case square
    /// A straight shaft with a two-barbed head at one end.
    case arrow
}
