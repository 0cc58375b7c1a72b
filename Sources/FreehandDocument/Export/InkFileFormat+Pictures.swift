#if !hasFeature(Embedded)
import Foundation
import FreehandDrawing
import FreehandRender

extension InkFileFormat {
    /// The bytes of `drawing` in this format: an ink file (`data(for:)`), or a picture of it drawn
    /// by `DrawingExport` (SVG, PNG, PDF). Throws `InkFormatError` when the format cannot hold a
    /// value of the drawing (see each format's writer).
    public func bytes(for drawing: Drawing) throws(InkFormatError) -> Data {
        switch self {
        case .svg: return Data(DrawingExport.svg(drawing).utf8)
        case .png: return Data(DrawingExport.png(drawing))
        case .pdf: return Data(DrawingExport.pdf(drawing))
        case .json, .binary, .signaturePad, .inkml: return try data(for: drawing)
        }
    }

    /// Writes `drawing` to `url` in this format, atomically: a failed save leaves the old file intact.
    public func save(_ drawing: Drawing, to url: URL) throws(InkFormatError) {
        try AtomicFile.write(try bytes(for: drawing), to: url)
    }
}
#endif
