#if os(iOS) || os(visionOS)
import SwiftUI
import UIKit

/// The note page as an app: its view controller in a navigation controller (undo and redo in the
/// bar), kept in the app's documents folder.
@main
struct NoteCanvasApp: App {
    var body: some Scene {
        WindowGroup { NotePage().ignoresSafeArea() }
    }
}

/// `NoteCanvasViewController` in SwiftUI.
@MainActor
struct NotePage: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> UINavigationController {
        let page = NoteCanvasViewController()
        if let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first {
            page.fileURL = documents.appendingPathComponent("note.json")
        }
        page.title = "Note"
        return UINavigationController(rootViewController: page)
    }

    func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
#endif
