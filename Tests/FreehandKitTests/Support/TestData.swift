import FreehandDocument
import FreehandEvaluation
import FreehandKit
import Foundation

/// Real recordings for tests: the bundled fixtures, and the shared data set when it is present.
enum TestData {
    /// A recording: its name and its strokes.
    struct Recording {
        var name: String
        var strokes: [[Sample]]
        /// The file's description of its units.
        var units: String?
        /// The file's nominal or median rate, hertz.
        var sampleRate: Double?
    }

    /// Every bundled fixture recording.
    static let fixtures: [Recording] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else { return [] }
        return recordings(in: [folder])
    }()

    /// The fixture called `name` (file name without `.json`).
    static func fixture(_ name: String) -> Recording {
        guard let recording = fixtures.first(where: { $0.name == name }) else {
            fatalError("missing fixture \(name)")
        }
        return recording
    }

    /// The folder of the shared recordings (`../shared/data` beside the package, or
    /// `$FREEHAND_SHARED_DATA`), or nil when it is absent.
    static let sharedDataFolder: URL? = {
        if let override = ProcessInfo.processInfo.environment["FREEHAND_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()

    /// Every recording of the shared data set (empty when it is absent).
    static let shared: [Recording] = {
        guard let folder = sharedDataFolder else {
            print("note: ../shared/data is absent; tests over the shared recordings are skipped")
            return []
        }
        let sources = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return recordings(in: sources.map { $0.appendingPathComponent("strokes") })
    }()

    /// True when the shared data set is present (used to enable tests over it).
    static var hasSharedData: Bool { sharedDataFolder != nil }

    private static func recordings(in folders: [URL]) -> [Recording] {
        var result: [Recording] = []
        for folder in folders.sorted(by: { $0.path < $1.path }) {
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "json" {
                guard let data = try? Data(contentsOf: file), let recording = try? RecordingJSON.recording(from: data) else {
                    fatalError("unreadable recording \(file.path)")
                }
                result.append(Recording(
                    name: file.deletingPathExtension().lastPathComponent, strokes: recording.strokes,
                    units: recording.units, sampleRate: recording.sampleRate))
            }
        }
        return result
    }
}

/// The seeded generator of the evaluation module, so property tests are reproducible.
typealias SeededGenerator = SplitMix64

extension SeededGenerator {
    /// A random pen stroke: a wandering walk with repeats, uneven timing and occasional sharp turns.
    mutating func stroke(count: Int) -> [Sample] {
        var samples: [Sample] = []
        var location = Point2D(Double.random(in: 0...500, using: &self), Double.random(in: 0...500, using: &self))
        var heading = Double.random(in: 0...(2 * .pi), using: &self)
        var time = 0.0
        for _ in 0..<count {
            samples.append(Sample(location: location, timestamp: time, force: Double.random(in: 0...1, using: &self)))
            time += Double.random(in: 0.002...0.03, using: &self)
            if Double.random(in: 0...1, using: &self) < 0.1 { continue }  // a repeat
            heading += Double.random(in: -0.6...0.6, using: &self)
            if Double.random(in: 0...1, using: &self) < 0.05 { heading += .pi }  // a reversal
            let step = Double.random(in: 0.01...20, using: &self)
            location += Point2D(cos(heading), sin(heading)) * step
        }
        return samples
    }

    /// `samples` split into chunks of random sizes (1 to `maximum`).
    mutating func chunks<T>(of samples: [T], maximum: Int) -> [ArraySlice<T>] {
        var result: [ArraySlice<T>] = []
        var start = 0
        while start < samples.count {
            let size = Int.random(in: 1...maximum, using: &self)
            result.append(samples[start..<min(samples.count, start + size)])
            start += size
        }
        return result
    }
}

/// Plain sample lists for hand-checked geometry.
func samples(_ points: [(Double, Double)]) -> [Sample] {
    points.enumerated().map { index, point in Sample(x: point.0, y: point.1, timestamp: Double(index) / 100) }
}
