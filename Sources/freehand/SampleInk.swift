import FreehandDocument
import FreehandKit
import Foundation

/// The sample ink compiled into the tool (`SampleInk/`, with its licences): what `demo` draws and
/// what `evaluate` and `bench` measure when given nothing and no shared data set sits beside the
/// working directory. Compiled in, not looked up in a resource bundle, so that the binary copied
/// alone anywhere still has it.
enum SampleInk {
    /// The word "hey" drawn with a mouse (~125 Hz), from perfect-freehand (MIT).
    static let hey = Recording(name: "hey", bytes: PackageResources.hey_json)
    /// The word "ink" written with a pen (~250 Hz, pressure and tilt), from Wacom's universal-ink-library (Apache 2.0).
    static let inkPen = Recording(name: "ink-pen", bytes: PackageResources.ink_pen_json)
    /// Every sample recording.
    static let all = [hey, inkPen]

    /// One bundled recording: its name and its FreehandKit JSON.
    struct Recording {
        /// The file's name without its extension.
        var name: String
        /// The file's bytes.
        var bytes: [UInt8]

        /// Its strokes in points.
        func strokes() throws -> [[Sample]] { try read { data throws(InkFormatError) in try InkFileFormat.json.strokesInPoints(data) } }

        /// The recording as the data set's reader reads it: strokes in the file's units, with
        /// its units and sample rate.
        func recording() throws -> RecordingJSON.Recording { try read { data throws(InkFormatError) in try RecordingJSON.recording(from: data) } }

        private func read<Value>(_ reader: (Data) throws(InkFormatError) -> Value) throws -> Value {
            do {
                return try reader(Data(bytes))
            } catch {
                throw CommandLineFailure("the sample ink '\(name)' compiled into this tool does not read: \(error)")
            }
        }
    }
}
