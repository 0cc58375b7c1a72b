#if os(iOS) || os(visionOS)
import Combine
import FreehandDocument
import FreehandKit
import FreehandRender
import SwiftUI

/// Commands for a `FreehandCanvas` from outside it, such as the buttons beside a signature field,
/// and its edit state, which SwiftUI observes: `isEmpty`, `canUndo` and `canRedo` refresh the
/// views that read them.
@MainActor
public final class FreehandCanvasProxy: ObservableObject {
    fileprivate weak var view: FreehandCanvasView?

    /// True when nothing is drawn.
    @Published public private(set) var isEmpty = true
    /// True when there is an edit to undo.
    @Published public private(set) var canUndo = false
    /// True when there is an undone edit to redo.
    @Published public private(set) var canRedo = false

    /// A proxy to hand to one `FreehandCanvas`.
    public init() {}

    /// Undoes the last edit.
    public func undo() { view?.undo() }
    /// Redoes the last undone edit.
    public func redo() { view?.redo() }
    /// Removes every stroke (undoable).
    public func clear() { view?.clear() }

    /// The drawing as a PNG cropped to its ink, at `scale` pixels per point, on `background`
    /// (transparent by default, to lay over a document), in the colours it is stored in.
    public func png(scale: Double = 3, background: RGBAColor = .transparent) -> [UInt8]? {
        view.map { DrawingExport.png($0.drawing, scale: scale, background: background) }
    }

    /// The drawing as SVG text cropped to its ink.
    public func svg() -> String? {
        view.map { DrawingExport.svg($0.drawing, background: nil) }
    }

    /// Publishes the controller's edit state where it changed.
    fileprivate func refresh() {
        guard let controller = view?.controller else { return }
        if isEmpty != controller.isEmpty { isEmpty = controller.isEmpty }
        if canUndo != controller.canUndo { canUndo = controller.canUndo }
        if canRedo != controller.canRedo { canRedo = controller.canRedo }
    }
}

/// A SwiftUI field to write, sign or sketch in, bound to a `Drawing`: setting the binding shows
/// another drawing, and each stroke, erase, undo or clear writes the binding. Transparent by
/// default (it shows what is behind it, in light and dark mode).
///
/// ```swift
/// @State private var signature = Drawing()
/// @StateObject private var pad = FreehandCanvasProxy()
///
/// var body: some View {
///     FreehandCanvas(drawing: $signature, preset: .signature, proxy: pad)
///         .frame(height: 200)
///     Button("Clear") { pad.clear() }.disabled(pad.isEmpty)
/// }
/// ```
public struct FreehandCanvas: UIViewRepresentable {
    @Binding private var drawing: Drawing
    private let preset: InkPreset
    private let color: RGBAColor
    private let fingers: FingerPolicy
    private let background: RGBAColor
    private let proxy: FreehandCanvasProxy?

    /// A canvas showing and editing `drawing`, new strokes in `preset` and `color` (as stored;
    /// shown inverted in Dark Mode over a transparent `background`); fingers follow `fingers`
    /// (by default they draw until a pencil is seen, then scroll; `.always(.ignore)` for a
    /// pencil-only field); `proxy` takes commands and reports the edit state. `background` is
    /// fixed when the view is made.
    public init(
        drawing: Binding<Drawing>, preset: InkPreset = .handwriting, color: RGBAColor = .black, fingers: FingerPolicy = .automatic,
        background: RGBAColor = .transparent, proxy: FreehandCanvasProxy? = nil
    ) {
        _drawing = drawing
        self.preset = preset
        self.color = color
        self.fingers = fingers
        self.background = background
        self.proxy = proxy
    }

    /// Makes the UIKit view.
    public func makeUIView(context: Context) -> FreehandCanvasView {
        let view = FreehandCanvasView(drawing: drawing, preset: preset, background: background)
        updateUIView(view, context: context)
        return view
    }

    /// Brings the view up to date with this value. A new drawing from the binding is loaded
    /// without writing the binding back, and the proxy publishes its state after this update, not
    /// during it.
    public func updateUIView(_ view: FreehandCanvasView, context: Context) {
        view.controller.use(preset: preset, color: color, fingers: fingers)
        if view.drawing != drawing { view.load(drawing) }
        let binding = $drawing
        let proxy = self.proxy
        view.onChange = { drawing in
            binding.wrappedValue = drawing
            proxy?.refresh()
        }
        guard let proxy else { return }
        proxy.view = view
        Task { @MainActor in proxy.refresh() }
    }
}
#endif
