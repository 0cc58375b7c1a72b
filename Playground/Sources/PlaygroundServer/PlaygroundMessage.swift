import FreehandDocument
import FreehandKit
import Foundation

/// The live protocol between the page and the server, as JSON text over a WebSocket.
///
/// The page sends `down`, `move` (with the coalesced readings in `samples` and the predicted ones
/// in `predicted`), `up` and `cancel` for each pointer; `settings`; `undo`, `redo`, `clear`;
/// `export`; `load` (a file, base64); `compare` (the drawing in another technique); with the lasso
/// tool, pointer messages select or drag the selection, and `select-action` edits it. The server
/// answers a pointer's messages with `ink` (the outline pieces committed by that message, and the
/// provisional tail that replaces the previous one), and edits with `drawing` (every stroke's
/// outline, for the page to redraw its committed layer; `append` after a pen-up: the stroke it
/// added), a `view` (zoom) change with `outlines` (only the strokes whose outline changed, in
/// messages of about a mebibyte), and selections with `selection` (the indices and the bounds
/// [x0, y0, x1, y1] of the selected ink). A `down` is answered first with `pointer`: the role the
/// session gave the pointer (`draw`, `erase`, `lasso`, `drag` of the selection, or `ignore`), which
/// the page follows instead of deciding for itself.
public enum PlaygroundMessage {
    /// A message from the page.
    public struct Incoming: Decodable, Sendable {
        /// What the message is (see the type's description).
        public var type: String
        /// The pointer (`PointerEvent.pointerId`).
        public var id: Int?
        /// "pen", "touch" or "mouse" (`PointerEvent.pointerType`).
        public var pointerType: String?
        /// The readings since the last message, oldest first (`getCoalescedEvents()`).
        public var samples: [Reading]?
        /// The browser's guesses of the next readings (`getPredictedEvents()`).
        public var predicted: [Reading]?
        /// New settings (`settings`), or the technique to compare with (`compare`).
        public var settings: LiveSession.Settings?
        /// A file's bytes, base64 (`load`: small files; the page opens files over HTTP instead).
        public var data: String?
        /// The ticket `POST /open` answered for a file it read (`load`).
        public var ticket: String?
        /// What a `select-action` does: delete, duplicate, front, recolor, scale, deselect.
        public var action: String?
        /// The colour of a `recolor` action (CSS #rrggbb).
        public var color: String?
        /// The factor of a `scale` action.
        public var factor: Double?
        /// The fixed point [x, y] of a `scale` action (default: the selection's centre).
        public var anchor: [Double]?
        /// The page's device pixels per point (`view`: its zoom times its screen's pixel ratio).
        public var scale: Double?
        /// The page's zoom, CSS pixels per point (`down`): a selecting pointer drags the selection
        /// when it lands within 8 CSS pixels of it, whatever the zoom.
        public var zoom: Double?
        /// What an `export` writes: "json" (FreehandKit JSON, the default) or "binary" (the binary
        /// format in base64: a third of the JSON or less, some 33 characters a browser sample against 159).
        public var format: String?
    }

    /// One pointer reading as a browser reports it.
    public struct Reading: Decodable, Sendable {
        /// Position in CSS pixels (taken as points).
        public var x: Double
        public var y: Double
        /// `timeStamp` in milliseconds.
        public var t: Double?
        /// 0…1; nil or absent for a mouse.
        public var pressure: Double?
        /// Pen tilt in degrees, −90…90.
        public var tiltX: Double?
        public var tiltY: Double?
        /// Pen altitude and azimuth in radians, where the browser gives them.
        public var altitude: Double?
        public var azimuth: Double?
        /// Contact size in CSS pixels.
        public var width: Double?
        public var height: Double?

        /// The reading as a FreehandKit sample from `kind`: time in seconds, tilt from the angles
        /// the browser gives (altitude/azimuth, else tiltX/tiltY), a contact radius for a finger.
        func sample(kind: PointerKind) -> Sample {
            var altitude = self.altitude, azimuth = self.azimuth
            if altitude == nil, azimuth == nil, kind == .pen, let tiltX, let tiltY {
                let tanX = tan(tiltX * .pi / 180), tanY = tan(tiltY * .pi / 180)
                let lean = (tanX * tanX + tanY * tanY).squareRoot()
                altitude = lean.isFinite ? atan(1 / Swift.max(lean, 1e-12)) : 0
                azimuth = lean > 0 ? atan2(tanY, tanX) : nil
            }
            let radius = kind == .finger ? Swift.max(width ?? 0, height ?? 0) / 2 : nil
            return Sample(
                location: Point2D(x, y), timestamp: t.map { $0 / 1000 }, force: kind == .mouse ? nil : pressure,
                altitude: altitude, azimuth: azimuth, majorRadius: radius.flatMap { $0 > 0 ? $0 : nil }, kind: kind)
        }
    }

    /// A polygon's points flattened as x, y, x, y… (rounded to 1/100 point), its holes the same way
    /// (rings inside it that the fill leaves empty; empty for most), its opacity, and
    /// `"multiply"` for ink that multiplies with the ink under it (a highlighter; left out for ink
    /// drawn over).
    public struct Piece: Codable, Sendable, Equatable {
        public var points: [Double]
        public var holes: [[Double]]
        public var opacity: Double
        public var blend: String?

        init(_ piece: OutlinePiece) {
            func flattened(_ ring: [Point2D]) -> [Double] { ring.flatMap { [($0.x * 100).rounded() / 100, ($0.y * 100).rounded() / 100] } }
            points = flattened(piece.polygon)
            holes = piece.holes.map(flattened)
            opacity = piece.opacity
            blend = piece.layering == .multiply ? InkLayering.multiply.rawValue : nil
        }
    }

    /// A finished stroke's outline and colour.
    public struct Stroke: Codable, Sendable, Equatable {
        public var piece: Piece
        public var color: String
    }

    /// The page's list of `records`: each one's outline (from `outlines`, one a record) and colour,
    /// the strokes that draw nothing left out.
    static func strokes(of records: some Sequence<StrokeRecord>, outlines: some Sequence<OutlinePiece?>) -> [Stroke] {
        zip(records, outlines).compactMap { record, outline in
            outline.map { Stroke(piece: Piece($0), color: record.color.hexText) }
        }
    }

    /// A message to the page.
    public enum Outgoing: Equatable {
        case ink(id: Int, committed: [Piece], provisional: Piece?, color: String, erases: Bool, done: Bool)
        case drawing(kind: String, strokes: [Stroke], canUndo: Bool, canRedo: Bool)
        /// New outlines for some of the page's strokes (`indices`: places in its list) after a zoom
        /// change; `done` on the last of a refresh's messages.
        case outlines(indices: [Int], strokes: [Stroke], done: Bool)
        /// The drawing written as an `export` asked (`format`: "json" or "binary", base64).
        case export(text: String, format: String)
        case selection(indices: [Int], bounds: [Double]?)
        /// The role the session gave pointer `id` as it went down.
        case pointer(id: Int, role: String)
        case error(String)
    }

    private struct PointerBody: Encodable {
        var type = "pointer"
        var id: Int
        var role: String
    }

    private struct SelectionBody: Encodable {
        var type = "selection"
        var indices: [Int]
        var bounds: [Double]?
    }

    private struct InkBody: Encodable {
        var type = "ink"
        var id: Int
        var committed: [Piece]
        var provisional: Piece?
        var color: String
        var erases: Bool
        var done: Bool
    }

    private struct DrawingBody: Encodable {
        var type: String
        var strokes: [Stroke]
        var canUndo: Bool
        var canRedo: Bool
    }

    private struct OutlinesBody: Encodable {
        var type = "outlines"
        var indices: [Int]
        var strokes: [Stroke]
        var done: Bool
    }

    private struct ExportBody: Encodable {
        var type = "export"
        var text: String
        var format: String
    }

    private struct TextBody: Encodable {
        var type: String
        var text: String
    }

    /// The JSON text of `message`.
    static func encode(_ message: Outgoing) -> String {
        let encoder = JSONEncoder()
        let data: Data?
        switch message {
        case .ink(let id, let committed, let provisional, let color, let erases, let done):
            data = try? encoder.encode(InkBody(id: id, committed: committed, provisional: provisional, color: color, erases: erases, done: done))
        case .drawing(let kind, let strokes, let canUndo, let canRedo):
            data = try? encoder.encode(DrawingBody(type: kind, strokes: strokes, canUndo: canUndo, canRedo: canRedo))
        case .outlines(let indices, let strokes, let done):
            data = try? encoder.encode(OutlinesBody(indices: indices, strokes: strokes, done: done))
        case .selection(let indices, let bounds):
            data = try? encoder.encode(SelectionBody(indices: indices, bounds: bounds))
        case .export(let text, let format):
            data = try? encoder.encode(ExportBody(text: text, format: format))
        case .pointer(let id, let role):
            data = try? encoder.encode(PointerBody(id: id, role: role))
        case .error(let text):
            data = try? encoder.encode(TextBody(type: "error", text: text))
        }
        return data.map { String(decoding: $0, as: UTF8.self) } ?? #"{"type":"error","text":"unencodable answer"}"#
    }
}

extension PointerKind {
    /// The kind of a browser's `pointerType`: "touch" is a finger, "pen" a pen, anything else a mouse.
    init(browser pointerType: String?) {
        switch pointerType {
        case "touch": self = .finger
        case "pen": self = .pen
        default: self = .mouse
        }
    }
}
