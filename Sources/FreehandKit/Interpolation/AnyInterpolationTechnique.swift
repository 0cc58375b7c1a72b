#if hasFeature(Embedded)
/// A technique of any type, where the engine stores one: in Embedded Swift (the WebAssembly
/// build), which has no protocol-typed values, a box that forwards to the technique it holds.
public typealias AnyInterpolationTechnique = TechniqueBox

/// A technique of any type, behind one concrete type: Embedded Swift's stand-in for
/// `any InterpolationTechnique`. Make one with `InterpolationTechnique.erased`.
public struct TechniqueBox: InterpolationTechnique, @unchecked Sendable {
    /// The technique's own calls; `@unchecked Sendable`: the held technique is an immutable,
    /// Sendable value.
    private let storage: TechniqueStorage

    init<Technique: InterpolationTechnique>(_ technique: Technique) {
        storage = HeldTechnique(technique)
    }

    /// The held technique's own (forwarded).
    public var name: String { storage.name }
    /// The held technique's own (forwarded).
    public var lookahead: Int { storage.lookahead }
    /// The held technique's own (forwarded).
    public var inputFilter: OneEuroFilter? { storage.inputFilter }
    /// The held technique's own (forwarded).
    public var denoiser: TimeWindowDenoiser? { storage.denoiser }
    /// The held technique's own (forwarded).
    public func commit(_ points: ArraySlice<Point>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        storage.commit(points, cursor: &cursor, into: &path)
    }
    /// The held technique's own (forwarded).
    public func finish(_ points: ArraySlice<Point>, cursor: SpanCursor, into path: inout SpanOutput) {
        storage.finish(points, cursor: cursor, into: &path)
    }
    /// The held technique's own (forwarded).
    public func commit(_ points: ArraySlice<Point>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        storage.commit(points, times: times, cursor: &cursor, into: &path)
    }
    /// The held technique's own (forwarded).
    public func finish(_ points: ArraySlice<Point>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        storage.finish(points, times: times, cursor: cursor, into: &path)
    }
}

extension TechniqueBox {
    /// Itself: a box is not boxed again.
    public var erased: TechniqueBox { self }
}

/// The calls of a technique whose type the box does not name (overridden by `HeldTechnique`).
private class TechniqueStorage {
    var name: String { fatalError("overridden") }
    var lookahead: Int { fatalError("overridden") }
    var inputFilter: OneEuroFilter? { fatalError("overridden") }
    var denoiser: TimeWindowDenoiser? { fatalError("overridden") }
    func commit(_ points: ArraySlice<Point>, cursor: inout SpanCursor, into path: inout SpanOutput) { fatalError("overridden") }
    func finish(_ points: ArraySlice<Point>, cursor: SpanCursor, into path: inout SpanOutput) { fatalError("overridden") }
    func commit(_ points: ArraySlice<Point>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        fatalError("overridden")
    }
    func finish(_ points: ArraySlice<Point>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        fatalError("overridden")
    }
}

/// One technique of a known type, its calls forwarded.
private final class HeldTechnique<Technique: InterpolationTechnique>: TechniqueStorage {
    let technique: Technique
    init(_ technique: Technique) { self.technique = technique }
    override var name: String { technique.name }
    override var lookahead: Int { technique.lookahead }
    override var inputFilter: OneEuroFilter? { technique.inputFilter }
    override var denoiser: TimeWindowDenoiser? { technique.denoiser }
    override func commit(_ points: ArraySlice<Point>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        technique.commit(points, cursor: &cursor, into: &path)
    }
    override func finish(_ points: ArraySlice<Point>, cursor: SpanCursor, into path: inout SpanOutput) {
        technique.finish(points, cursor: cursor, into: &path)
    }
    override func commit(_ points: ArraySlice<Point>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        technique.commit(points, times: times, cursor: &cursor, into: &path)
    }
    override func finish(_ points: ArraySlice<Point>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        technique.finish(points, times: times, cursor: cursor, into: &path)
    }
}
#else
/// A technique of any type, where the engine stores one: `any InterpolationTechnique`. (In
/// Embedded Swift, the WebAssembly build, which has no protocol-typed values, a box of the same
/// calls.)
public typealias AnyInterpolationTechnique = any InterpolationTechnique
#endif

extension InterpolationTechnique {
    /// This technique as a value of any technique type (`AnyInterpolationTechnique`): itself, or in
    /// Embedded Swift a box around it.
    public var erased: AnyInterpolationTechnique {
        #if hasFeature(Embedded)
        TechniqueBox(self)
        #else
        self
        #endif
    }
}
