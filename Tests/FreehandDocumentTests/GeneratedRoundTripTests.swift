import FreehandDocument
import FreehandKit
import Foundation
import Testing

/// Writers and readers agree on generated drawings: whatever a writer accepts, its reader reads back
/// with every value it holds bit for bit — −0, missing timestamps and channels, one-sample and
/// empty strokes, values at the edges of what is legal. `FREEHAND_ROUNDTRIP_COUNT` sets how many
/// drawings a format (default 1,500).
struct GeneratedRoundTripTests {
    static let count = ProcessInfo.processInfo.environment["FREEHAND_ROUNDTRIP_COUNT"].flatMap(Int.init) ?? 1_500

    /// A small seeded generator (SplitMix64): the same drawings every run.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// A value drawn from the awkward ones: ±0, the coordinate limit, tiny and huge magnitudes,
        /// short decimals, whole numbers, any finite double within `limit`.
        mutating func value(within limit: Double) -> Double {
            switch below(9) {
            case 0: return -0.0
            case 1: return 0
            case 2: return below(2) == 0 ? limit : -limit
            case 3: return Double(below(2001) - 1000) / 100
            case 4: return Double(below(1_000_000)) * (below(2) == 0 ? 1 : -1)
            case 5: return Double.leastNonzeroMagnitude * Double(below(4))
            case 6: return (below(2) == 0 ? 1 : -1) * Double.ulpOfOne * Double(below(1000))
            case 7: return Double(Float(Double(below(1 << 20)) / 1024.0))
            default:
                let bits = Double(bitPattern: next())
                return bits.isFinite && abs(bits) <= limit ? bits : Double(below(10_000)) / 7
            }
        }

        mutating func optional(within limit: Double) -> Double? { below(3) == 0 ? nil : value(within: limit) }

        mutating func sample(timed: Bool) -> Sample {
            let coordinate = SampleValidation.coordinateLimit
            let kinds: [PointerKind] = [.pen, .finger, .mouse]
            return Sample(
                x: value(within: coordinate), y: value(within: coordinate),
                timestamp: timed ? abs(value(within: 1e6)) : nil, force: optional(within: 1e6), altitude: optional(within: 10),
                azimuth: optional(within: 10), majorRadius: optional(within: 1e6), kind: kinds[below(kinds.count)])
        }

        mutating func drawing() -> Drawing {
            let strokes = (0..<below(4)).map { _ -> StrokeRecord in
                let timed = below(3) != 0
                let count = [0, 1, 1, 2, 4, 9, 40][below(7)]
                // A quarter of the strokes repeat one sample (a pen resting, −0 everywhere): columns
                // of runs, a few bytes for any number of samples.
                if below(4) == 0 {
                    let resting = below(2) == 0 ? Sample(x: -0.0, y: -0.0) : sample(timed: false)
                    return StrokeRecord(samples: Array(repeating: resting, count: count))
                }
                return StrokeRecord(samples: (0..<count).map { _ in sample(timed: timed) })
            }
            return Drawing(strokes: strokes)
        }
    }

    @Test(arguments: [InkFileFormat.json, .binary, .inkml, .signaturePad])
    func whatAWriterAcceptsItsReaderReadsBackExactly(through format: InkFileFormat) throws {
        var generator = Generator(state: 0x5EED)
        var written = 0, refused = 0
        for index in 0..<Self.count {
            let drawing = generator.drawing()
            let bytes: Data
            do { bytes = try format.bytes(for: drawing) } catch {
                refused += 1
                continue
            }
            written += 1
            let read: Drawing
            do { read = try format.read(bytes) } catch {
                Issue.record("drawing \(index) → \(format.rawValue): written, then refused: \(error)\n\(drawing.strokes.map(\.samples))")
                return
            }
            let expected = format == .signaturePad ? drawing.inPoints : drawing
            // A reader may leave out a stroke with no samples; every stroke with samples comes back.
            let kept = expected.strokes.filter { !$0.samples.isEmpty }, got = read.strokes.filter { !$0.samples.isEmpty }
            guard kept.count == got.count else {
                Issue.record("drawing \(index) → \(format.rawValue): \(kept.count) strokes with samples, \(got.count) read")
                return
            }
            for (a, b) in zip(kept, got) {
                let sent = a.samples.map { ConversionFidelityTests.fields($0, in: format).map { $0?.bitPattern } }
                let back = b.samples.map { ConversionFidelityTests.fields($0, in: format).map { $0?.bitPattern } }
                if sent != back {
                    Issue.record("drawing \(index) → \(format.rawValue): \(a.samples) came back as \(b.samples)")
                    return
                }
            }
        }
        // The generator must exercise the reader, not only the writer's refusals.
        #expect(written > Self.count / 2, "\(format.rawValue): \(written) written, \(refused) refused")
    }
}
