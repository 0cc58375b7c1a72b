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
    /// The grid step, points, or 0 for none (yet, or at all).
    public private(set) var step = 0.0
    /// False once the moves have shown the positions have no grid as coarse as `finest`.
    public private(set) var isOnGrid = true

    /// The finest grid worth acting on, points (1/16): below it the quantisation is under the
    /// noise of any hand.
    public static let finest = 1.0 / 16

    /// No grid known yet.
    public init() {}

    /// Takes a move from one sample to the next, points.
    public mutating func observe(_ move: Point) {
        observe(component: move.x)
        observe(component: move.y)
    }

    private mutating func observe(component: Double) {
        let length = abs(component)
        guard isOnGrid, length > 0, length.isFinite else { return }
        guard step > 0 else {
            if length >= Self.finest { step = length } else { isOnGrid = false }
            return
        }
        // Euclid's algorithm on the two lengths, with a tolerance for the rounding of coordinates.
        var (large, small) = length > step ? (length, step) : (step, length)
        let tolerance = 1e-6 * large
        var rounds = 0
        while small > tolerance, rounds < 64 {
            let rest = large.truncatingRemainder(dividingBy: small)
            (large, small) = (small, Swift.min(rest, small - rest))
            rounds += 1
        }
        if large >= Self.finest, rounds < 64 {
            step = large
        } else {
            step = 0
            isOnGrid = false
        }
    }
}
