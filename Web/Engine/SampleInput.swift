import FreehandKit

/// Samples as JavaScript writes them into input slot 0: seven `Float64`s each — x, y (points),
/// time (seconds), force (0…1), altitude, azimuth (radians), contact radius (points) — NaN where
/// the device gave no reading.
enum SampleInput {
    /// The first `count` samples and the `predicted` after them, of pointer kind `kind`; nil when
    /// the slot holds fewer.
    static func read(count: Int32, predicted: Int32, kind: PointerKind) -> (real: [Sample], predicted: [Sample])? {
        let values = Exchange.bytes(Exchange.Slot.main).bindMemory(to: Double.self)
        let real = Int(max(0, count)), total = real + Int(max(0, predicted))
        guard values.count >= 7 * total else { return nil }
        func sample(_ index: Int) -> Sample {
            func reading(_ field: Int) -> Double? {
                let value = values[7 * index + field]
                return value.isNaN ? nil : value
            }
            return Sample(
                x: values[7 * index], y: values[7 * index + 1], timestamp: reading(2), force: reading(3), altitude: reading(4),
                azimuth: reading(5), majorRadius: reading(6), kind: kind)
        }
        return ((0..<real).map(sample), (real..<total).map(sample))
    }
}
