/// The kind of pointer that produced a sample.
///
/// Brushes and erasers may treat kinds differently (pen draws, finger erases); geometry does not.
public enum PointerKind: String, Hashable, Sendable, CaseIterable {
    /// A finger on a touch screen: contact radius, usually no force.
    case finger
    /// A stylus: force, and on most devices altitude and azimuth.
    case pen
    /// A mouse or trackpad: position and time only.
    case mouse
}

#if !hasFeature(Embedded)
// Codable is not part of Embedded Swift (the WebAssembly build); everywhere else a pointer kind
// encodes as its raw value.
extension PointerKind: Codable {}
#endif
