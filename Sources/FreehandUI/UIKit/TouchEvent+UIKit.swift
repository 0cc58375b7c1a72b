#if os(iOS) || os(visionOS)
import FreehandDocument
import UIKit

extension TouchEvent {
    /// One phase of `touch` as `event` delivers it, in `view`'s coordinates: its coalesced
    /// readings (the touch itself when there are none) and, while it moves, its predicted ones.
    @MainActor
    public init(_ touch: UITouch, event: UIEvent?, phase: TouchPhase, in view: UIView) {
        let coalesced = event?.coalescedTouches(for: touch) ?? []
        let predicted = phase == .moved ? event?.predictedTouches(for: touch) ?? [] : []
        self.init(
            touch: ObjectIdentifier(touch), phase: phase, type: TouchType(touch.type),
            samples: (coalesced.isEmpty ? [touch] : coalesced).map { TouchSample($0, in: view) },
            predicted: predicted.map { TouchSample($0, in: view) })
    }
}
#endif
