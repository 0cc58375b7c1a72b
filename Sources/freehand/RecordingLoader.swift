import FreehandDocument
import FreehandEvaluation
import FreehandKit
import Foundation

/// Loads recordings for evaluation from files and folders, converting their units to points: a
/// file in any format `convert` reads, a folder every `.json`, `.fhb` and `.inkml` file below it.
enum RecordingLoader {
    /// Every recording of `arguments`, in points.
    static func load(_ arguments: [String]) throws -> [EvaluationRecording] {
        try read(arguments).map(\.prepared)
    }

    /// A recording file as read: its strokes in the file's own units, and prepared for evaluation.
    struct LoadedRecording {
        var file: URL
        var recording: RecordingJSON.Recording

        /// The strokes in points, y down (`Drawing.inPoints`), as the commands that draw ink take them.
        var strokesInPoints: [[Sample]] {
            let info = RecordingInfo(units: recording.units, sampleRate: recording.sampleRate)
            return Drawing(strokes: recording.strokes.map { StrokeRecord(samples: $0) }, recording: info).inPoints.strokes.map(\.samples.unpacked)
        }

        /// The strokes in points, for evaluation and benchmarks.
        var prepared: EvaluationRecording {
            EvaluationRecording(
                name: file.deletingPathExtension().lastPathComponent, strokes: recording.strokes,
                pointsPerUnit: RecordingInfo(units: recording.units).pointsPerUnit, nominalRate: recording.sampleRate)
        }
    }

    /// Every recording of `arguments`, each file read once. A file named is an error when it is no
    /// ink; a file found in a folder that is no ink (an app's raw event log beside the converted
    /// strokes) is skipped, and the skips are reported on standard error.
    static func read(_ arguments: [String]) throws -> [LoadedRecording] {
        var loaded: [LoadedRecording] = []
        var skipped: [String] = []
        for (path, named) in try files(arguments) {
            do {
                loaded.append(try load(path))
            } catch {
                if named { throw error }
                skipped.append(path)
            }
        }
        if !skipped.isEmpty {
            let list = skipped.prefix(3).joined(separator: ", ") + (skipped.count > 3 ? ", …" : "")
            FileHandle.standardError.write(Data("skipped \(skipped.count) file(s) that are not ink: \(list)\n".utf8))
        }
        guard !loaded.isEmpty || arguments.isEmpty else { throw CommandLineFailure("no recordings found in \(arguments.joined(separator: ", "))") }
        return loaded
    }

    /// One ink file as a recording. JSON in the recordings' layout is read by the recording reader
    /// (the data set's own format, sample for sample); anything else `convert` reads — FreehandKit
    /// JSON with stroke settings, binary, InkML, signature_pad — through the command line's input
    /// layer (format by extension or content; `-` is standard input).
    private static func load(_ path: String) throws -> LoadedRecording {
        let file = URL(fileURLWithPath: path == "-" ? "standard input" : path)
        if path != "-", file.pathExtension.lowercased() == "json", let data = try? AtomicFile.read(file, limit: InkInput.sizeLimit),
            let recording = try? RecordingJSON.recording(from: data)
        {
            return LoadedRecording(file: file, recording: recording)
        }
        let drawing = try InkInput.drawing(at: path)
        return LoadedRecording(
            file: file,
            recording: RecordingJSON.Recording(
                strokes: drawing.strokes.map { $0.samples.unpacked }, units: drawing.recording.units, sampleRate: drawing.recording.sampleRate))
    }

    /// The extensions of the ink files a folder contributes.
    static let folderExtensions: Set<String> = ["json", "fhb", "inkml"]

    /// The files named (true; `-` for standard input), and every ink file below a folder named
    /// (false), in path order.
    private static func files(_ arguments: [String]) throws -> [(path: String, named: Bool)] {
        var files: [(path: String, named: Bool)] = []
        for argument in arguments {
            if argument == "-" {
                files.append(("-", true))
                continue
            }
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw CommandLineFailure("\(argument): no such file or folder")
            }
            if isFolder.boolValue {
                let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
                while let file = walker?.nextObject() as? URL {
                    if folderExtensions.contains(file.pathExtension.lowercased()) { files.append((file.path, false)) }
                }
            } else {
                files.append((url.path, true))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The handwriting among the default recordings (the negatives of shape recognition): every
    /// recording of the signature, note and letter sources, and perfect-freehand's written "hey"s;
    /// the scroll flings, scribbles, zig-zags, waves and corners are drawn gestures, not writing.
    /// Without the shared data, the bundled sample ink.
    static func handwritingRecordings() throws -> [LoadedRecording] {
        let shared = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent().appendingPathComponent("shared/data")
        let paths = ["svc2004-task2/strokes", "wacom-uim-samples/strokes", "wacom-iot-paper/strokes", "perfect-freehand/strokes/hey.json", "perfect-freehand/strokes/he2.json"]
            .map { shared.appendingPathComponent($0).path }.filter { FileManager.default.fileExists(atPath: $0) }
        return paths.isEmpty ? try defaultRecordings() : try read(paths)
    }

    /// The folders read when no recordings are named: each `../shared/data/<source>/strokes` beside
    /// the working directory (raw/ beside it holds the originals); none without the shared data.
    static func defaultFolders() -> [String] {
        let shared = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent().appendingPathComponent("shared/data")
        guard let sources = try? FileManager.default.contentsOfDirectory(atPath: shared.path) else { return [] }
        return sources.sorted().map { shared.appendingPathComponent($0).appendingPathComponent("strokes").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// The recordings to use when none are named: every recording in each
    /// `../shared/data/<source>/strokes` folder when the shared data set sits beside the working
    /// directory, else the sample ink compiled into the tool.
    static func defaultRecordings() throws -> [LoadedRecording] {
        let folders = defaultFolders()
        if !folders.isEmpty { return try read(folders) }
        return try SampleInk.all.map { sample in LoadedRecording(file: URL(fileURLWithPath: sample.name + ".json"), recording: try sample.recording()) }
    }
}
