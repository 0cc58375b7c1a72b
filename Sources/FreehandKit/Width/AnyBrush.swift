#if hasFeature(Embedded)
/// A brush of any type, where a style stores one: in Embedded Swift (the WebAssembly build),
/// which has no protocol-typed values, a box that forwards to the brush it holds.
public typealias AnyBrush = BrushBox

/// A brush of any type, behind one concrete type: Embedded Swift's stand-in for `any Brush`.
/// Make one with `Brush.erased`; each box is a `HeldBrush`, which forwards every call to the brush
/// it holds. `@unchecked Sendable`: the held brush is an immutable, Sendable value.
public class BrushBox: Brush, @unchecked Sendable {
    /// The held brush's own (forwarded).
    public var name: String { fatalError("overridden") }
    /// The held brush's own (forwarded).
    public var lookahead: Int { fatalError("overridden") }
    /// The held brush's own (forwarded).
    public func finalPointCount(of count: Int) -> Int { fatalError("overridden") }
    /// The held brush's own (forwarded).
    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties { fatalError("overridden") }
    /// The held brush's own (forwarded).
    public var dotWidth: Double { fatalError("overridden") }
    /// The held brush's own (forwarded).
    public var layering: InkLayering { fatalError("overridden") }
}

extension BrushBox {
    /// Itself: a box is not boxed again.
    public var erased: BrushBox { self }
}

/// One brush of a known type, its calls forwarded.
private final class HeldBrush<Held: Brush>: BrushBox, @unchecked Sendable {
    let brush: Held
    init(_ brush: Held) { self.brush = brush }
    override var name: String { brush.name }
    override var lookahead: Int { brush.lookahead }
    override func finalPointCount(of count: Int) -> Int { brush.finalPointCount(of: count) }
    override func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        brush.properties(at: index, of: input, previous: previous)
    }
    override var dotWidth: Double { brush.dotWidth }
    override var layering: InkLayering { brush.layering }
}
#else
/// A brush of any type, where a style stores one: `any Brush`. (In Embedded Swift, the
/// WebAssembly build, which has no protocol-typed values, a box of the same calls.)
public typealias AnyBrush = any Brush
#endif

extension Brush {
    /// This brush as a value of any brush type (`AnyBrush`): itself, or in Embedded Swift a box
    /// around it.
    public var erased: AnyBrush {
        #if hasFeature(Embedded)
        HeldBrush(self)
        #else
        self
        #endif
    }
}
