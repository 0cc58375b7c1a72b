import FreehandDocument
import FreehandEvaluation
import Foundation

/// Loads recordings for evaluation from files and folders (a folder contributes every `.json`
/// below it), converting their units to points.
enum RecordingLoader {
    static func load(_ arguments: [String]) throws -> [EvaluationRecording] {
        var files: [URL] = []
        for argument in arguments {
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw CommandLineFailure("\(argument): no such file or folder")
            }
            if isFolder.boolValue {
                let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
                while let file = walker?.nextObject() as? URL {
                    if file.pathExtension == "json" { files.append(file) }
                }
            } else {
                files.append(url)
            }
        }
        return try files.sorted { $0.path < $1.path }.map { file in
            let recording: RecordingJSON.Recording
            do {
                recording = try RecordingJSON.recording(from: AtomicFile.read(file, limit: InkInput.sizeLimit))
            } catch {
                throw CommandLineFailure("\(file.path): \(error)")
            }
            return EvaluationRecording(
                name: file.deletingPathExtension().lastPathComponent, strokes: recording.strokes,
                pointsPerUnit: RecordingUnits.pointsPerUnit(describedBy: recording.units), nominalRate: recording.sampleRate)
        }
    }
}
