/// Finds the corners of a resampled trace: the points where straight runs meet. Douglas–Peucker
/// simplification proposes them; corners that barely turn, and runs too short to be a side (a hook as
/// the pen lands or lifts, two halves of one rounded corner), are then merged away.
package enum CornerFinder {
    /// The least turn at a corner, radians (35°): below it the two runs are one side.
    static let minimumTurn = 35 * Double.pi / 180

    /// Indices into `points` of the corners of an open path, its two ends included.
    /// `tolerance` is the simplification's distance, `shortest` the shortest side kept (points).
    static func openCorners(of points: [Point2D], tolerance: Double, shortest: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var corners = simplify(points, 0, points.count - 1, tolerance: tolerance)
        // A short end side is a hook: drop its free end.
        while corners.count > 2, points[corners[0]].distance(to: points[corners[1]]) < shortest { corners.removeFirst() }
        while corners.count > 2, points[corners[corners.count - 1]].distance(to: points[corners[corners.count - 2]]) < shortest {
            corners.removeLast()
        }
        var changed = true
        while changed, corners.count > 2 {
            changed = false
            // The interior corner that turns least goes first, if it turns too little.
            let turns = (1..<(corners.count - 1)).map { turn(points[corners[$0 - 1]], points[corners[$0]], points[corners[$0 + 1]]) }
            if let least = turns.indices.min(by: { turns[$0] < turns[$1] }), turns[least] < minimumTurn {
                corners.remove(at: least + 1)
                changed = true
                continue
            }
            // Two corners closer than a side: one rounded corner, kept at the middle sample.
            if let short = (1..<(corners.count - 2)).first(where: { points[corners[$0]].distance(to: points[corners[$0 + 1]]) < shortest }) {
                corners[short] = (corners[short] + corners[short + 1]) / 2
                corners.remove(at: short + 1)
                changed = true
            }
        }
        return corners
    }

    /// Indices into `points` (a loop, its last point joining its first) of the corners of the closed
    /// path, in order.
    static func closedCorners(of points: [Point2D], tolerance: Double, shortest: Double) -> [Int] {
        let n = points.count
        guard n > 3 else { return Array(points.indices) }
        let far = (1..<n).max { points[$0].distance(to: points[0]) < points[$1].distance(to: points[0]) } ?? n / 2
        let loop = points + [points[0]]
        var corners = simplify(loop, 0, far, tolerance: tolerance)
        corners += simplify(loop, far, n, tolerance: tolerance).dropFirst().dropLast()
        var changed = true
        while changed, corners.count > 3 {
            changed = false
            let count = corners.count
            func point(_ k: Int) -> Point2D { points[corners[(k + count) % count]] }
            let turns = (0..<count).map { turn(point($0 - 1), point($0), point($0 + 1)) }
            if let least = turns.indices.min(by: { turns[$0] < turns[$1] }), turns[least] < minimumTurn {
                corners.remove(at: least)
                changed = true
                continue
            }
            if let short = (0..<count).first(where: { point($0).distance(to: point($0 + 1)) < shortest }) {
                let next = (short + 1) % count
                var middle = (corners[short] + corners[next] + (next < short ? n : 0)) / 2
                if middle >= n { middle -= n }
                corners[short] = middle
                corners.remove(at: next)
                if next < short { corners.sort() }
                changed = true
            }
        }
        return corners
    }

    /// The turn from the direction a→b to the direction b→c, radians (0…π).
    package static func turn(_ a: Point2D, _ b: Point2D, _ c: Point2D) -> Double {
        let incoming = b - a, outgoing = c - b
        guard incoming.lengthSquared > 0, outgoing.lengthSquared > 0 else { return 0 }
        return abs(PortableMath.atan2(incoming.cross(outgoing), incoming.dot(outgoing)))
    }

    /// Douglas–Peucker over `points[first...last]`: the indices kept, both ends included.
    static func simplify(_ points: [Point2D], _ first: Int, _ last: Int, tolerance: Double) -> [Int] {
        var kept = [first, last]
        var pending = [(first, last)]
        while let (start, end) = pending.popLast() {
            guard end - start > 1 else { continue }
            var farthest = start, distance = 0.0
            for index in (start + 1)..<end {
                let d = points[index].distance(toSegment: points[start], points[end])
                if d > distance { (farthest, distance) = (index, d) }
            }
            guard distance > tolerance else { continue }
            kept.append(farthest)
            pending.append((start, farthest))
            pending.append((farthest, end))
        }
        return kept.sorted()
    }
}
