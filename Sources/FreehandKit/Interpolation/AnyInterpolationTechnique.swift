#if hasFeature(Embedded)
/// A technique of any type, where the engine stores one: in Embedded Swift (the WebAssembly
/// build), which has no protocol-typed values, a box that forwards to the technique it holds.
public typealias AnyInterpolationTechnique = TechniqueBox

/// A technique of any type, behind one concrete type: Embedded Swift's stand-in for
/// `any InterpolationTechnique`. Make one with `InterpolationTechnique.erased`; each box is a
/// `HeldTechnique`, which forwards every call to the technique it holds. `@unchecked Sendable`:
/// the held technique is an immutable, Sendable value.
public class TechniqueBox: InterpolationTechnique, @unchecked Sendable {
    /// The held technique's own (forwarded).
    public var name: String { fatalError("overridden") }
    /// The held technique's own (forwarded).
    public var lookahead: Int { fatalError("overridden") }
    /// The held technique's own (forwarded).
    public var inputFilter: OneEuroFilter? { fatalError("overridden") }
    /// The held technique's own (forwarded).
    public var denoiser: TimeWindowDenoiser? { fatalError("overridden") }
    /// The held technique's own (forwarded).
    public func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) { fatalError("overridden") }
    /// The held technique's own (forwarded).
    public func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) { fatalError("overridden") }
    /// The held technique's own (forwarded).
    public func commit(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        fatalError("overridden")
    }
    /// The held technique's own (forwarded).
    public func finish(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
        fatalError("overridden")
    }
}

extension TechniqueBox {
    /// Itself: a box is not boxed again.
    public var erased: TechniqueBox { self }
}

/// One technique of a known type, its calls forwarded.
private final class HeldTechnique<Technique: InterpolationTechnique>: TechniqueBox, @unchecked Sendable {
    let technique: Technique
    init(_ technique: Technique) { self.technique = technique }
    override var name: String { technique.name }
    override var lookahead: Int { technique.lookahead }
    override var inputFilter: OneEuroFilter? { technique.inputFilter }
    override var denoiser: TimeWindowDenoiser? { technique.denoiser }
    override func commit(_ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        technique.commit(points, cursor: &cursor, into: &path)
    }
    override func finish(_ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput) {
        technique.finish(points, cursor: cursor, into: &path)
    }
    override func commit(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput) {
        technique.commit(points, times: times, cursor: &cursor, into: &path)
    }
    override func finish(_ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput) {
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
        HeldTechnique(self)
        #else
        self
        #endif
    }
}
