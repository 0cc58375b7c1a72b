/// What fingers do on a drawing view, before and after an Apple Pencil has touched it.
///
/// The default, `.automatic`, follows PencilKit's default drawing policy: on a device nobody has
/// used a pencil on (a phone, an iPad without one, a mouse that the app receives as touches
/// because it does not declare `UIApplicationSupportsIndirectInputEvents`), a finger draws; once a
/// pencil has touched the view, the pencil draws and fingers are left to the app — they scroll and
/// zoom an enclosing scroll view — and with the system's "Only Draw with Apple Pencil" setting on
/// (`InkSession.prefersPencilOnlyDrawing`) fingers never draw. `.drawThenErase` makes fingers erase
/// once a pencil is seen; `.always(.ignore)` makes a pencil-only view.
public struct FingerPolicy: Hashable, Sendable {
    /// What a finger does while no pencil has touched the view.
    public var beforePencil: TouchRole
    /// What a finger does once a pencil has touched the view.
    public var afterPencil: TouchRole
    /// True: when the user prefers to draw only with the pencil (the system setting), fingers do
    /// `afterPencil` from the start.
    public var followsPencilOnlyDrawing: Bool

    /// Fingers do `beforePencil` until a pencil has touched the view, then `afterPencil`; with
    /// `followsPencilOnlyDrawing`, `afterPencil` from the start when the user prefers pencil-only
    /// drawing.
    public init(beforePencil: TouchRole, afterPencil: TouchRole, followsPencilOnlyDrawing: Bool = false) {
        self.beforePencil = beforePencil
        self.afterPencil = afterPencil
        self.followsPencilOnlyDrawing = followsPencilOnlyDrawing
    }

    /// PencilKit's default: fingers draw until a pencil has touched the view (or never, when the
    /// user prefers pencil-only drawing), then are left alone to scroll and zoom.
    public static let automatic = FingerPolicy(beforePencil: .draw, afterPencil: .ignore, followsPencilOnlyDrawing: true)

    /// Fingers draw until a pencil has touched the view, then erase (a page with no scroll view,
    /// such as the playground's).
    public static let drawThenErase = FingerPolicy(beforePencil: .draw, afterPencil: .erase)

    /// Fingers do `role` whether or not a pencil has been seen.
    public static func always(_ role: TouchRole) -> FingerPolicy { FingerPolicy(beforePencil: role, afterPencil: role) }

    /// What a finger does, given whether a pencil has touched the view and whether the user
    /// prefers pencil-only drawing (the system setting).
    public func role(pencilSeen: Bool, prefersPencilOnlyDrawing: Bool = false) -> TouchRole {
        pencilSeen || (followsPencilOnlyDrawing && prefersPencilOnlyDrawing) ? afterPencil : beforePencil
    }
}
