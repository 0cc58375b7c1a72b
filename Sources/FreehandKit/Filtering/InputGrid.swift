/// The grid a pointer's positions sit on, estimated from the samples themselves: the largest step
/// every move so far (along x and along y) is a whole multiple of — 1 point for a mouse reporting
/// whole pixels at 100 % zoom, ½ at 200 %, none for a pen, whose positions carry fractions.
///
/// It reads the moves between consecutive samples, so a pan offset that is not itself on the grid
/// does not hide it. The estimate only ever falls: a move that is not a multiple of it brings it to
/// their common divisor (within a millionth of the move), and below `finest` there is no grid —
/// which is what a pen's fractional positions give within a few samples. For a stroke's sample
/// `n`, the estimate after samples 0…n is the same however the samples were chunked.
public struct InputGrid: Hashable, Sendable {
    /// The grid step, points, or 0 for none: none at all, or none yet — a step is trusted once
    /// `movesToTrust` moves along an axis agree with it (a mouse's first move of 5 pixels is not a
    /// 5-point grid).
    public var step: Double { isOnGrid && moves >= Self.movesToTrust ? candidate : 0 }
    /// The largest step every move so far is a multiple of, points (0 before the first move).
    private var candidate = 0.0
    /// How many moves along an axis (non-zero components) were observed.
    private var moves = 0
    /// False once the moves have shown the positions have no grid as coarse as `finest`.
    public private(set) var isOnGrid = true

    /// The finest grid worth acting on, points (1/16): below it the quantisation is under the
    /// noise of any hand.
    public static let finest = 1.0 / 16
    /// How many moves along an axis a grid needs before it is trusted (2).
    public static let movesToTrust = 2

    /// No grid known yet.
    public init() {}

    /// Takes a move from one sample to the next, points.
    public mutating func observe(_ move: Point2D) {
        observe(component: move.x)
        observe(component: move.y)
    }

    private mutating func observe(component: Double) {
        let length = abs(component)
        guard isOnGrid, length > 0, length.isFinite else { return }
        moves += 1
        guard candidate > 0 else {
            if length >= Self.finest { candidate = length } else { isOnGrid = false }
            return
        }
        // Euclid's algorithm on the two lengths, with a tolerance for the rounding of coordinates.
        var (large, small) = length > candidate ? (length, candidate) : (candidate, length)
        let tolerance = 1e-6 * large
        var rounds = 0
        while small > tolerance, rounds < 64 {
            let rest = large.truncatingRemainder(dividingBy: small)
            (large, small) = (small, Swift.min(rest, small - rest))
            rounds += 1
        }
        if large >= Self.finest, rounds < 64 {
            candidate = large
        } else {
            candidate = 0
            isOnGrid = false
        }
    }
}
