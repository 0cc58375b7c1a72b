// Stand-in for the MacTypes C header (Darwin.MacTypes) that Foundation brings into every macOS and
// Mac Catalyst source: QuickDraw's integer `Point` and `Rect`, as the header declares them. A
// library type of the same name would be ambiguous beside it (tools/public_type_names.sh checks).

/// QuickDraw's point: vertical, then horizontal.
public struct Point: Sendable {
    public var v: Int16
    public var h: Int16
}

/// QuickDraw's rectangle.
public struct Rect: Sendable {
    public var top: Int16
    public var left: Int16
    public var bottom: Int16
    public var right: Int16
}
