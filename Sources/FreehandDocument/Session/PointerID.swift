#if hasFeature(Embedded)
/// The identity of a pointer (a touch, a pen, a mouse) while it is down: in the WebAssembly build
/// (Embedded Swift, which has no `AnyHashable`), the pointer id a browser gives.
public typealias PointerID = Int
#else
/// The identity of a pointer (a touch, a pen, a mouse) while it is down: any hashable value —
/// a `UITouch`, a browser's pointer id.
public typealias PointerID = AnyHashable
#endif
