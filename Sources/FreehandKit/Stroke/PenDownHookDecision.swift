/// The stroke pipeline's pen-down hook stage: while a stroke's start is undecided nothing may be
/// committed; once its settled points reach `PenHook.reach` from the first (or the stroke ends) the
/// start is decided, and a hook there (`PenHook`) is left out of the points. It reads settled points
/// only, so the decision is the same for any chunking of the input.
struct PenDownHookDecision: Sendable {
    /// True once the start is decided.
    private(set) var isDecided = false
    /// How many points the hook took from the start of the stroke's points (0 for none).
    private(set) var droppedPoints = 0
    /// The path length over the first `measured` + 1 points so far, points.
    private var length = 0.0
    private var measured = 0

    /// An undecided start.
    init() {}

    /// Decides the start of `points` once their settled prefix (all of them when `final`) is long
    /// enough, leaving a hook there out of them.
    mutating func decide(_ points: inout StrokePoints, final: Bool) {
        guard !isDecided, points.count > 0 else { return }
        let known = final ? points.count : points.settledCount
        while measured + 1 < known, length < PenHook.reach {
            length += points.locations[measured].distance(to: points.locations[measured + 1])
            measured += 1
        }
        guard final || length >= PenHook.reach else { return }
        isDecided = true
        guard let turn = PenHook.turn(along: points.locations[...measured], limit: measured) else { return }
        points.removeFirst(turn)
        droppedPoints = turn
    }
}
