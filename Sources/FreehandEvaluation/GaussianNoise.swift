import Foundation

/// Seeded, reproducible noise for evaluations.
enum GaussianNoise {
    /// A 2D vector whose coordinates are independent normal deviates with the given standard
    /// deviation (Box–Muller transform).
    static func vector<G: RandomNumberGenerator>(deviation: Double, using generator: inout G) -> SIMD2<Double> {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let u2 = Double.random(in: 0..<1, using: &generator)
        let radius = (-2 * log(u1)).squareRoot() * deviation
        return SIMD2(radius * cos(2 * .pi * u2), radius * sin(2 * .pi * u2))
    }
}

/// SplitMix64: a small, fast, seedable generator (Steele, Lea and Flood, 2014), so that noisy
/// evaluations give the same numbers on every run and platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
