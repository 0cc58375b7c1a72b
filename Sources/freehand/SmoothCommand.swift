import ArgumentParser
import FreehandDocument
import FreehandKit
import Foundation

struct SmoothCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smooth",
        abstract: "Smooth recorded ink and write each stroke's flattened centreline as JSON.",
        discussion: """
            Input: {"strokes":[{"points":[{"x","y","t","pressure","altitude","azimuth"}, …]}, …]}.
            Output: {"strokes":[{"points":[[x,y], …]}, …]}, one entry per input stroke, in order, in points \
            (a recording in tablet units or millimetres scaled to points, one whose y axis points up turned), \
            rounded to 0.001 (--precision 3); --precision exact writes every bit.
            """
    )

    @Argument(help: "The ink file to read, or - for standard input.")
    var input: String

    @OptionGroup var inputFormat: InputFormatArguments

    @OptionGroup var technique: TechniqueArguments

    @Option(parsing: .unconditional, help: "Largest distance in points between the output polyline and the true curve.")
    var tolerance = 0.1

    @OptionGroup var precision: PrecisionArguments

    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).")
    var output: String?

    @Flag(help: "Print counts to standard error: samples in, path elements and polyline points out, drops, repairs and cleared properties.")
    var stats = false

    func validate() throws {
        guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be a positive number") }
    }

    /// How many samples are unpacked and handed to a stroke's builder at a time.
    static let chunkSamples = 1 << 16

    func run() throws {
        try InkOutput.refuseOverwriting([input], with: output)
        BatchMemory.keepFreedMemory()
        let numbers = try precision.make()
        // The samples stay packed (22 bytes a sample, not 72) and go to each builder a chunk at a
        // time: a 6,000,000-sample stroke smooths in under 2 GB.
        let drawing = try InkInput.drawing(at: input, format: inputFormat.from).inPoints
        let sampleCount = drawing.sampleCount
        var polylines: [[Point2D]] = []
        var elementCount = 0
        var drops = DropCounts()
        var used: [String] = []
        var made: [String: any InterpolationTechnique] = [:]
        for record in drawing.strokes {
            // Each stroke's saved technique unless the options name one.
            let key = "\(record.technique) \(record.alpha.map { "\($0)" } ?? "")"
            let chosen = try made[key] ?? technique.make(for: record)
            if made[key] == nil {
                made[key] = chosen
                if !used.contains(chosen.name) { used.append(chosen.name) }
            }
            // The builder (its samples and points) let go before the path is flattened.
            let path: BezierPath
            do {
                var builder = StrokeBuilder(technique: chosen, stabilizer: technique.stabilizer(for: record))
                builder.reserveCapacity(record.samples.count)
                // Unpacked a chunk at a time (the builder's path is the same for any chunking).
                var start = 0
                while start < record.samples.count {
                    let end = Swift.min(record.samples.count, start + Self.chunkSamples)
                    try builder.append(record.samples[start..<end])
                    start = end
                }
                try builder.end()
                path = builder.path
                drops.add(builder.drops)
            }
            elementCount += path.elements.count
            polylines.append(path.flattened(tolerance: tolerance))
        }
        let json = CentrelineJSON.bytes(for: polylines, precision: numbers)
        if stats {
            let pointCount = polylines.reduce(0) { $0 + $1.count }
            FileHandle.standardError.write(Data((
                "\(used.isEmpty ? "no technique" : used.joined(separator: ", ")): \(drawing.strokes.count) strokes, \(sampleCount) samples in, \(elementCount) path elements, "
                + "\(pointCount) polyline points out; \(drops.droppedSamples) samples dropped, "
                + "\(drops.mergedDuplicates) repeats merged, \(drops.clampedTimestamps) timestamps clamped, "
                + "\(drops.invalidProperties) invalid properties cleared\n").utf8))
        }
        try InkOutput.write(json, to: output)
    }
}
