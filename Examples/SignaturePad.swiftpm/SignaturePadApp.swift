#if os(iOS) || os(visionOS)
import SwiftUI

/// The signature pad as an app: the field on a form, and the signed PNG's size once signed.
@main
struct SignaturePadApp: App {
    var body: some Scene {
        WindowGroup { SignatureForm() }
    }
}

/// A form with a signature field; signing shows what the app received.
@MainActor
struct SignatureForm: View {
    @State private var signedBytes: Int?

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Sign below")
            SignaturePadView { png in signedBytes = png.count }
            if let signedBytes { Text("Signed: a \(signedBytes)-byte PNG") }
        }
        .padding()
    }
}
#endif
