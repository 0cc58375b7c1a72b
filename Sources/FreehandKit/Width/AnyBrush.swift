#if hasFeature(Embedded)
/// A brush of any type, where a style stores one: in Embedded Swift (the WebAssembly build),
/// which has no protocol-typed values, a box that forwards to the brush it holds.
public typealias AnyBrush = BrushBox

/// A brush of any type, behind one concrete type: Embedded Swift's stand-in for `any Brush`.
/// Make one with `Brush.erased`.
public struct BrushBox: Brush, @unchecked Sendable {
    /// The brush's own calls; `@unchecked Sendable`: the held brush is an immutable, Sendable value.
    private let storage: BrushStorage

    init<Held: Brush>(_ brush: Held) {
        storage = HeldBrush(brush)
    }

    /// The held brush's own (forwarded).
    public var name: String { storage.name }
    /// The held brush's own (forwarded).
    public var lookahead: Int { storage.lookahead }
    /// The held brush's own (forwarded).
    public func finalPointCount(of count: Int) -> Int { storage.finalPointCount(of: count) }
    /// The held brush's own (forwarded).
    public func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties {
        storage.properties(at: index, of: input, previous: previous)
    }
    /// The held brush's own (forwarded).
    public var dotWidth: Double { storage.dotWidth }
    /// The held brush's own (forwarded).
    public var layering: InkLayering { storage.layering }
}

extension BrushBox {
    /// Itself: a box is not boxed again.
    public var erased: BrushBox { self }
}

/// The calls of a brush whose type the box does not name (overridden by `HeldBrush`).
private class BrushStorage {
    var name: String { fatalError("overridden") }
    var lookahead: Int { fatalError("overridden") }
    func finalPointCount(of count: Int) -> Int { fatalError("overridden") }
    func properties(at index: Int, of input: BrushInput, previous: InkProperties?) -> InkProperties { fatalError("overridden") }
    var dotWidth: Double { fatalError("overridden") }
    var layering: InkLayering { fatalError("overridden") }
}

/// One brush of a known type, its calls forwarded.
private final class HeldBrush<Held: Brush>: BrushStorage {
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
        BrushBox(self)
        #else
        self
        #endif
    }
}
