#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandUI
import SwiftUI

/// A signature field: sign with a finger or Apple Pencil, clear or undo, and hand the signature on
/// as a transparent PNG. The field is transparent, so it shows the form behind it in light and
/// dark mode; the buttons follow the canvas's edit state through its proxy.
@MainActor
struct SignaturePadView: View {
    @State private var signature = Drawing()
    @StateObject private var pad = FreehandCanvasProxy()
    /// Receives the signed PNG (3 pixels a point, transparent background).
    var onSign: ([UInt8]) -> Void

    /// A field that hands the signed PNG to `onSign`.
    init(onSign: @escaping ([UInt8]) -> Void = { _ in }) {
        self.onSign = onSign
    }

    var body: some View {
        VStack(spacing: 12) {
            FreehandCanvas(drawing: $signature, preset: .signature, fingers: .always(.draw), proxy: pad)
                .frame(height: 200)
            HStack {
                Button("Undo") { pad.undo() }.disabled(!pad.canUndo)
                Button("Clear") { pad.clear() }.disabled(pad.isEmpty)
                Spacer()
                Button("Sign") {
                    if let png = pad.png() { onSign(png) }
                }
                .disabled(pad.isEmpty)
            }
        }
        .padding()
    }
}
#endif
