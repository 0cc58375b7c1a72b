// The names this module's types had before 0.10, kept for one release so that code written against
// them still builds, with a fix-it to the new name. They were renamed because an app that imports
// SwiftUI (`Path`) or Darwin's MacTypes (`Point`, `Rect`) beside FreehandKit could not name them.
// Where SwiftUI exists the old `Path` is left out: it would keep the very ambiguity it names.

/// The old name of ``Point2D``.
@available(*, deprecated, renamed: "Point2D")
public typealias Point = Point2D

/// The old name of ``Rect2D``.
@available(*, deprecated, renamed: "Rect2D")
public typealias Rect = Rect2D

#if !canImport(SwiftUI)
/// The old name of ``BezierPath`` (not on platforms with SwiftUI, whose `Path` it would shadow).
@available(*, deprecated, renamed: "BezierPath")
public typealias Path = BezierPath
#endif
