/// A stabilizer a person turns up for steadier lines: the ink follows a point that trails the pen,
/// as drawing apps' "lazy brush", "streamline" or "stabilizer" settings do. Unlike the default's
/// denoiser, which only averages away noise, it trades lag for calm: a shaky hand draws a steady
/// curve, and corners round off by about the trailing distance.
///
/// Strength 0…1 sets the trailing distance, `reach` = strength × `maximumReach` (16 points at 1).
/// While the pen moves the ink trails it by about `reach` — a lag in time of `reach` ÷ the pen's
/// speed: at strength 0.25 (4 points) 40 ms at 100 pt/s (slow, careful drawing) and 13 ms at
/// 300 pt/s (signing speed); at 0.5, 80 and 27 ms; at 1, 160 and 53 ms. When the pen lifts, the
/// stroke catches up: it ends where the pen did. Causal and O(1) a sample, so streaming equals
/// batch.
public struct Stabilizer: Hashable, Sendable {
    /// How the followed point trails the pen.
    public enum Mode: String, CaseIterable, Hashable, Sendable {
        /// A pulled string ("lazy radius"): the point stays put while the pen moves within `reach`
        /// of it, and is dragged along behind the pen, `reach` away, once the pen pulls the string
        /// tight. Small wobbles are ignored entirely; direction changes are taken wide.
        case string
        /// A distance-weighted average: each sample moves the point toward the pen by a share that
        /// grows with the distance the pen travelled since the last one (1 − e^(−distance/reach)), so
        /// the average is the same at any sample rate, and a resting pen (or its jitter in place)
        /// moves it little; the stroke catches up when the pen lifts.
        case average
    }

    /// The trailing behaviour.
    public let mode: Mode
    /// How strongly the ink is steadied, 0 (off) … 1.
    public let strength: Double

    /// The trailing distance at strength 1, points (16).
    public static let maximumReach = 16.0

    /// The trailing distance, points: `strength` × `maximumReach`.
    public var reach: Double { strength * Self.maximumReach }

    /// A stabilizer; throws `ParameterError` for a strength outside 0…1.
    public init(_ mode: Mode, strength: Double) throws(ParameterError) {
        try ParameterError.check("strength", strength, in: 0...1)
        self.mode = mode
        self.strength = strength
    }

    /// The stabilizer's name and strength as the command line writes them: `string:0.5`.
    public var description: String { "\(mode.rawValue):\(strength)" }

    /// A stabilizer from its command-line form `MODE:STRENGTH` (or a bare `MODE`, strength 0.5);
    /// throws `ParameterError` for an unknown mode or a strength that is not a number in 0…1.
    public init(parsing text: String) throws(ParameterError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let mode = Mode(rawValue: String(parts[0])) else {
            throw .unknownName(String(parts[0]), known: Mode.allCases.map { $0.rawValue })
        }
        guard parts.count == 2 else {
            try self.init(mode, strength: 0.5)
            return
        }
        // Not a number reads as NaN: refused by the range check like any other strength outside it.
        try self.init(mode, strength: Double(parts[1]) ?? .nan)
    }

    /// The point that trails the pen, fed one pen location at a time (a value: copy it to try
    /// predicted samples).
    struct Follower: Sendable {
        let stabilizer: Stabilizer
        private(set) var position: Point2D?
        private var lastPen: Point2D?

        init(_ stabilizer: Stabilizer) { self.stabilizer = stabilizer }

        /// Where the followed point is once the pen has reached `pen`.
        mutating func follow(_ pen: Point2D) -> Point2D {
            defer { lastPen = pen }
            guard let current = position, let lastPen else {
                position = pen
                return pen
            }
            let reach = stabilizer.reach
            guard reach > 0 else {
                position = pen
                return pen
            }
            var next = current
            switch stabilizer.mode {
            case .string:
                let offset = pen - current
                let length = offset.length
                if length > reach { next = pen - offset * (reach / length) }
            case .average:
                let travelled = (pen - lastPen).length
                // The portable exp: the same bits on every platform, as all geometry.
                next = current + (pen - current) * (1 - PortableMath.exp(-travelled / reach))
            }
            // A reading a billion points away must not turn the point into a NaN.
            if !next.isFinite { next = pen }
            position = next
            return next
        }
    }
}
