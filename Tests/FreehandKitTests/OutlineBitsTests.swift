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
            "bezier-groups": 0xD22F985F411A30D9,
            "catmull-rom": 0x9B41EF5921A413E1,
            "freehand": 0xCF4AD062D0AA675A,
            "hermite": 0xC0B3D23355AD7447,
            "linear": 0x3354E4D6C423F7EB,
            "midpoint-cubic": 0xBB42A450E69ABC97,
            "midpoint-quadratic": 0x970E3CAD68257EC,
            "timed-hermite": 0xFE1BCFF8365571EB,
        ]
        let pressure = try PressureBrush(response: .gamma(1.8))
        for technique in TechniqueCatalog.all {
            let value = Self.fingerprint(try Self.outlines(technique: technique, brush: pressure))
            #expect(pinned[technique.name] == value, "\(technique.name): 0x\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func everyBrushsOutlinesOfTheFixturesArePinnedToTheirBits() throws {
        let pinned: [String: UInt64] = [
            "constant": 0xAFEF5A2A337157FD,
            "contact-radius": 0x8B13732953F8D2A5,
            "fountain-pen": 0xBE2A78284B0E2CB3,
            "highlighter": 0x6301EA9505FAE3ED,
            "pressure": 0x1423A99B79388DF1,
            "tilt-shading": 0x1423A99B79388DF1,
            "velocity": 0x7A61399881E27AC1,
            "pressure, resolved": 0x3C71AF1E0CAF4533,
            "tilt-shading, pen lying low": 0x644E1926BD84B9CE,
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
