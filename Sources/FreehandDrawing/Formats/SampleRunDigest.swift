#if !hasFeature(Embedded)
import FreehandKit

/// What is kept of a run of samples handed to `ReadAheadOutlines`, instead of a copy of it: its
/// length and a 128-bit digest of its samples — two hashes of them, the second salted, each seeded
/// per process as Swift's hashing is — that tells apart samples `==` tells apart. A stroke of
/// millions of samples is then not held twice while it is read.
struct SampleRunDigest: Equatable {
    let count: Int
    let first: Int
    let second: Int

    /// The digest of `samples`.
    init<Samples: Collection<Sample>>(_ samples: Samples) {
        var first = Hasher(), second = Hasher()
        second.combine(0x9E37_79B9_7F4A_7C15 as UInt64)
        for sample in samples {
            first.combine(sample)
            second.combine(sample)
        }
        count = samples.count
        self.first = first.finalize()
        self.second = second.finalize()
    }

    /// True when `samples` are, one after the other, exactly the runs `digests` were made of.
    static func samples(_ samples: [Sample], areThe digests: [SampleRunDigest]) -> Bool {
        var offset = 0
        for digest in digests {
            guard digest.count <= samples.count - offset, SampleRunDigest(samples[offset..<(offset + digest.count)]) == digest else { return false }
            offset += digest.count
        }
        return offset == samples.count
    }
}
#endif
