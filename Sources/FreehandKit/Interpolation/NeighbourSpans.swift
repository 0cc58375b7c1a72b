/// The walk shared by the interpolating splines (Catmull–Rom, Hermite): span k runs from Pₖ₋₁ to Pₖ
/// and is shaped by its neighbours Pₖ₋₂ and Pₖ₊₁, so it is final once Pₖ₊₁ has arrived.
///
/// Past the ends, phantom points reflected through the end samples stand in for the missing
/// neighbours: P₋₁ = 2P₀ − P₁ and Pₙ₊₁ = 2Pₙ − Pₙ₋₁.
enum NeighbourSpans {
    /// Emits every span whose four points are known, advancing `cursor` (the index of the next
    /// span's end sample).
    @inline(__always)
    static func commit(
        _ points: ArraySlice<Point2D>, cursor: inout SpanCursor, into path: inout SpanOutput,
        span: (Point2D, Point2D, Point2D, Point2D) -> PathElement
    ) {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        let base = points.startIndex
        while cursor.next + 1 < points.count {
            let k = base + cursor.next
            let before = cursor.next >= 2 ? points[k - 2] : 2 * points[k - 1] - points[k]
            path.append(span(before, points[k - 1], points[k], points[k + 1]), progress: Double(cursor.next))
            cursor.next += 1
        }
    }

    /// Emits the remaining spans as if the stroke ended at the last point, using the end phantom.
    @inline(__always)
    static func finish(
        _ points: ArraySlice<Point2D>, cursor: SpanCursor, into path: inout SpanOutput,
        span: (Point2D, Point2D, Point2D, Point2D) -> PathElement
    ) {
        var cursor = cursor
        commit(points, cursor: &cursor, into: &path, span: span)
        guard points.count >= 2, cursor.next == points.count - 1 else { return }
        let k = points.startIndex + cursor.next
        let before = cursor.next >= 2 ? points[k - 2] : 2 * points[k - 1] - points[k]
        path.append(span(before, points[k - 1], points[k], 2 * points[k] - points[k - 1]), progress: Double(cursor.next))
    }

    /// `commit` for spans shaped by time too: `times` is parallel to `points`; past the ends the
    /// phantom times are reflected like the points (t₋₁ = 2t₀ − t₁).
    @inline(__always)
    static func commit(
        _ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: inout SpanCursor, into path: inout SpanOutput,
        span: (Point2D, Point2D, Point2D, Point2D, Double, Double, Double, Double) -> PathElement
    ) {
        beginIfNeeded(points, cursor: &cursor, into: &path)
        let base = points.startIndex, timeBase = times.startIndex
        while cursor.next + 1 < points.count {
            let k = base + cursor.next, j = timeBase + cursor.next
            let before = cursor.next >= 2 ? points[k - 2] : 2 * points[k - 1] - points[k]
            let timeBefore = cursor.next >= 2 ? times[j - 2] : 2 * times[j - 1] - times[j]
            path.append(
                span(before, points[k - 1], points[k], points[k + 1], timeBefore, times[j - 1], times[j], times[j + 1]),
                progress: Double(cursor.next))
            cursor.next += 1
        }
    }

    /// `finish` for spans shaped by time too (see `commit(_:times:cursor:into:span:)`).
    @inline(__always)
    static func finish(
        _ points: ArraySlice<Point2D>, times: ArraySlice<Double>, cursor: SpanCursor, into path: inout SpanOutput,
        span: (Point2D, Point2D, Point2D, Point2D, Double, Double, Double, Double) -> PathElement
    ) {
        var cursor = cursor
        commit(points, times: times, cursor: &cursor, into: &path, span: span)
        guard points.count >= 2, cursor.next == points.count - 1 else { return }
        let k = points.startIndex + cursor.next, j = times.startIndex + cursor.next
        let before = cursor.next >= 2 ? points[k - 2] : 2 * points[k - 1] - points[k]
        let timeBefore = cursor.next >= 2 ? times[j - 2] : 2 * times[j - 1] - times[j]
        path.append(
            span(before, points[k - 1], points[k], 2 * points[k] - points[k - 1], timeBefore, times[j - 1], times[j], 2 * times[j] - times[j - 1]),
            progress: Double(cursor.next))
    }
}
