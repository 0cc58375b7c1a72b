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
    /// `color`, `background` (a colour or `transparent`) and `scale` (PNG, 0.1…8).
    static func render(_ data: Data, query: [String: String], limits: PlaygroundLimits) throws(PlaygroundError) -> Output {
        let drawing = try restyled(PlaygroundInput.drawing(from: data, limits: limits), query: query)
        let background = try color(query["background"], default: nil)
        switch query["format"] ?? "png" {
        case "png":
            let scale = try number(query["scale"], default: 1, in: 0.1...8, name: "scale")
            let size = DrawingExport.frame(of: drawing).size * scale
            guard size.x <= Double(limits.imageSide), size.y <= Double(limits.imageSide) else {
                throw PlaygroundError("the image would be \(Int(size.x.rounded()))×\(Int(size.y.rounded())) px, over \(limits.imageSide) a side")
            }
            return Output(bytes: DrawingExport.png(drawing, scale: scale, background: background ?? .white), contentType: "image/png")
        case "svg":
            return Output(bytes: Array(DrawingExport.svg(drawing, background: background).utf8), contentType: "image/svg+xml")
        case "pdf":
            return Output(bytes: DrawingExport.pdf(drawing, background: background), contentType: "application/pdf")
        case let other:
            throw PlaygroundError("format must be png, svg or pdf, not '\(other)'")
        }
    }

    /// `POST /convert?to=json|binary|inkml|signature-pad|svg|png|pdf`.
    static func convert(_ data: Data, query: [String: String], limits: PlaygroundLimits) throws(PlaygroundError) -> Output {
        let drawing = try PlaygroundInput.drawing(from: data, limits: limits)
        guard let name = query["to"], let format = InkFileFormat(rawValue: name) else {
            throw PlaygroundError("to must be one of \(InkFileFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if format == .png { return try render(data, query: ["format": "png"], limits: limits) }
        do {
            let types: [InkFileFormat: String] = [.json: "application/json", .signaturePad: "application/json", .inkml: "application/inkml+xml",
                                                  .svg: "image/svg+xml", .pdf: "application/pdf", .binary: "application/octet-stream"]
            return Output(bytes: Array(try format.bytes(for: drawing)), contentType: types[format] ?? "application/octet-stream")
        } catch {
            throw PlaygroundError("\(format.rawValue): \(error)")
        }
    }

    /// `drawing` with the query's look applied to every stroke.
    static func restyled(_ drawing: Drawing, query: [String: String]) throws(PlaygroundError) -> Drawing {
        var strokes = drawing.strokes
        if let name = query["preset"] {
            let preset: InkPreset
            do { preset = try InkPreset.named(name) } catch { throw PlaygroundError("preset: \(error)") }
            strokes = strokes.map { $0.restyled(with: preset) }
        }
        if let name = query["technique"] {
            do { _ = try TechniqueCatalog.technique(named: name) } catch { throw PlaygroundError("technique: \(error)") }
            for index in strokes.indices { strokes[index].technique = name; strokes[index].alpha = nil }
        }
        let width = try query["width"].map { text throws(PlaygroundError) in try number(text, default: 2, in: 0.01...200, name: "width") }
        if let name = query["brush"] {
            do { _ = try BrushCatalog.brush(named: name, options: BrushOptions(width: width)) } catch { throw PlaygroundError("brush: \(error)") }
            for index in strokes.indices { strokes[index].brush = name; strokes[index].brushOptions = BrushOptions(width: width) }
        } else if let width {
            for index in strokes.indices { strokes[index].brushOptions.width = width }
        }
        if let ink = try color(query["color"], default: nil) {
            for index in strokes.indices { strokes[index].color = ink }
        }
        return Drawing(strokes: strokes, recording: drawing.recording)
    }

    private static func number(_ text: String?, default value: Double, in range: ClosedRange<Double>, name: String) throws(PlaygroundError) -> Double {
        guard let text else { return value }
        guard let number = Double(text), range.contains(number) else {
            throw PlaygroundError("\(name) must be a number in \(range.lowerBound.formatted())…\(range.upperBound.formatted()), not '\(text)'")
        }
        return number
    }

    private static func color(_ text: String?, default value: RGBAColor?) throws(PlaygroundError) -> RGBAColor? {
        guard let text else { return value }
        if text == "transparent" { return .transparent }
        guard let color = RGBAColor(parsing: text) else { throw PlaygroundError("'\(text)' is not a colour") }
        return color
    }
}
