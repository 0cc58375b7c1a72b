import FreehandDocument
import Foundation

/// Files the server is sent: any format the library reads, told apart by their first bytes.
enum PlaygroundInput {
    /// The drawing in `data` (FreehandKit JSON or recording JSON, binary, InkML or signature_pad
    /// JSON), within `limits`, in points as the canvas draws (`Drawing.inPoints`: a tablet recording
    /// at its size on paper, the right way up); throws `PlaygroundError` saying what is wrong.
    static func drawing(from data: Data, limits: PlaygroundLimits) throws(PlaygroundError) -> Drawing {
        guard data.count <= limits.bodyBytes else { throw PlaygroundError("the file is over \(limits.bodyBytes) bytes") }
        guard let format = InkFileFormat.sniff(data) else {
            throw PlaygroundError("not an ink file: expected FreehandKit JSON, signature_pad JSON, FreehandKit binary or InkML")
        }
        do {
            return try format.read(data, limits: limits.fileLimits).inPoints
        } catch {
            throw PlaygroundError("\(format.rawValue): \(error)")
        }
    }
}
