/// A pencil's paper grain: a deterministic, tileable texture that thins ink coverage in its
/// valleys. It needs no image asset: value noise on a `period`-pixel torus, from an integer hash,
/// so the same pixel gets the same value on every platform and run, and tiles meet seamlessly.
public struct Grain: Hashable, Sendable {
    /// How much coverage the deepest valley removes, 0 (no grain) … 1.
    public let strength: Double
    /// The tile size in pixels (≥ 4); the pattern repeats every `period` pixels both ways.
    public let period: Int
    /// The size of a grain feature in pixels (≥ 1).
    public let featureSize: Int
    private let table: [Float]

    /// A grain; `strength` is clamped to 0…1, `period` to 4…1024 and rounded to a multiple of the
    /// feature size, `featureSize` to 1…64.
    public init(strength: Double = 0.55, period: Int = 128, featureSize: Int = 2, seed: UInt32 = 1) {
        self.strength = Swift.min(1, Swift.max(0, strength.isFinite ? strength : 0))
        let feature = Swift.min(64, Swift.max(1, featureSize))
        self.featureSize = feature
        self.period = Swift.max(feature * 2, (Swift.min(1024, Swift.max(4, period)) / feature) * feature)
        let cells = self.period / feature
        // Two octaves of value noise on the torus, bilinearly interpolated per pixel.
        func lattice(_ x: Int, _ y: Int, _ octave: UInt32) -> Float {
            Float(Self.hash(UInt32(x % cells), UInt32(y % cells), seed &+ octave) & 0xFFFF) / 65535
        }
        var values = [Float](repeating: 0, count: self.period * self.period)
        for y in 0..<self.period {
            for x in 0..<self.period {
                let fx = Float(x) / Float(feature), fy = Float(y) / Float(feature)
                let x0 = Int(fx), y0 = Int(fy)
                let tx = fx - Float(x0), ty = fy - Float(y0)
                func sample(_ octave: UInt32) -> Float {
                    let a = lattice(x0, y0, octave), b = lattice(x0 + 1, y0, octave)
                    let c = lattice(x0, y0 + 1, octave), d = lattice(x0 + 1, y0 + 1, octave)
                    return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
                }
                let fine = lattice(x, y, 7)  // per-pixel speckle
                let noise = 0.7 * sample(0) + 0.3 * fine
                values[y * self.period + x] = 1 - Float(self.strength) * noise
            }
        }
        table = values
    }

    /// The coverage factor at pixel (`x`, `y`), 1 − strength … 1.
    @inline(__always)
    public func value(x: Int, y: Int) -> Float {
        let px = ((x % period) + period) % period, py = ((y % period) + period) % period
        return table[py * period + px]
    }

    /// A 32-bit integer hash (a variant of the "lowbias32" mixer) of a lattice point.
    private static func hash(_ x: UInt32, _ y: UInt32, _ seed: UInt32) -> UInt32 {
        var h = x &* 0x8DA6_B343 ^ y &* 0xD816_3841 ^ seed &* 0xCB1A_B31F
        h ^= h >> 16
        h = h &* 0x7FEB_352D
        h ^= h >> 15
        h = h &* 0x846C_A68B
        h ^= h >> 16
        return h
    }
}
