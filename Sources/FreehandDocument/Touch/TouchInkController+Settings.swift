import FreehandKit

extension TouchInkController {
    /// Takes the settings a SwiftUI view hands its UIKit view on every update, changing only those
    /// that differ (a new preset resets the canvas's grain; the same one again does nothing): new
    /// strokes in `preset` and `color`, fingers as `fingers` says.
    public func use(preset: InkPreset, color: RGBAColor, fingers: FingerPolicy) {
        if self.preset != preset { self.preset = preset }
        if self.color != color { self.color = color }
        if fingerPolicy != fingers { fingerPolicy = fingers }
    }
}
