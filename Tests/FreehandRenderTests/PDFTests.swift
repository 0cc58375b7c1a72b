import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// PDF export: a valid file (its cross-reference table points at its objects), deterministic, one
/// filled path per stroke in an explicit colour with a transparency state where needed — and, where
/// poppler and qpdf are installed (`.ci/run` installs them), read by real readers: `qpdf --check`
/// finds no error and poppler's raster matches FreehandKit's own PNG.
struct PDFTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FreehandKitTests/Fixtures")
    static let sharedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    static func drawing(_ name: String) throws -> Drawing {
        try InkJSON.drawing(from: Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func theCrossReferenceTablePointsAtEveryObject() throws {
        let bytes = DrawingExport.pdf(try Self.drawing("perfect-freehand-hey.json"), creationDate: PDFDocument.dateText(secondsSince1970: 0))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        let startxref = try #require(text.range(of: "startxref\n"))
        let tableOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        #expect(Array(bytes[tableOffset..<(tableOffset + 4)]) == Array("xref".utf8))
        // Each in-use entry's offset starts "N 0 obj".
        let lines = String(decoding: bytes[tableOffset...], as: UTF8.self).split(separator: "\n")
        let entries = lines.dropFirst(3).prefix { $0.hasSuffix(" n ") || $0.hasSuffix(" n") }
        #expect(entries.count == 5)
        for (index, entry) in entries.enumerated() {
            let offset = try #require(Int(entry.prefix(10)))
            #expect(String(decoding: bytes[offset..<(offset + 8)], as: UTF8.self).hasPrefix("\(index + 1) 0 obj"))
        }
        #expect(text.contains("/CreationDate (D:19700101000000Z)") && text.contains("/Producer (FreehandKit)"))
    }

    @Test func aPageOver14400PointsIsWrittenInLargerUnitsNotClamped() {
        var document = PDFDocument(width: 30_000, height: 20_000)
        document.fillOutline(OutlinePiece(polygon: [Point2D(0, 0), Point2D(29_000, 0), Point2D(29_000, 19_000)], opacity: 1), color: .black, opacity: 1)
        let text = String(decoding: document.bytes, as: UTF8.self)
        #expect(!document.isClamped)
        #expect(text.hasPrefix("%PDF-1.6\n"))
        #expect(text.contains("/MediaBox [0 0 10000 6666.666667] /UserUnit 3"), "30,000 × 20,000 pt as 10,000 × 6,667 units of 3 pt")
        let small = String(decoding: PDFDocument(width: 14_400, height: 100).bytes, as: UTF8.self)
        #expect(small.hasPrefix("%PDF-1.4\n") && !small.contains("UserUnit"), "a page within the default units is as before")
        #expect(PDFDocument(width: 1e12, height: 10).isClamped, "beyond 75,000 units of 14,400 points the size is clamped, and says so")
    }

    @Test func theSameDrawingAndDateGiveTheSameBytes() throws {
        let drawing = try Self.drawing("inkable-pencil-antigrain.json")
        let date = PDFDocument.dateText(secondsSince1970: 1_790_000_000)
        #expect(DrawingExport.pdf(drawing, creationDate: date) == DrawingExport.pdf(drawing, creationDate: date))
        #expect(date == "D:20260921141320Z")
    }

    @Test func translucentInkGetsAnExtGStateAndColoursAreExplicit() {
        var document = PDFDocument(width: 100, height: 50)
        document.fillPolygon([Point2D(0, 0), Point2D(10, 0), Point2D(10, 10)], color: .black)
        document.fillPolygon([Point2D(20, 0), Point2D(30, 0), Point2D(30, 10)], color: RGBAColor(red: 1, green: 0, blue: 0), opacity: 0.5)
        let text = String(decoding: document.bytes, as: UTF8.self)
        #expect(text.contains("/GS0 << /Type /ExtGState /ca 0.5 >>"))
        #expect(text.contains("/MediaBox [0 0 100 50]"))
        #expect(PDFDocument.dateText(secondsSince1970: 951_782_400) == "D:20000229000000Z")
        // A hostile SOURCE_DATE_EPOCH is clamped, not an overflow.
        #expect(PDFDocument.dateText(secondsSince1970: .min).hasPrefix("D:-"))
        #expect(!PDFDocument.dateText(secondsSince1970: .max).isEmpty)
    }

    @Test func aSignatureTakesAFewBytesPerSample() throws {
        let drawing = try Self.drawing("inkable-pencil-antigrain.json")
        let bytes = DrawingExport.pdf(drawing)
        #expect(Double(bytes.count) / Double(drawing.sampleCount) <= 16)
    }

    static var hasSharedData: Bool { FileManager.default.fileExists(atPath: sharedData.path) }

    /// Every recording file of `../shared/data`.
    static func sharedRecordings() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: sharedData.path).sorted().flatMap { set in
            let strokes = sharedData.appendingPathComponent(set).appendingPathComponent("strokes")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: strokes.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { strokes.appendingPathComponent($0) }
        }
    }

    /// The size goals over all of `../shared/data`: at most 16 bytes per sample, a page of
    /// handwriting (wacom-uim `value-of-ink`, 8,192 samples) under 100 kB.
    @Test(.enabled(if: hasSharedData, "needs ../shared/data (absent: the bundled signature above still checks the size)"))
    func realInkTakesAtMostSixteenBytesPerSample() throws {
        var bytes = 0, samples = 0
        for file in try Self.sharedRecordings() {
            let drawing = try InkJSON.drawing(from: Data(contentsOf: file))
            let size = DrawingExport.pdf(drawing).count
            bytes += size
            samples += drawing.sampleCount
            if file.lastPathComponent.hasPrefix("1_value-of-ink") { #expect(size < 100_000, "\(file.lastPathComponent): \(size) bytes") }
        }
        #expect(samples > 50_000)
        #expect(Double(bytes) / Double(samples) <= 16, "\(Double(bytes) / Double(samples)) bytes per sample")
    }

    /// A signature recorded on a Wacom tablet (SVC2004: tablet units, y up) comes out at its size on
    /// paper, the right way up, and poppler draws it as FreehandKit's PNG does.
    @Test(.enabled(if: hasSharedData && tool("pdftoppm") != nil && tool("pdftocairo") != nil, "needs ../shared/data, pdftoppm and pdftocairo"))
    func aTabletSignatureMatchesThePNGInBothOfPopplersRasterizers() throws {
        let drawing = try InkJSON.drawing(from: Data(contentsOf: Self.sharedData.appendingPathComponent("svc2004-task2/strokes/U10S1.json")))
        let raw = try #require(drawing.bounds), drawn = try #require(drawing.inPoints.bounds)
        // At its size on paper: each tablet unit (0.01 mm) is 0.72/25.4 pt, plus the brush width in points.
        #expect(drawn.width > raw.width * 0.72 / 25.4 && drawn.width < raw.width * 0.72 / 25.4 + 10)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("freehand-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("signature.pdf")
        // The same placed ink in both (the PDF's outlines, fitted for a viewer's zoom), so that
        // only the rasterizers differ.
        let ink = PlacedInk(drawing, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint)
        try Data(DrawingExport.pdf(ink, background: .white)).write(to: pdf)
        let mine = try PNGDecoder.decode(DrawingExport.png(ink))
        #expect(mine.width < 200 && mine.height < 200, "\(mine.width)×\(mine.height) px")
        // Upright: the first stroke starts near the top (tablet y up: high y values), so its first
        // sample lands in the upper half of the page.
        let start = try #require(drawing.inPoints.strokes.first?.samples.first?.location)
        #expect(start.y - drawn.min.y < drawn.height / 2)
        let means = try Self.popplerMeanDifferences(of: pdf, against: mine, in: folder)
        // Measured with the outlines a PDF ships (fitted for 8×): Cairo 0.30/255, Splash 1.02/255 —
        // Splash's own anti-aliasing strays more on dense outlines (with 1× outlines both are
        // under 1); Cairo, the closer rasterizer, is held tighter.
        #expect(means.splash <= 1.25, "pdftoppm mean difference \(means.splash)/255")
        #expect(means.cairo <= 0.5, "pdftocairo mean difference \(means.cairo)/255")
    }

    /// Mean absolute differences (0…255 per channel) between `mine` and poppler's two rasters of
    /// `pdf` at 72 dpi: Splash (`pdftoppm`) and Cairo (`pdftocairo`), written into `folder`.
    static func popplerMeanDifferences(of pdf: URL, against mine: Bitmap, in folder: URL) throws -> (splash: Double, cairo: Double) {
        let splash = try run(tool("pdftoppm")!, ["-r", "72", pdf.path, folder.appendingPathComponent("splash").path])
        try #require(splash.status == 0, "\(splash.output)")
        let (width, height, pixels) = try #require(parsePPM(Array(try Data(contentsOf: folder.appendingPathComponent("splash-1.ppm")))))
        try #require(width == mine.width && height == mine.height, "pdftoppm: \(width)×\(height)")
        let cairo = try run(tool("pdftocairo")!, ["-r", "72", "-png", "-transp", pdf.path, folder.appendingPathComponent("cairo").path])
        try #require(cairo.status == 0, "\(cairo.output)")
        let theirs = try PNGDecoder.decode(Array(try Data(contentsOf: folder.appendingPathComponent("cairo-1.png"))))
        try #require(theirs.width == mine.width && theirs.height == mine.height, "pdftocairo: \(theirs.width)×\(theirs.height)")
        var rgb: [UInt8] = []
        for y in 0..<theirs.height { for x in 0..<theirs.width { let p = theirs[x, y]; rgb += [p.red, p.green, p.blue] } }
        return (meanDifference(mine, pixels, channels: 3), meanDifference(mine, rgb, channels: 3))
    }

    /// Mean absolute difference per channel (0…255) between `image` and RGB `pixels` of the same size.
    static func meanDifference(_ image: Bitmap, _ pixels: [UInt8], channels: Int) -> Double {
        var total = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let ours = image[x, y], base = (y * image.width + x) * channels
                total += abs(Int(ours.red) - Int(pixels[base])) + abs(Int(ours.green) - Int(pixels[base + 1])) + abs(Int(ours.blue) - Int(pixels[base + 2]))
            }
        }
        return Double(total) / Double(3 * image.width * image.height)
    }

    /// Poppler reads the page back: through its Cairo backend (`pdftocairo`) the raster matches
    /// FreehandKit's PNG to a mean of 1/255; through Splash (`pdftoppm`), whose anti-aliasing inks
    /// thin shapes about 15 % heavier, to 3/255.
    @Test(.enabled(if: tool("qpdf") != nil && tool("pdftoppm") != nil && tool("pdftocairo") != nil,
                   "needs qpdf, pdftoppm and pdftocairo (Debian: qpdf, poppler-utils)"))
    func popplerDrawsWhatTheRasterizerDraws() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("freehand-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["perfect-freehand-hey.json", "inkable-pencil-antigrain.json", "wacom-hello-ink.json"] {
            let drawing = try Self.drawing(name)
            let pdf = folder.appendingPathComponent("ink.pdf")
            try Data(DrawingExport.pdf(drawing, background: .white)).write(to: pdf)
            let check = try Self.run(Self.tool("qpdf")!, ["--check", pdf.path])
            #expect(check.status == 0, "\(name): \(check.output)")
            let mine = try PNGDecoder.decode(DrawingExport.png(drawing))

            let means = try Self.popplerMeanDifferences(of: pdf, against: mine, in: folder)
            #expect(means.splash <= 3, "\(name): pdftoppm mean difference \(means.splash)/255")
            #expect(means.cairo <= 1, "\(name): pdftocairo mean difference \(means.cairo)/255")
        }
    }

    /// Width, height and RGB bytes of a binary PPM (P6, maxval 255).
    static func parsePPM(_ bytes: [UInt8]) -> (Int, Int, [UInt8])? {
        var fields: [Int] = []
        var index = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var value = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, bytes.count - index >= fields[0] * fields[1] * 3 else { return nil }
        return (fields[0], fields[1], Array(bytes[index...]))
    }
}
