/// A hook at one end of a stroke: the short flick of a pen tip as it lands or lifts, drawn as a
/// knob or a tick at that end. `StrokeBuilder` leaves both out of the path (`dropsPenDownHook`,
/// `dropsPenUpHook`); the samples are kept.
///
/// One rule for both ends, read from the end inward: the first stretch under `length` is a hook
/// when it goes out against the way the stroke goes over the `2 × length` after it, by more than
/// a tenth of `length` (less is the pen's jitter at rest) and by at least half its reach from the
/// end (it points back within 60° of the way: a stroke that starts or ends by turning a corner
/// sideways, as small letters do, keeps it). The path then begins (or ends) where that stretch
/// turns: its point farthest against the way.
enum PenHook {
    /// The longest hook left out of a stroke's path, points: shorter than a stroke is wide.
    static let length = 2.5

    /// How much of a stroke's end the rule reads, points: the hook and the way after it.
    static let reach = 3 * length

    /// Where the hook at the start of `path` turns — the offset of the point the path should
    /// begin at — or nil for no hook. `path` runs from the end the pen touched (the landing, or
    /// the lift read backwards) inward; the hook spans no more than its first `limit` + 1 points
    /// (the points after them are committed and cannot go). A path shorter than the way it is
    /// judged by (a tick, a dot) keeps its end.
    static func turn(along path: some RandomAccessCollection<Point2D>, limit: Int) -> Int? {
        let points = Array(path)
        var start = 0, length = 0.0
        while start < Swift.min(limit, points.count - 1) {
            let step = points[start].distance(to: points[start + 1])
            guard length + step <= Self.length else { break }
            length += step
            start += 1
        }
        guard start > 0 else { return nil }
        var after = start, way = 0.0
        while after < points.count - 1, way < 2 * Self.length {
            way += points[after].distance(to: points[after + 1])
            after += 1
        }
        let toward = points[start] - points[after]
        guard way >= 2 * Self.length, toward.length > 0 else { return nil }
        let direction = toward / toward.length
        // Out against the way means toward the end: the point farthest that way is the turn.
        var apex = start
        for offset in stride(from: start, through: 0, by: -1) where points[offset].dot(direction) > points[apex].dot(direction) {
            apex = offset
        }
        let comesBack = (points[apex] - points[0]).dot(direction)
        guard apex > 0, comesBack > 0.1 * Self.length, comesBack >= 0.5 * points[apex].distance(to: points[0]) else { return nil }
        return apex
    }
}
