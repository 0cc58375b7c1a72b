import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation

/// The stateless API: render or convert the ink file in a request body, restyled by the query.
enum PlaygroundAPI {
    /// A response body and its type.
    struct Output {
        var bytes: [UInt8]
        var contentType: String
    }

    /// `POST /render?format=png|svg|pdf` with optional `technique`, `brush`, `width`, `preset`,
    /// `color`, `background` (a colour or `transparent`), `scale` (PNG, 0.1…8), and either `fit=WxH`
    /// (the strokes' paths scaled into a box of that many points, widths kept, with a margin of 5 % of
    /// the box and at least the widest brush's typical width) or `size=WxH` (a canvas of
    /// that many points, the ink where it was drawn); by default the canvas is the ink's bounds
    /// plus a margin.
    /// The work's memory is reserved from `memory` (`WorkMemory`) before any stroke is outlined.
    static func render(
        _ data: Data, query: [String: String], limits: PlaygroundLimits, until deadline: ContinuousClock.Instant? = nil, memory: Allowance? = nil
    ) throws(PlaygroundError) -> Output {
        // In points, y down, before it is fitted (a recording in device units or y up is turned first).
        var drawing = try restyled(PlaygroundInput.drawing(from: data, limits: limits), query: query).inPoints
        let background = try color(query["background"], default: nil)
        let fit = try box(query["fit"], name: "fit"), size = try box(query["size"], name: "size")
        if fit != nil, size != nil { throw PlaygroundError("fit and size exclude each other") }
        if let fit { drawing = drawing.fitted(into: fit) }
        let canvas = fit ?? size
        // Between chunks of strokes: past the deadline the work stops and its memory is let go.
        let checkpoint = { (progress: ExportProgress) throws(PlaygroundError) in
            if let deadline, ContinuousClock.now >= deadline {
                throw PlaygroundError.outOfTime("stopped after \(progress.strokesDone) of \(progress.strokeCount) strokes")
            }
        }
        let format = query["format"] ?? "png"
        let scale = format == "png" ? try number(query["scale"], default: 1, in: 0.1...8, name: "scale") : 1
        func checkSide(_ size: Point2D, atLeast: Bool) throws(PlaygroundError) {
            let pixels = size * scale
            guard pixels.x <= Double(limits.imageSide), pixels.y <= Double(limits.imageSide) else {
                throw PlaygroundError("the image would be \(atLeast ? "at least " : "")\(pixels.x.formatted(.number.precision(.fractionLength(0))))×\(pixels.y.formatted(.number.precision(.fractionLength(0)))) px, over \(limits.imageSide) a side: use fit=WxH or a smaller scale")
            }
        }
        var pixels = 0.0
        if format == "png" {
            // Refused before any stroke is outlined when even the smallest page the samples allow is too big.
            let least = PlacedInk.leastSize(ofSamplesIn: drawing.sampleBounds, size: canvas)
            try checkSide(least, atLeast: canvas == nil)
            pixels = least.x * scale * least.y * scale
        }
        let reserved = try WorkMemory.reserve(WorkMemory.estimate(for: drawing, pixels: pixels), from: memory)
        defer { memory?.giveBack(reserved) }
        switch format {
        case "png":
            let ink = try PlacedInk(drawing, size: canvas, pixelsPerPoint: scale, strokes: { $0.batchStroke }, checkpoint: checkpoint)
            try checkSide(ink.size, atLeast: false)
            let image = try DrawingExport.png(ink, scale: scale, background: background ?? .white) { (progress: ExportProgress) throws(PlaygroundError) in
                do { try progress.checkPaintingWork() } catch { throw PlaygroundError("\(error): use fit=WxH or a smaller scale") }
                try checkpoint(progress)
            }
            return Output(bytes: image, contentType: "image/png")
        case "svg":
            let ink = try PlacedInk(drawing, size: canvas, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint(for: drawing), strokes: { $0.batchStroke }, checkpoint: checkpoint)
            return Output(bytes: Array(try DrawingExport.svg(ink, background: background, checkpoint: checkpoint).utf8), contentType: "image/svg+xml")
        case "pdf":
            let ink = try PlacedInk(drawing, size: canvas, pixelsPerPoint: PlacedInk.vectorPixelsPerPoint(for: drawing), strokes: { $0.batchStroke }, checkpoint: checkpoint)
            return Output(bytes: try DrawingExport.pdf(ink, background: background, checkpoint: checkpoint), contentType: "application/pdf")
        case let other:
            throw PlaygroundError("format must be png, svg or pdf, not '\(other)'")
        }
    }

    /// `POST /convert?to=json|binary|inkml|signature-pad|svg|png|pdf`, its memory reserved from
    /// `memory` as `render`'s is.
    static func convert(
        _ data: Data, query: [String: String], limits: PlaygroundLimits, until deadline: ContinuousClock.Instant? = nil, memory: Allowance? = nil
    ) throws(PlaygroundError) -> Output {
        let drawing = try PlaygroundInput.drawing(from: data, limits: limits)
        guard let name = query["to"], let format = InkFileFormat(rawValue: name) else {
            throw PlaygroundError("to must be one of \(InkFileFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // Pictures are drawn as `/render` draws them (convert's SVG on white), within the deadline.
        switch format {
        case .png: return try render(data, query: ["format": "png"], limits: limits, until: deadline, memory: memory)
        case .svg: return try render(data, query: ["format": "svg", "background": "white"], limits: limits, until: deadline, memory: memory)
        case .pdf: return try render(data, query: ["format": "pdf"], limits: limits, until: deadline, memory: memory)
        default: break
        }
        let reserved = try WorkMemory.reserve(WorkMemory.estimate(for: drawing), from: memory)
        defer { memory?.giveBack(reserved) }
        do {
            let types: [InkFileFormat: String] = [.json: "application/json", .signaturePad: "application/json", .inkml: "application/inkml+xml",
                                                  .svg: "image/svg+xml", .pdf: "application/pdf", .binary: "application/octet-stream"]
            return Output(bytes: Array(try format.bytes(for: drawing)), contentType: types[format] ?? "application/octet-stream")
        } catch {
            throw PlaygroundError("\(format.rawValue): \(error)")
        }
    }

    /// `drawing` with the query's look laid over every stroke (`LookOverride`: `preset`, then
    /// `technique`, `brush` — the stroke's options kept for its own brush — `width`, `color`).
    static func restyled(_ drawing: Drawing, query: [String: String]) throws(PlaygroundError) -> Drawing {
        var look = LookOverride()
        if let name = query["preset"] {
            do { look.preset = try InkPreset.named(name) } catch { throw PlaygroundError("preset: \(error)") }
        }
        if let name = query["technique"] {
            do { _ = try TechniqueCatalog.technique(named: name) } catch { throw PlaygroundError("technique: \(error)") }
            look.technique = name
        }
        look.brushOptions.width = try query["width"].map { text throws(PlaygroundError) in try number(text, default: 2, in: 0.01...200, name: "width") }
        if let name = query["brush"] {
            do { _ = try BrushCatalog.brush(named: name, options: look.brushOptions) } catch { throw PlaygroundError("brush: \(error)") }
            look.brush = name
        }
        look.color = try color(query["color"], default: nil)
        let restyled = drawing.restyled(by: look)
        // Options laid over a stroke's own (its brush named again) are checked as merged.
        if look.brush != nil || look.brushOptions != BrushOptions() {
            for record in Set(restyled.strokes.lazy.map { $0.with(samples: []) }) {
                do { _ = try record.makeStyle() } catch { throw PlaygroundError("brush \(record.brush): \(error)") }
            }
        }
        return restyled
    }

    private static func number(_ text: String?, default value: Double, in range: ClosedRange<Double>, name: String) throws(PlaygroundError) -> Double {
        guard let text else { return value }
        guard let number = Double(text), range.contains(number) else {
            throw PlaygroundError("\(name) must be a number in \(range.lowerBound.formatted())…\(range.upperBound.formatted()), not '\(text)'")
        }
        return number
    }

    /// A page size (`PageFit.size(parsing:)`: `WIDTHxHEIGHT` in points, `a4` or `letter`), or nil without one.
    private static func box(_ text: String?, name: String) throws(PlaygroundError) -> Point2D? {
        guard let text else { return nil }
        guard let size = PageFit.size(parsing: text) else {
            throw PlaygroundError("\(name) takes WIDTHxHEIGHT in points (each above 0, at most \(PageFit.largestSide.formatted())), a4 or letter, not '\(text)'")
        }
        return size
    }

    private static func color(_ text: String?, default value: RGBAColor?) throws(PlaygroundError) -> RGBAColor? {
        guard let text else { return value }
        if text == "transparent" { return .transparent }
        guard let color = RGBAColor(parsing: text) else { throw PlaygroundError("'\(text)' is not a colour") }
        return color
    }
}
