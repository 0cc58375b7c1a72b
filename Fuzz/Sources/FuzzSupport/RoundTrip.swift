import FreehandDocument
import FreehandKit

/// The property every reader's target checks on the drawings it accepts: written in each format
/// that can hold it, the drawing reads back equal — every field the format holds, bit for bit
/// (−0 included) — and a writer that refuses says why with a typed error, never a file its own
/// reader refuses.
public enum RoundTrip {
    /// Traps (for libFuzzer to report) when `drawing` does not come back through every format.
    public static func check(_ drawing: Drawing) {
        for format in [InkFileFormat.json, .binary, .inkml, .signaturePad] {
            // A refusal is allowed (a typed error naming the value a format cannot hold).
            guard let bytes = try? format.bytes(for: drawing) else { continue }
            let again: Drawing
            do {
                again = try format.read(bytes)
            } catch {
                preconditionFailure("\(format.rawValue) wrote what it cannot read back: \(error)")
            }
            switch format {
            case .json, .binary:
                precondition(same(again, drawing, looks: true), "\(format.rawValue) round trip changed the drawing")
            case .inkml:
                precondition(same(again, drawing, looks: false), "InkML round trip changed the samples")
            default:
                // signature_pad holds positions in points, time and pressure.
                let expected = drawing.inPoints
                precondition(again.strokes.count == expected.strokes.count, "signature_pad changed the stroke count")
                for (read, written) in zip(again.strokes, expected.strokes) {
                    let a = read.samples.unpacked, b = written.samples.unpacked
                    precondition(a.count == b.count, "signature_pad changed a stroke's length")
                    for (x, y) in zip(a, b) {
                        precondition(bits(x.location.x) == bits(y.location.x) && bits(x.location.y) == bits(y.location.y), "signature_pad moved a point")
                        precondition(x.timestamp.map(bits) == y.timestamp.map(bits), "signature_pad changed a time")
                        precondition(x.force.map(bits) == y.force.map(bits), "signature_pad changed a pressure")
                    }
                }
            }
        }
    }

    /// True when both drawings hold the same samples bit for bit (and, with `looks`, the same
    /// settings, colours and pointers) and the same description of the recording.
    static func same(_ a: Drawing, _ b: Drawing, looks: Bool) -> Bool {
        guard a.strokes.count == b.strokes.count, a.recording == b.recording else { return false }
        for (first, second) in zip(a.strokes, b.strokes) {
            if looks, first.with(samples: []) != second.with(samples: []) { return false }
            let x = first.samples.unpacked, y = second.samples.unpacked
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where p != q || !sameBits(p, q) { return false }
        }
        return true
    }

    private static func sameBits(_ p: Sample, _ q: Sample) -> Bool {
        bits(p.location.x) == bits(q.location.x) && bits(p.location.y) == bits(q.location.y)
            && p.timestamp.map(bits) == q.timestamp.map(bits) && p.force.map(bits) == q.force.map(bits)
            && p.altitude.map(bits) == q.altitude.map(bits) && p.azimuth.map(bits) == q.azimuth.map(bits)
            && p.majorRadius.map(bits) == q.majorRadius.map(bits) && p.kind == q.kind
    }

    private static func bits(_ value: Double) -> UInt64 { value.bitPattern }
}
