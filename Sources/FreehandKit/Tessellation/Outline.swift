import Foundation

/// The closed polygon around a variable-width centreline, with round caps and round joins, to be
/// filled with the non-zero rule.
///
/// Construction: the left offsets run forward, a cap turns around the end, the right offsets run
/// back, a cap turns around the start. At each vertex the outer side of the turn gets a circular
/// arc of the vertex's radius; the inner side goes through the vertex itself. The polygon is then
/// the sum of consistently oriented pieces — one trapezoid per segment, one circular sector per
/// outer join and per cap — so every point inside the stroke has a non-zero winding number and
/// nothing is filled twice. Nothing reaches farther from the centreline than the widest radius,
/// so there are no spikes at sharp turns, reversals, near-coincident vertices or fast width
/// changes; and no NaN can arise from finite input.
public enum Outline {
    /// How a piece of outline ends: with a round cap, or cut straight across through the centreline
    /// (where a neighbouring piece continues).
    public enum End: Hashable, Sendable {
        /// A half disc of the end vertex's radius.
        case round
        /// A straight cut; `joining` is the direction of the segment before the piece (for a start)
        /// whose outer join sector this piece includes, or nil.
        case cut(joining: Point?)
    }

    /// Vertices closer than this (points) to the previous kept vertex are skipped.
    static let minimumSegment = 1e-7

    /// The polygon around `vertices` with round caps at both ends. One vertex (or several at one
    /// place) gives a disc of its width; no vertex gives an empty polygon.
    public static func polygon(around vertices: [CentrelineVertex]) -> [Point] {
        polygon(around: vertices[...], start: .round, end: .round)
    }

    /// The polygon around `vertices`, with the given kinds of start and end.
    public static func polygon(around vertices: ArraySlice<CentrelineVertex>, start: End, end: End) -> [Point] {
        distinct(vertices).withUnsafeBufferPointer { polygon(around: $0, start: start, end: end) }
    }

    /// The polygon around `kept`, vertices none of which nearly coincides with the one before it.
    private static func polygon(around kept: UnsafeBufferPointer<CentrelineVertex>, start: End, end: End) -> [Point] {
        guard let first = kept.first else { return [] }
        guard kept.count > 1 else {
            let radius = kept.map(\.radius).max() ?? first.radius
            var disc = [first.position + Point(radius, 0)]
            Arc.append(around: first.position, from: disc[0], sweep: 2 * .pi, to: &disc)
            disc.removeLast()
            return disc
        }
        var directions: [Point] = []
        directions.reserveCapacity(kept.count - 1)
        for index in 0..<(kept.count - 1) {
            let delta = kept[index + 1].position - kept[index].position
            directions.append(delta / delta.length)
        }
        // At each inner vertex: which side is outer (a negative turn is to the right, so the left side
        // is outer) and whether the outer join needs arc points at all (a chord within the arc
        // tolerance needs none).
        var turns = [Double](repeating: 0, count: kept.count)
        for index in 1..<(kept.count - 1) {
            let a = directions[index - 1], b = directions[index]
            let cross = a.cross(b), dot = a.dot(b)
            // A reversal has no side of its own; take it as a right turn on both passes.
            let sign: Double = cross > 0 || (cross == 0 && dot > 0) ? 1 : -1
            if kept[index].radius * (1 - dot) / 4 <= Arc.tolerance {
                turns[index] = sign * 1e-300  // outer side known, no arc points needed
            } else {
                turns[index] = abs(abs(atan2(cross, dot)) - .pi) < 1e-12 ? -.pi : atan2(cross, dot)
            }
        }
        var polygon: [Point] = []
        // Five points per vertex (three on a side where it turns inward, two outward) and the caps.
        polygon.reserveCapacity(kept.count * 5 + 64)
        func left(_ index: Int, _ segment: Int) -> Point { kept[index].position + normal(directions[segment]) * kept[index].radius }
        func right(_ index: Int, _ segment: Int) -> Point { kept[index].position - normal(directions[segment]) * kept[index].radius }

        // Start: the cut (with the join sector owed to the previous piece) or nothing yet; the
        // start cap closes the loop at the very end.
        if case .cut(let joining?) = start {
            let p = kept[0].position, r = kept[0].radius
            let turn = Arc.signedAngle(from: joining, to: directions[0])
            if turn < 0, r > 0 {
                polygon.append(p)
                polygon.append(p + normal(joining) * r)
                Arc.append(around: p, from: polygon[polygon.count - 1], sweep: turn, to: &polygon)
            }
        }
        polygon.append(left(0, 0))
        for index in 1..<(kept.count - 1) {
            let incoming = left(index, index - 1), outgoing = left(index, index)
            polygon.append(incoming)
            if turns[index] < 0 {
                Arc.append(around: kept[index].position, from: incoming, sweep: turns[index], to: &polygon)
            } else {
                polygon.append(kept[index].position)
            }
            polygon.append(outgoing)
        }
        let last = kept.count - 1
        polygon.append(left(last, last - 1))
        switch end {
        case .round:
            Arc.append(around: kept[last].position, from: polygon[polygon.count - 1], sweep: -.pi, to: &polygon)
        case .cut:
            polygon.append(kept[last].position)
            polygon.append(right(last, last - 1))
        }
        var index = last - 1
        while index >= 1 {
            let incoming = right(index, index), outgoing = right(index, index - 1)
            polygon.append(incoming)
            if turns[index] > 0 {
                Arc.append(around: kept[index].position, from: incoming, sweep: -turns[index], to: &polygon)
            } else {
                polygon.append(kept[index].position)
            }
            polygon.append(outgoing)
            index -= 1
        }
        polygon.append(right(0, 0))
        switch start {
        case .round:
            Arc.append(around: kept[0].position, from: polygon[polygon.count - 1], sweep: -.pi, to: &polygon)
            polygon.removeLast()  // the arc ends on the first point of the loop
        case .cut(let joining):
            let p = kept[0].position, r = kept[0].radius
            if let joining, Arc.signedAngle(from: joining, to: directions[0]) > 0, r > 0 {
                let turn = Arc.signedAngle(from: joining, to: directions[0])
                Arc.append(around: p, from: polygon[polygon.count - 1], sweep: -turn, to: &polygon)
            }
            polygon.append(p)
        }
        removeRepeats(&polygon)
        return polygon
    }

    /// The left normal of a unit direction (rotated a quarter turn from +x towards +y).
    @inline(__always)
    static func normal(_ direction: Point) -> Point { Point(-direction.y, direction.x) }

    /// The vertices without those that nearly coincide with the one kept before them (the widest
    /// radius of a cluster is kept).
    static func distinct(_ vertices: ArraySlice<CentrelineVertex>) -> ArraySlice<CentrelineVertex> {
        // Most strokes have no such vertex: then there is nothing to copy.
        let hasRepeats = zip(vertices, vertices.dropFirst()).contains { ($1.position - $0.position).length < minimumSegment }
        guard hasRepeats else { return vertices }
        var kept: [CentrelineVertex] = []
        kept.reserveCapacity(vertices.count)
        for vertex in vertices {
            if let last = kept.last, (vertex.position - last.position).length < minimumSegment {
                kept[kept.count - 1].width = Swift.max(last.width, vertex.width)
                continue
            }
            kept.append(vertex)
        }
        return kept[...]
    }

    /// Drops consecutive repeated points (and a last point equal to the first), in place.
    private static func removeRepeats(_ polygon: inout [Point]) {
        guard polygon.count > 1 else { return }
        var kept = polygon.withUnsafeMutableBufferPointer { buffer in
            var kept = 1
            for index in 1..<buffer.count where buffer[index] != buffer[kept - 1] {
                buffer[kept] = buffer[index]
                kept += 1
            }
            return kept
        }
        if kept > 1, polygon[kept - 1] == polygon[0] { kept -= 1 }
        polygon.removeSubrange(kept...)
    }
}
