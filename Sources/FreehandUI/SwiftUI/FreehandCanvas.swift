#if canImport(SwiftUI) && canImport(UIKit)
import FreehandDocument
import FreehandKit
import FreehandRender
import SwiftUI

/// Commands for a `FreehandCanvas` from outside it, such as the buttons beside a signature field.
@MainActor
public final class FreehandCanvasProxy {
    fileprivate weak var view: FreehandCanvasView?

    /// A proxy to hand to one `FreehandCanvas`.
    public init() {}

    /// True when nothing is drawn (also `drawing.strokes.isEmpty` on the bound drawing).
    public var isEmpty: Bool { view?.controller.isEmpty ?? true }
    /// True when there is an edit to undo.
    public var canUndo: Bool { view?.controller.canUndo ?? false }
    /// Undoes the last edit.
    public func undo() { view?.undo() }
    /// Redoes the last undone edit.
    public func redo() { view?.redo() }
    /// Removes every stroke (undoable).
    public func clear() { view?.clear() }

    /// The drawing as a PNG cropped to its ink, at `scale` pixels per point, on `background`
    /// (transparent by default, to lay over a document).
    public func png(scale: Double = 3, background: RGBAColor = .transparent) -> [UInt8]? {
        view.map { DrawingExport.png($0.drawing, scale: scale, background: background) }
    }

    /// The drawing as SVG text cropped to its ink.
    public func svg() -> String? {
        view.map { DrawingExport.svg($0.drawing, background: nil) }
    }
}

/// A SwiftUI field to write, sign or sketch in, bound to a `Drawing`: `drawing.strokes.isEmpty`
/// tells whether anything was drawn, and setting the binding shows another drawing.
///
/// ```swift
/// @State private var signature = Drawing()
/// private let pad = FreehandCanvasProxy()
///
/// var body: some View {
///     FreehandCanvas(drawing: $signature, preset: .signature, proxy: pad)
///         .frame(height: 200)
///     Button("Clear") { pad.clear() }.disabled(signature.strokes.isEmpty)
/// }
/// ```
public struct FreehandCanvas: UIViewRepresentable {
    @Binding private var drawing: Drawing
    private let preset: InkPreset
    private let color: RGBAColor
    private let fingerRole: TouchRole
    private let proxy: FreehandCanvasProxy?

    /// A canvas showing and editing `drawing`, new strokes in `preset` and `color`; fingers do
    /// `fingerRole` (erase by default; `.ignore` for a pencil-only field); `proxy` takes commands.
    public init(
        drawing: Binding<Drawing>, preset: InkPreset = .handwriting, color: RGBAColor = .black, fingerRole: TouchRole = .erase,
        proxy: FreehandCanvasProxy? = nil
    ) {
        _drawing = drawing
        self.preset = preset
        self.color = color
        self.fingerRole = fingerRole
        self.proxy = proxy
    }

    /// Makes the UIKit view.
    public func makeUIView(context: Context) -> FreehandCanvasView {
        let view = FreehandCanvasView(drawing: drawing, preset: preset)
        updateUIView(view, context: context)
        return view
    }

    /// Brings the view up to date with this value.
    public func updateUIView(_ view: FreehandCanvasView, context: Context) {
        let controller = view.controller
        if controller.preset != preset { controller.preset = preset }
        if controller.color != color { controller.color = color }
        controller.fingerRole = fingerRole
        if view.drawing != drawing { view.load(drawing) }
        let binding = $drawing
        view.onChange = { binding.wrappedValue = $0 }
        proxy?.view = view
    }
}
#endif
