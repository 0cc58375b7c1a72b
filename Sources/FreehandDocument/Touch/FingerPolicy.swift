/// What fingers do on a drawing view, before and after an Apple Pencil has touched it.
///
/// The default, `.automatic`, follows PencilKit's default drawing policy: on a device nobody has
/// used a pencil on (a phone, an iPad without one, a mouse that the app receives as touches
/// because it does not declare `UIApplicationSupportsIndirectInputEvents`), a finger draws; once a
/// pencil has touched the view, the pencil draws and fingers erase. `.always(.ignore)` makes a
/// pencil-only view whose fingers are left to an enclosing scroll view.
public struct FingerPolicy: Hashable, Sendable {
    /// What a finger does while no pencil has touched the view.
    public var beforePencil: TouchRole
    /// What a finger does once a pencil has touched the view.
    public var afterPencil: TouchRole

    /// Fingers do `beforePencil` until a pencil has touched the view, then `afterPencil`.
    public init(beforePencil: TouchRole, afterPencil: TouchRole) {
        self.beforePencil = beforePencil
        self.afterPencil = afterPencil
    }

    /// Fingers draw until a pencil has touched the view, then erase (PencilKit's default).
    public static let automatic = FingerPolicy(beforePencil: .draw, afterPencil: .erase)

    /// Fingers do `role` whether or not a pencil has been seen.
    public static func always(_ role: TouchRole) -> FingerPolicy { FingerPolicy(beforePencil: role, afterPencil: role) }

    /// What a finger does, given whether a pencil has touched the view.
    public func role(pencilSeen: Bool) -> TouchRole { pencilSeen ? afterPencil : beforePencil }
}
