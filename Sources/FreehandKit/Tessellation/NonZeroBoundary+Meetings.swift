/// Where the segments of a polygon meet, for `NonZeroBoundary`.
extension NonZeroBoundary {
    /// Where a polygon's segments meet: crossings (new nodes), corners on other segments (splits
    /// at the corner's node) and coinciding corners (merged nodes).
    struct Meetings {
        let polygon: [Point2D]
        /// The crossing points; node n + i is crossing i.
        var crossings: [Point2D] = []
        var splits: [Split] = []
        /// Whether any two corners were merged.
        var merged = false
        /// Pairs of segments tested by `find()` (its work, bounded by the budget).
        var tests = 0
        /// Union-find over the corners (coinciding corners are one node).
        var parent: [Int32]

        init(_ polygon: [Point2D]) {
            self.polygon = polygon
            parent = (0..<Int32(polygon.count)).map { $0 }
        }

        /// The node standing for node `corner` (a corner, or n + i for crossing i) and those merged
        /// with it.
        mutating func node(of corner: Int) -> Int {
            var root = Int(parent[corner])
            guard Int(parent[root]) != root else { return root }
            while Int(parent[root]) != root { root = Int(parent[root]) }
            var walk = corner
            while Int(parent[walk]) != root {
                let next = Int(parent[walk])
                parent[walk] = Int32(root)
                walk = next
            }
            return root
        }

        mutating func merge(_ a: Int, _ b: Int) {
            let (ra, rb) = (node(of: a), node(of: b))
            guard ra != rb else { return }
            parent[Swift.max(ra, rb)] = Int32(Swift.min(ra, rb))
            merged = true
        }

        /// Puts the splits in order of segment, and along each segment in order of t: counted into
        /// their segments, then each segment's few put in order by insertion.
        mutating func sortSplits() {
            let n = polygon.count
            var starts = [Int](repeating: 0, count: n + 1)
            for split in splits { starts[Int(split.segment) + 1] += 1 }
            for segment in 0..<n { starts[segment + 1] += starts[segment] }
            var sorted = splits
            var fill = starts
            for split in splits {
                let segment = Int(split.segment)
                var at = fill[segment]
                fill[segment] += 1
                // Insertion within the segment's run.
                while at > starts[segment], sorted[at - 1].t > split.t {
                    sorted[at] = sorted[at - 1]
                    at -= 1
                }
                sorted[at] = split
            }
            splits = sorted
        }

        /// Makes crossings at the same place (within `repeatDistance`) one node: where a segment
        /// crosses two that overlap along a line, or three cross at one point.
        mutating func mergeCoincidentCrossings() {
            let n = polygon.count, k = crossings.count
            parent += (Int32(n)..<Int32(n + k)).map { $0 }
            guard k > 1 else { return }
            let order = (0..<k).sorted { crossings[$0].x < crossings[$1].x }
            for i in 0..<k {
                let a = crossings[order[i]]
                var j = i + 1
                while j < k, crossings[order[j]].x - a.x <= repeatDistance {
                    if abs(crossings[order[j]].y - a.y) <= repeatDistance { merge(n + order[i], n + order[j]) }
                    j += 1
                }
            }
        }

        /// Finds every meeting; false for a degenerate one (two neighbours folded back along one
        /// line) or past the work budget (`testsPerCorner` pairs tested a corner plus
        /// `testAllowance`, or `crossingsPerCorner` crossings a corner, plus 4,096; at most
        /// `maximumTests` and `maximumCrossings`).
        ///
        /// The segments are swept along the longer side of the polygon's bounds (a stroke's
        /// outline is long and thin: across it, few segments overlap at once), each tested against
        /// the segments still open whose extents on the other axis overlap its own.
        mutating func find() -> Bool {
            let n = polygon.count
            var low = polygon[0], high = polygon[0]
            for index in 0..<n {
                let a = polygon[index], b = polygon[index + 1 == n ? 0 : index + 1]
                low = pointwiseMin(low, a)
                high = pointwiseMax(high, a)
                // Neighbours meet at their shared corner; folded back along one line they overlap.
                let next = polygon[index + 2 >= n ? index + 2 - n : index + 2] - b
                if (b - a).cross(next) == 0, (b - a).dot(next) < 0 { return false }
            }
            // Sweep along x when the bounds are wider than tall, else along y: `along` and `across`
            // pick the coordinates.
            let alongX = high.x - low.x >= high.y - low.y
            // Each segment's extent (low, high) along the sweep and across it.
            var extents: [SIMD4<Double>] = []
            extents.reserveCapacity(n)
            for index in 0..<n {
                let a = polygon[index], b = polygon[index + 1 == n ? 0 : index + 1]
                let lower = pointwiseMin(a, b), upper = pointwiseMax(a, b)
                extents.append(alongX ? SIMD4(lower.x, upper.x, lower.y, upper.y) : SIMD4(lower.y, upper.y, lower.x, upper.x))
            }
            let order = Self.byStart(extents, from: alongX ? low.x : low.y, to: alongX ? high.x : high.y)
            var open: [Int] = []
            // A hostile polygon (every segment across every other) would take quadratic time and
            // memory, and so would a long scribble back and forth over one spot: past this many
            // pairs tested, or crossings found, it is left as it is.
            tests = 0
            let testBudget = Swift.min(NonZeroBoundary.testsPerCorner * n + NonZeroBoundary.testAllowance, NonZeroBoundary.maximumTests)
            let crossingBudget = Swift.min(NonZeroBoundary.crossingsPerCorner * n + 4096, NonZeroBoundary.maximumCrossings)
            for segment in order {
                let extent = extents[segment]
                let start = extent.x
                var index = 0
                while index < open.count {
                    let other = open[index]
                    let otherExtent = extents[other]
                    if otherExtent.y < start {
                        open.swapAt(index, open.count - 1)
                        open.removeLast()
                        continue
                    }
                    index += 1
                    tests += 1
                    guard tests <= testBudget, crossings.count <= crossingBudget else { return false }
                    if otherExtent.z > extent.w || otherExtent.w < extent.z { continue }
                    let (a, b) = segment < other ? (segment, other) : (other, segment)
                    if b == a + 1 || (a == 0 && b == n - 1) { continue }
                    guard meet(a, b) else { return false }
                }
                open.append(segment)
            }
            return true
        }

        /// The segments in order of their extents' start (`x` of each): counted into as many
        /// buckets as segments over `low`…`high`, then put in order within each by insertion.
        static func byStart(_ extents: [SIMD4<Double>], from low: Double, to high: Double) -> [Int] {
            let n = extents.count
            let scale = high > low ? Double(n) / (high - low) : 0
            @inline(__always) func bucket(_ start: Double) -> Int {
                let position = (start - low) * scale
                // NaN compares false: the first bucket.
                guard position >= 1 else { return 0 }
                return position >= Double(n - 1) ? n - 1 : Int(position)
            }
            var starts = [Int](repeating: 0, count: n + 1)
            for extent in extents { starts[bucket(extent.x) + 1] += 1 }
            for index in 0..<n { starts[index + 1] += starts[index] }
            var order = [Int](repeating: 0, count: n)
            var fill = starts
            for (segment, extent) in extents.enumerated() {
                let home = bucket(extent.x)
                order[fill[home]] = segment
                fill[home] += 1
            }
            // Each bucket in order of start, ties by segment: by insertion where it is small (most
            // hold one or two), else by a sort (a polygon whose segments all start in a few places
            // would make insertion quadratic). Both give the same order.
            for home in 0..<n where starts[home + 1] - starts[home] > 1 {
                let range = starts[home]..<starts[home + 1]
                if range.count > 32 {
                    order[range].sort { (extents[$0].x, $0) < (extents[$1].x, $1) }
                    continue
                }
                for position in range.dropFirst() {
                    let segment = order[position]
                    var at = position
                    while at > range.lowerBound, extents[order[at - 1]].x > extents[segment].x {
                        order[at] = order[at - 1]
                        at -= 1
                    }
                    order[at] = segment
                }
            }
            return order
        }

        /// Records where segments `a` < `b` (not neighbours) meet; false for an
        /// overlap along a line.
        mutating func meet(_ a: Int, _ b: Int) -> Bool {
            let n = polygon.count
            let p = polygon[a], r = polygon[a + 1 == n ? 0 : a + 1] - p
            let q0 = polygon[b], q = polygon[b + 1 == n ? 0 : b + 1] - q0
            let denominator = r.cross(q)
            let offset = q0 - p
            if denominator == 0 {
                // Parallel: apart, they never meet; along one line, each corner of one inside the
                // other splits it there, and corners at the same place are one node.
                guard offset.cross(r) == 0 else { return true }
                let t0 = offset.dot(r) / r.lengthSquared, t1 = (offset + q).dot(r) / r.lengthSquared
                let margin = endMargin
                if Swift.max(t0, t1) < -margin || Swift.min(t0, t1) > 1 + margin { return true }
                guard t0.isFinite, t1.isFinite else { return false }
                let u0 = -offset.dot(q) / q.lengthSquared, u1 = (r - offset).dot(q) / q.lengthSquared
                for (corner, on, t) in [(b, a, t0), (b + 1 == n ? 0 : b + 1, a, t1), (a, b, u0), (a + 1 == n ? 0 : a + 1, b, u1)] {
                    if t > margin, t < 1 - margin {
                        splits.append(Split(segment: Int32(on), t: t, node: Int32(corner)))
                    } else if abs(t) <= margin {
                        merge(corner, on)
                    } else if abs(t - 1) <= margin {
                        merge(corner, on + 1 == n ? 0 : on + 1)
                    }
                }
                return true
            }
            let t = offset.cross(q) / denominator
            let u = offset.cross(r) / denominator
            guard t.isFinite, u.isFinite else { return false }
            let margin = endMargin
            if t < -margin || t > 1 + margin || u < -margin || u > 1 + margin { return true }
            let aEnd = t <= margin ? a : (t >= 1 - margin ? (a + 1 == n ? 0 : a + 1) : -1)
            let bEnd = u <= margin ? b : (u >= 1 - margin ? (b + 1 == n ? 0 : b + 1) : -1)
            if aEnd >= 0, bEnd >= 0 {
                merge(aEnd, bEnd)
            } else if aEnd >= 0 {
                splits.append(Split(segment: Int32(b), t: u, node: Int32(aEnd)))
            } else if bEnd >= 0 {
                splits.append(Split(segment: Int32(a), t: t, node: Int32(bEnd)))
            } else {
                let point = p + t * r
                let node = Int32(n + crossings.count)
                crossings.append(point)
                splits.append(Split(segment: Int32(a), t: t, node: node))
                splits.append(Split(segment: Int32(b), t: u, node: node))
            }
            return true
        }
    }
}
