/// The walk around a self-crossing polygon, cut into chains at its meetings, and the boundary of its
/// non-zero fill found chain by chain (`NonZeroBoundary`'s second half).
///
/// The walk is the polygon's cycle of stops: its corners and, inside each segment in order, the
/// meetings on it (crossings, other corners lying on it). Most stops are corners the walk passes
/// once; the winding on the walk's left changes only at a stop it passes more than once (a
/// meeting), so the walk is cut there into chains, and the windings, the sides kept and the rings
/// are worked out per chain rather than per piece — the same rings, in the same order and from the
/// same first point, as a piece-by-piece walk gives. Real outlines meet themselves often (a sharp
/// turn's detour through the centre touches the other side): they have about a third as many
/// chains as pieces.
struct BoundaryWalk {
    /// The nodes the walk passes, in order: the start of each piece (the piece ends at the next).
    /// A node below the polygon's corner count is that corner; node n + i is crossing i.
    private let stops: [Int32]
    private let polygon: [Point2D]
    private let crossings: [Point2D]
    /// For each node, how many times the walk passes it, until the chains are made: then, for a
    /// node that starts a chain, −1 − its number among those nodes.
    private var passes: [Int32]
    /// The stop index each chain starts at, in order (the first is 0); a chain ends where the next
    /// starts (the last one at the walk's end, which is its start).
    private var chainStarts: [Int] = []
    /// The node at each chain's start and end (numbered among the chains' ends).
    private var chainFrom: [Int32] = [], chainTo: [Int32] = []
    /// For each of the chains' end nodes: the node, and whether the walk passes it more than once.
    private var ends: [Int32] = []
    private var meets: [Bool] = []
    /// The chains at each end node: +(chain + 1) for one leaving it, −(chain + 1) for one arriving.
    private var halfStart: [Int] = []
    private var halves: [Int32] = []
    /// Each chain's second stop and second-to-last stop: where its first piece goes and its last
    /// piece comes from.
    private var leavingFar: [Point2D] = [], arrivingFar: [Point2D] = []

    /// The walk through `stops` (three or more) of `polygon` with `crossings`, cut wherever it
    /// passes a node more than once, at its first stop and at stop `startStop`.
    init(stops: [Int32], polygon: [Point2D], crossings: [Point2D], startStop: Int) {
        self.stops = stops
        self.polygon = polygon
        self.crossings = crossings
        passes = [Int32](repeating: 0, count: polygon.count + crossings.count)
        for stop in stops { passes[Int(stop)] += 1 }
        for index in stops.indices where index == 0 || index == startStop || passes[Int(stops[index])] >= 2 { chainStarts.append(index) }
        // The chains' end nodes numbered in order of first appearance.
        for start in chainStarts {
            let node = Int(stops[start])
            let count = passes[node]
            guard count > 0 else { continue }
            passes[node] = -Int32(ends.count) - 1
            ends.append(Int32(node))
            meets.append(count >= 2)
        }
        let chainCount = chainStarts.count
        chainFrom.reserveCapacity(chainCount)
        chainTo.reserveCapacity(chainCount)
        leavingFar.reserveCapacity(chainCount)
        arrivingFar.reserveCapacity(chainCount)
        for chain in 0..<chainCount {
            let (first, last) = (chainStarts[chain], end(of: chain))
            chainFrom.append(endNumber(stops[first]))
            chainTo.append(endNumber(stop(last)))
            leavingFar.append(position(stop(first + 1)))
            arrivingFar.append(position(stops[last - 1]))
        }
        halfStart = [Int](repeating: 0, count: ends.count + 1)
        for chain in 0..<chainCount {
            halfStart[Int(chainFrom[chain]) + 1] += 1
            halfStart[Int(chainTo[chain]) + 1] += 1
        }
        for end in ends.indices { halfStart[end + 1] += halfStart[end] }
        halves = [Int32](repeating: 0, count: 2 * chainCount)
        var fill = halfStart
        for chain in 0..<chainCount {
            halves[fill[Int(chainFrom[chain])]] = Int32(chain + 1)
            fill[Int(chainFrom[chain])] += 1
            halves[fill[Int(chainTo[chain])]] = -Int32(chain + 1)
            fill[Int(chainTo[chain])] += 1
        }
    }

    /// True when the walk passes the node at stop `index` (one where a chain starts) more than once.
    func isMeeting(atStop index: Int) -> Bool { meets[Int(endNumber(stops[index]))] }

    /// The boundary's rings: the chains with ink on one side only, linked where they meet; nil
    /// when the windings disagree around a meeting or the chains do not close into rings.
    /// `startWinding` is the winding on the left of the piece leaving stop `startStop`.
    func rings(startStop: Int, startWinding: Int) -> [[Point2D]]? {
        let chainCount = chainStarts.count
        // The winding on each chain's left, walking on from the chain starting at `startStop`.
        guard let startChain = chainStarts.firstIndex(of: startStop) else { return nil }
        var leftWinding = [Int](repeating: 0, count: chainCount)
        var winding = startWinding
        for step in 0..<chainCount {
            let chain = (startChain + step) % chainCount
            if step > 0, meets[Int(chainFrom[chain])] {
                winding += windingChange(arriving: (chain + chainCount - 1) % chainCount, leaving: chain)
            }
            leftWinding[chain] = winding
        }
        var scratch: [(angle: Double, half: Int32)] = [], sides: [(Int, Int)] = []
        for end in ends.indices where meets[end] {
            guard windingsAgree(around: end, leftWinding: leftWinding, scratch: &scratch, sides: &sides) else { return nil }
        }
        // A chain is boundary when the fill is on one side of it only. Single pieces between the
        // same two meetings (segments overlapping along a line) count as one, their windings added.
        var multiplicity = [Int](repeating: 1, count: chainCount)
        for chain in 0..<chainCount where multiplicity[chain] != 0 && isSinglePiece(chain) && meets[Int(chainFrom[chain])] && meets[Int(chainTo[chain])] {
            var total = 1
            let node = Int(chainFrom[chain])
            for half in halves[halfStart[node]..<halfStart[node + 1]] {
                let other = Int(abs(half)) - 1
                guard other != chain, isSinglePiece(other) else { continue }
                guard (half > 0 ? chainTo[other] : chainFrom[other]) == chainTo[chain] else { continue }
                total += half > 0 ? 1 : -1
                multiplicity[other] = 0
            }
            multiplicity[chain] = total
        }
        var kept: [(chain: Int, reversed: Bool)] = []
        for chain in 0..<chainCount where multiplicity[chain] != 0 {
            let left = leftWinding[chain], right = left - multiplicity[chain]
            if left != 0, right == 0 {
                kept.append((chain, false))
            } else if left == 0, right != 0 {
                kept.append((chain, true))
            }
        }
        return link(kept)
    }

    // MARK: - Stops and chains

    /// Stop `index` of the walk (the walk's length stands for its first stop: the walk is a loop).
    @inline(__always)
    private func stop(_ index: Int) -> Int32 { stops[index == stops.count ? 0 : index] }

    @inline(__always)
    private func position(_ node: Int32) -> Point2D {
        node < polygon.count ? polygon[Int(node)] : crossings[Int(node) - polygon.count]
    }

    /// The number among the chains' end nodes of `node` (one that starts a chain).
    @inline(__always)
    private func endNumber(_ node: Int32) -> Int32 { -passes[Int(node)] - 1 }

    /// The stop index where `chain` ends (the walk's length for the last chain).
    @inline(__always)
    private func end(of chain: Int) -> Int { chain + 1 < chainStarts.count ? chainStarts[chain + 1] : stops.count }

    @inline(__always)
    private func isSinglePiece(_ chain: Int) -> Bool { end(of: chain) == chainStarts[chain] + 1 }

    // MARK: - Windings

    /// How the winding on the walk's left changes as it goes from chain `arriving` into chain
    /// `leaving` at their shared meeting: the other chains there between the way back and the way on,
    /// turning clockwise (the walk's left), each −1 when it leaves the meeting and +1 when it arrives
    /// (a chain along the way in or out is beside the walk, not across it; where the way on turns
    /// straight back along the way in, the walk's left goes all the way round).
    private func windingChange(arriving: Int, leaving: Int) -> Int {
        let node = Int(chainFrom[leaving])
        let here = position(ends[node])
        let back = arrivingFar[arriving] - here
        let onward = Self.clockwiseAngle(from: back, to: leavingFar[leaving] - here)
        let sector = onward > 0 ? onward : 4
        var change = 0
        for half in halves[halfStart[node]..<halfStart[node + 1]] {
            let chain = Int(abs(half)) - 1
            let isLeaving = half > 0
            if (isLeaving && chain == leaving) || (!isLeaving && chain == arriving) { continue }
            let angle = Self.clockwiseAngle(from: back, to: (isLeaving ? leavingFar[chain] : arrivingFar[chain]) - here)
            if angle > 0, angle < sector { change += isLeaving ? -1 : 1 }
        }
        return change
    }

    /// Whether the windings the walk gave the chains at end node `end` agree around it: going
    /// clockwise, the winding on the clockwise side of each chain (or of chains along the same line,
    /// taken together) is the winding on the counter-clockwise side of the next.
    private func windingsAgree(
        around end: Int, leftWinding: [Int], scratch entries: inout [(angle: Double, half: Int32)], sides: inout [(Int, Int)]
    ) -> Bool {
        let here = position(ends[end])
        // The chains in clockwise order (insertion: a meeting has a handful).
        entries.removeAll(keepingCapacity: true)
        for half in halves[halfStart[end]..<halfStart[end + 1]] {
            let chain = Int(abs(half)) - 1
            let entry = (angle: Self.clockwiseAngle(from: Point2D(1, 0), to: (half > 0 ? leavingFar[chain] : arrivingFar[chain]) - here), half: half)
            var at = entries.count
            entries.append(entry)
            while at > 0, entries[at - 1].angle > entry.angle {
                entries[at] = entries[at - 1]
                at -= 1
            }
            entries[at] = entry
        }
        // (counter-clockwise side, clockwise side) of each direction's chains.
        sides.removeAll(keepingCapacity: true)
        var index = 0
        while index < entries.count {
            var leaving: Int?, arriving: Int?
            var change = 0
            var next = index
            while next < entries.count, entries[next].angle == entries[index].angle {
                let half = entries[next].half
                let winding = leftWinding[Int(abs(half)) - 1]
                // A chain leaving has its left on the counter-clockwise side; one arriving, on the
                // clockwise side. Crossing clockwise, the first lowers the winding, the second raises it.
                if half > 0 {
                    if let known = leaving, known != winding { return false }
                    leaving = winding
                    change -= 1
                } else {
                    if let known = arriving, known != winding { return false }
                    arriving = winding
                    change += 1
                }
                next += 1
            }
            if let leaving {
                if let arriving, arriving != leaving + change { return false }
                sides.append((leaving, leaving + change))
            } else if let arriving {
                sides.append((arriving - change, arriving))
            }
            index = next
        }
        for k in sides.indices where sides[k].1 != sides[(k + 1) % sides.count].0 { return false }
        return true
    }

    /// A measure of the angle turning clockwise (in a y-up frame) from `a` to `b`, in [0, 4): it
    /// grows with the angle (0 at none, 1 at a quarter turn, …) but needs no trigonometry; 0 for a
    /// zero vector.
    @inline(__always)
    static func clockwiseAngle(from a: Point2D, to b: Point2D) -> Double {
        let x = a.dot(b), y = -a.cross(b)
        if y >= 0 {
            if x > 0 { return y / (x + y) }
            return y + x == 0 && y == 0 ? 0 : 1 + -x / (-x + y)
        }
        if x < 0 { return 2 + -y / (-x - y) }
        return 3 + x / (x - y)
    }

    // MARK: - Rings

    /// A kept chain as the boundary runs along it: its end nodes and stops in that direction.
    private func oriented(_ kept: (chain: Int, reversed: Bool)) -> (from: Int32, to: Int32, leavingFar: Point2D) {
        kept.reversed
            ? (chainTo[kept.chain], chainFrom[kept.chain], arrivingFar[kept.chain])
            : (chainFrom[kept.chain], chainTo[kept.chain], leavingFar[kept.chain])
    }

    /// The kept chains linked into rings at their shared nodes; nil when they do not close.
    ///
    /// Each ring starts at the first kept piece not yet in a ring (in the walk's order), as a walk
    /// piece by piece would: for a chain kept backwards that is its first piece, which runs back to
    /// the chain's start, so the ring begins with that piece and the rest of the chain comes last.
    private func link(_ kept: [(chain: Int, reversed: Bool)]) -> [[Point2D]]? {
        // Kept chains leaving each end node, as singly linked lists in walk order.
        var firstOut = [Int](repeating: -1, count: ends.count)
        var nextOut = [Int](repeating: -1, count: kept.count)
        for index in kept.indices.reversed() {
            let from = Int(oriented(kept[index]).from)
            nextOut[index] = firstOut[from]
            firstOut[from] = index
        }
        var used = [Bool](repeating: false, count: kept.count)
        var rings: [[Point2D]] = []
        for first in kept.indices where !used[first] {
            var ring: [Point2D] = []
            let (chain, reversed) = kept[first]
            let start = chainStarts[chain], finish = end(of: chain)
            // The ring closes where its first piece starts.
            let closing: Int32
            var node: Int32, arriving: Point2D
            if reversed {
                // The chain's first piece, backwards; the rest of the chain stays to be taken last.
                closing = stop(start + 1)
                ring.append(position(closing))
                node = chainFrom[chain]
                arriving = position(stops[start]) - position(closing)
                if finish == start + 1 { used[first] = true }
            } else {
                closing = stops[start]
                for index in start..<finish { ring.append(position(stops[index])) }
                used[first] = true
                node = chainTo[chain]
                arriving = position(stop(finish)) - position(stops[finish - 1])
            }
            while ends[Int(node)] != closing {
                guard let next = nextChain(leaving: Int(node), arrivingAlong: arriving, firstOut: firstOut, nextOut: nextOut, used: used, kept: kept)
                else { return nil }
                used[next] = true
                let (nextChain, nextReversed) = kept[next]
                let (low, high) = (chainStarts[nextChain], end(of: nextChain))
                if nextReversed {
                    // Back from its end to its start, or, for the ring's first chain, to where the
                    // ring began.
                    let last = next == first ? low + 2 : low + 1
                    var index = high
                    while index >= last {
                        ring.append(position(stop(index)))
                        index -= 1
                    }
                    if next == first { break }
                    node = chainFrom[nextChain]
                    arriving = position(stops[low]) - position(stop(low + 1))
                } else {
                    for index in low..<high { ring.append(position(stops[index])) }
                    node = chainTo[nextChain]
                    arriving = position(stop(high)) - position(stops[high - 1])
                }
            }
            used[first] = true
            rings.append(ring)
        }
        return rings
    }

    /// The unused kept chain leaving end node `node` that bounds the same ink as the chain arriving
    /// along `arriving` (the first one clockwise from the way back), or nil when none is left.
    private func nextChain(
        leaving node: Int, arrivingAlong arriving: Point2D, firstOut: [Int], nextOut: [Int], used: [Bool], kept: [(chain: Int, reversed: Bool)]
    ) -> Int? {
        var candidate = firstOut[node]
        while candidate >= 0, used[candidate] { candidate = nextOut[candidate] }
        guard candidate >= 0 else { return nil }
        var other = nextOut[candidate]
        while other >= 0, used[other] { other = nextOut[other] }
        // Most nodes have one chain leaving them.
        if other < 0 { return candidate }
        let here = position(ends[node])
        var best = candidate
        var bestAngle = Self.clockwiseAngle(from: -arriving, to: oriented(kept[candidate]).leavingFar - here)
        while other >= 0 {
            if !used[other] {
                let angle = Self.clockwiseAngle(from: -arriving, to: oriented(kept[other]).leavingFar - here)
                if angle < bestAngle {
                    bestAngle = angle
                    best = other
                }
            }
            other = nextOut[other]
        }
        return best
    }
}
