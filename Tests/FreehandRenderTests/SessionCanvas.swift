import FreehandDocument
import FreehandKit
import FreehandRender

/// A canvas driven as an app drives one: an `InkSession` runs the strokes, and the canvas shows
/// what each call reports (`InkCanvas.show(_:of:appearance:)`).
final class SessionCanvas {
    let canvas: InkCanvas
    var session: InkSession

    /// `canvas` with a session drawing new strokes in `preset` and `color`, outlined for its scale;
    /// fingers erase once a pen has drawn (`FingerPolicy.drawThenErase`: no scroll view here).
    init(_ canvas: InkCanvas, preset: InkPreset = .handwriting, color: RGBAColor = .black) {
        self.canvas = canvas
        session = InkSession(preset: preset, color: color, outlineScale: canvas.scale)
        session.fingerPolicy = .drawThenErase
    }

    var image: Bitmap { canvas.image }

    @discardableResult
    func begin(_ id: AnyHashable, kind: PointerKind = .pen) -> PixelRect? {
        canvas.show(session.begin(id, kind: kind, at: .zero), of: session)
    }

    @discardableResult
    func append<S: Sequence<Sample>>(_ id: AnyHashable, _ samples: S, predicted: [Sample] = []) -> PixelRect? {
        canvas.show(session.append(id, Array(samples), predicted: predicted), of: session)
    }

    @discardableResult
    func end(_ id: AnyHashable) -> PixelRect? {
        canvas.show(session.end(id), of: session)
    }

    @discardableResult
    func cancel(_ id: AnyHashable) -> PixelRect? {
        canvas.show(session.cancel([id]), of: session)
    }
}
