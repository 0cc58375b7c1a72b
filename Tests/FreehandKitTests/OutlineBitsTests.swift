import FreehandKit
import Testing

/// The outlines of the bundled fixtures, pinned to their bits: the same samples must give the same
/// ink on every platform and every run. Each configuration's outlines are hashed (FNV-1a over every
/// coordinate's bit pattern, ring by ring). A change to the geometry changes these on purpose —
/// then `tools/repin_outline_bits.sh` writes the new values (each failure prints its own) for review;
/// a run on another platform that differs
/// from this one has found arithmetic that is not the same everywhere.
struct OutlineBitsTests {
    /// FNV-1a, 64 bits, over the outlines' point coordinates and ring lengths.
    static func fingerprint(_ pieces: [OutlinePiece?]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= (value >> UInt64(shift)) & 0xFF
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        for piece in pieces {
            guard let piece else {
                mix(0)
                continue
            }
            for ring in piece.rings {
                mix(UInt64(ring.count))
                for point in ring {
                    mix(point.x.bitPattern)
                    mix(point.y.bitPattern)
                }
            }
            mix(piece.opacity.bitPattern)
        }
        return hash
    }

    static var strokes: [[Sample]] { TestData.fixtures.flatMap(\.strokes) }

    static func outlines(technique: any InterpolationTechnique, brush: any Brush, resolving: Bool = false) throws -> [OutlinePiece?] {
        let style = try InkStyle(brush: brush, taper: Taper(startLength: 8, endLength: 12))
        return strokes.map { stroke in
            let piece = InkStroke.outline(for: stroke, technique: technique, style: style)
            return resolving ? piece?.resolvingOverlaps() : piece
        }
    }

    @Test func everyTechniquesOutlinesOfTheFixturesArePinnedToTheirBits() throws {
        let pinned: [String: UInt64] = [
            "bezier-groups": 0x80D4554CC1E28759,
            "catmull-rom": 0x799005FCD15B812A,
            "freehand": 0x770AD272EF20A919,
            "hermite": 0xA9105501A447835F,
            "linear": 0xF6CADEA529082BDE,
            "midpoint-cubic": 0x6EC1732E122C8C27,
            "midpoint-quadratic": 0x33487D435F711437,
            "timed-hermite": 0x876E68E2FB1E8031,
        ]
        let pressure = try PressureBrush(response: .gamma(1.8))
        for technique in TechniqueCatalog.all {
            let value = Self.fingerprint(try Self.outlines(technique: technique, brush: pressure))
            #expect(pinned[technique.name] == value, "\(technique.name): 0x\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func everyBrushsOutlinesOfTheFixturesArePinnedToTheirBits() throws {
        let pinned: [String: UInt64] = [
            "constant": 0x1CF8C8B5B05632CD,
            "contact-radius": 0x5B9D34558F9182A2,
            "fountain-pen": 0xC733C88CCA108E6A,
            "highlighter": 0x7B4F8875DCF0FC79,
            "pressure": 0x45D28E3050413C95,
            "tilt-shading": 0x45D28E3050413C95,
            "velocity": 0x79778F9E75DBD06D,
            "pressure, resolved": 0x1B14FE10C43176A0,
            "tilt-shading, pen lying low": 0x26F56193627176ED,
        ]
        for name in BrushCatalog.names {
            let brush = try BrushCatalog.brush(named: name)
            let value = Self.fingerprint(try Self.outlines(technique: FreehandTechnique.standard, brush: brush))
            #expect(pinned[name] == value, "\(name): 0x\(String(value, radix: 16, uppercase: true))")
        }
        // The fixtures' pens stand too upright for the shading: the same samples with the pen
        // lying low and turning, through the shading's trigonometry.
        let tilted = Self.strokes.map { stroke in
            stroke.enumerated().map { index, sample in
                var lying = sample
                lying.altitude = 0.45
                lying.azimuth = Double(index) * 0.05
                return lying
            }
        }
        let style = try InkStyle(brush: TiltShadingBrush())
        let shaded = Self.fingerprint(tilted.map { InkStroke.outline(for: $0, style: style) })
        #expect(pinned["tilt-shading, pen lying low"] == shaded, "tilt-shading, pen lying low: 0x\(String(shaded, radix: 16, uppercase: true))")
        let resolved = Self.fingerprint(try Self.outlines(technique: FreehandTechnique.standard, brush: PressureBrush(), resolving: true))
        #expect(pinned["pressure, resolved"] == resolved, "pressure, resolved: 0x\(String(resolved, radix: 16, uppercase: true))")
    }
}
