import FreehandEvaluation
import FreehandKit
import Foundation

/// `freehand evaluate --shapes`: shape recognition measured on hand-drawn shapes timed by real
/// strokes' motion, and on real handwriting (grouped by source) with a hold added to every stroke.
enum ShapeReport {
    /// The measurement over `handwriting` (its timed strokes also lend their motion to the shapes),
    /// with the report as Markdown.
    static func markdown(_ handwriting: [RecordingLoader.LoadedRecording]) -> (report: ShapeEvaluation.Report, markdown: String) {
        var groups: [(name: String, strokes: [[Sample]])] = []
        for recording in handwriting {
            let name = source(of: recording.file)
            let strokes = recording.prepared.strokes
            if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].strokes += strokes
            } else {
                groups.append((name, strokes))
            }
        }
        let donors = groups.flatMap(\.strokes).filter { $0.count >= 16 }
        let shapes = HandDrawnShapes().drawn(motionFrom: donors)
        let report = ShapeEvaluation().run(shapes: shapes, handwriting: groups)
        return (report, ShapeEvaluation.markdown(report))
    }

    /// The data set a recording belongs to: the folder above `strokes/`, else the file's name.
    static func source(of file: URL) -> String {
        let folder = file.deletingLastPathComponent()
        return folder.lastPathComponent == "strokes" ? folder.deletingLastPathComponent().lastPathComponent : file.deletingPathExtension().lastPathComponent
    }
}
