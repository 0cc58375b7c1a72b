#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandUI
import UIKit

/// A note page that pans and zooms (two fingers drag and pinch; the ink stays sharp at every
/// zoom): Apple Pencil writes, a finger writes until a pencil is seen and scrolls after
/// (FingerPolicy.automatic, as PencilKit), undo and redo in the navigation bar, and the page saved as
/// FreehandKit JSON after every change (atomically: a crash never leaves half a file).
final class NoteCanvasViewController: UIViewController {
    private let canvas = FreehandPageView(preset: .handwriting)
    /// Where the page is kept.
    var fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("note.json")

    override func viewDidLoad() {
        super.viewDidLoad()
        canvas.frame = view.bounds
        canvas.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.backgroundColor = .systemBackground
        view.addSubview(canvas)
        if let data = try? Data(contentsOf: fileURL), let drawing = try? InkJSON.drawing(from: data) { canvas.load(drawing) }
        let undo = UIAction { [weak self] _ in self?.canvas.undo() }
        let redo = UIAction { [weak self] _ in self?.canvas.redo() }
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(systemItem: .redo, primaryAction: redo), UIBarButtonItem(systemItem: .undo, primaryAction: undo),
        ]
        canvas.onChange = { [weak self] drawing in self?.save(drawing) }
        updateItems()
    }

    private func save(_ drawing: Drawing) {
        updateItems()
        do {
            try AtomicFile.write(InkJSON.data(for: drawing), to: fileURL)
        } catch {
            title = "Not saved: \(error)"
        }
    }

    private func updateItems() {
        navigationItem.rightBarButtonItems?.last?.isEnabled = canvas.page.controller.canUndo
        navigationItem.rightBarButtonItems?.first?.isEnabled = canvas.page.controller.canRedo
    }
}
#endif
