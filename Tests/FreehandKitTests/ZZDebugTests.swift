import Foundation
import Testing
@testable import FreehandKit
@testable import FreehandEvaluation

@Test func zzDumpSnapped() throws {
    var out: [[String: Any]] = []
    let r = ShapeRecognizer()
    for rec in TestData.shared where rec.name.hasPrefix("U") || rec.name.contains("_") {
        let scale = (rec.units ?? "").contains("tablet") ? 0.72 / 25.4 : ((rec.units ?? "").contains("css") ? 0.75 : 1)
        for stroke in rec.strokes {
            let pts = stroke.map { $0.location * scale }
            guard let s = r.recognize(pts) else { continue }
            let t = (stroke.last?.timestamp ?? 0) - (stroke.first?.timestamp ?? 0)
            out.append(["name": rec.name, "kind": s.kind.rawValue, "c": s.confidence, "t": t, "p": pts.map { [$0.x, $0.y] }, "g": s.geometry.path().map { [$0.x, $0.y] }])
        }
    }
    try JSONSerialization.data(withJSONObject: out).write(to: URL(fileURLWithPath: "/tmp/neg.json"))
}

@Test func zzDumpAll() throws {
    var lines: [String] = []
    let r = ShapeRecognizer(minimumSize: 0, minimumConfidence: 0)
    var donors: [[Sample]] = []
    for rec in TestData.shared where rec.name.hasPrefix("U") || rec.name.contains("_") || rec.name.contains("hello") || rec.name == "hey" || rec.name == "he2" {
        let scale = (rec.units ?? "").contains("tablet") ? 0.72 / 25.4 : ((rec.units ?? "").contains("css") ? 0.75 : ((rec.units ?? "").contains("mm") ? 72/25.4 : 1))
        for stroke in rec.strokes {
            let pts = stroke.map { $0.location * scale }
            if stroke.count >= 16 { donors.append(stroke.map { var s = $0; s.location *= scale; return s }) }
            guard let b = Rect(enclosing: pts) else { continue }
            let s = r.closestShape(to: pts)
            let t = (stroke.last?.timestamp ?? 0) - (stroke.first?.timestamp ?? 0)
            lines.append("NEG \(rec.name) \((b.max - b.min).length) \(s?.kind.rawValue ?? "nil") \(s?.confidence ?? 0) \(stroke.count) \(t)")
        }
    }
    for shape in HandDrawnShapes().drawn(motionFrom: donors) {
        let s = r.closestShape(to: shape.samples.map(\.location))
        lines.append("POS \(shape.kind.rawValue) \(shape.size) \(s?.kind.rawValue ?? "nil") \(s?.confidence ?? 0) \(shape.rate) 0")
    }
    try lines.joined(separator: "\n").write(toFile: "/tmp/shapes.txt", atomically: true, encoding: .utf8)
}
