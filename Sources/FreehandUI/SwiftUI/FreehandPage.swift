#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandKit
import FreehandRender
import SwiftUI
import UIKit

/// A SwiftUI page to write and draw on that pans and zooms (two fingers drag and pinch), bound to
/// a `Drawing` and to its zoom: setting `zoom` zooms the page, a pinch writes it; setting the
/// drawing shows another one, and each stroke, erase, undo or clear writes it.
///
/// ```swift
/// @State private var notes = Drawing()
/// @State private var zoom: CGFloat = 1
///
/// var body: some View {
///     FreehandPage(drawing: $notes, zoom: $zoom)
///     Button("Actual size") { zoom = 1 }
/// }
/// ```
public struct FreehandPage: UIViewRepresentable {
    @Binding private var drawing: Drawing
    @Binding private var zoom: CGFloat
    private let preset: InkPreset
    private let color: RGBAColor
    private let fingers: FingerPolicy
    private let pageSize: CGSize
    private let background: RGBAColor

    /// A page of `pageSize` points on `background` (fixed when the view is made) showing and
    /// editing `drawing` at `zoom` (held to 0.25…8 by the scroll view), new strokes in `preset`
    /// and `color`; fingers follow `fingers`.
    public init(
        drawing: Binding<Drawing>, zoom: Binding<CGFloat>, preset: InkPreset = .handwriting, color: RGBAColor = .black,
        fingers: FingerPolicy = .automatic, pageSize: CGSize = CGSize(width: 2048, height: 2732), background: RGBAColor = .white
    ) {
        _drawing = drawing
        _zoom = zoom
        self.preset = preset
        self.color = color
        self.fingers = fingers
        self.pageSize = pageSize
        self.background = background
    }

    /// Makes the UIKit view.
    public func makeUIView(context: Context) -> FreehandPageView {
        let view = FreehandPageView(pageSize: pageSize, drawing: drawing, preset: preset, background: background)
        updateUIView(view, context: context)
        return view
    }

    /// Brings the view up to date with this value. A new drawing or zoom from the bindings is
    /// shown without writing the binding back; a pinch or a stroke writes it.
    public func updateUIView(_ view: FreehandPageView, context: Context) {
        // Zoom changes made here (a new zoom, a new page size) are not written back.
        view.onZoom = nil
        view.page.controller.use(preset: preset, color: color, fingers: fingers)
        if view.pageSize != pageSize { view.pageSize = pageSize }
        if view.drawing != drawing { view.load(drawing) }
        if view.zoomScale != zoom { view.zoomScale = zoom }
        let drawingBinding = $drawing, zoomBinding = $zoom
        view.onChange = { drawing in drawingBinding.wrappedValue = drawing }
        view.onZoom = { scale in
            if zoomBinding.wrappedValue != scale { zoomBinding.wrappedValue = scale }
        }
    }
}
#endif
