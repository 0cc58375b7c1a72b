// The names this module's types had before 0.10, kept for one release (with a fix-it to the new
// name) where they clash with nothing: an app that imports SwiftUI beside FreehandRender could not
// name `Canvas` or `BlendMode`, so on platforms with SwiftUI the old names are gone.

#if !canImport(SwiftUI)
/// The old name of ``InkCanvas`` (not on platforms with SwiftUI, whose `Canvas` it would shadow).
@available(*, deprecated, renamed: "InkCanvas")
public typealias Canvas = InkCanvas

/// The old name of ``InkBlendMode`` (not on platforms with SwiftUI).
@available(*, deprecated, renamed: "InkBlendMode")
public typealias BlendMode = InkBlendMode
#endif
