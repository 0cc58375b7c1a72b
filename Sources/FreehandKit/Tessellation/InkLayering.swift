/// How a stroke's ink combines with the ink already under it.
public enum InkLayering: String, Hashable, Sendable, CaseIterable {
    /// Over what is there, hiding it as far as the ink is opaque: a pen.
    case over
    /// Multiplied with what is under it: a translucent marker tints the ink below without hiding
    /// it (black text stays black under yellow), and two strokes that cross are darker where they
    /// cross, as with a real highlighter. A stroke never darkens where it crosses itself: its
    /// outline is filled once.
    case multiply
}
