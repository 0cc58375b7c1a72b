/// The two-sided row of the ordered-row sweep, and the ordering helpers both sweeps share.
extension RasterScan {
    /// The commonest row, deposited at once: two chains, each a single edge across the whole row,
    /// side by side and in opposite directions — the two sides of a stroke. False (nothing
    /// deposited) for any other row.
    mutating func sweepTwoSidesRow(_ top: Double, clip: PixelRect) -> Bool {
        guard active.count == 2 else { return false }
        let bottom = top + 1
        let first = chains[active[0]], second = chains[active[1]]
        guard first.top <= top, second.top <= top, first.direction != second.direction else { return false }
        guard first.bottom >= bottom, second.bottom >= bottom else { return false }
        let a = advanceCursor(of: active[0], to: top), b = advanceCursor(of: active[1], to: top)
        guard edges[a].bottom >= bottom, edges[b].bottom >= bottom else {
            // A corner inside the row: the chains' x extents there, from their vertices; side by
            // side, each is deposited whole.
            let (aLow, aHigh, _) = extent(from: a, last: first.last, top, bottom)
            let (bLow, bHigh, _) = extent(from: b, last: second.last, top, bottom)
            let (left, right) = aHigh <= bLow ? (active[0], active[1]) : (bHigh <= aLow ? (active[1], active[0]) : (-1, -1))
            guard left >= 0 else { return false }
            depositChain(left, from: top, to: bottom, sign: 1, clip: clip)
            depositChain(right, from: top, to: bottom, sign: -1, clip: clip)
            return true
        }
        let origin = Double(clip.minX)
        let a0 = edges[a].x(at: top) - origin, a1 = edges[a].x(at: bottom) - origin
        let b0 = edges[b].x(at: top) - origin, b1 = edges[b].x(at: bottom) - origin
        // The left one enters the ink, the right one leaves it.
        if Swift.max(a0, a1) <= Swift.min(b0, b1) {
            deposit(a0, a1, amount: 1, width: clip.width)
            deposit(b0, b1, amount: -1, width: clip.width)
        } else if Swift.max(b0, b1) <= Swift.min(a0, a1) {
            deposit(b0, b1, amount: 1, width: clip.width)
            deposit(a0, a1, amount: -1, width: clip.width)
        } else {
            return false
        }
        return true
    }

    /// The x extent between `top` and `bottom` of the chain whose edges run from `edge` (the first
    /// reaching below `top`) to `last`: its x at both heights and at every vertex between; and the
    /// last edge it reached.
    @inline(__always)
    func extent(from edge: Int, last: Int, _ top: Double, _ bottom: Double) -> (low: Double, high: Double, end: Int) {
        var low = edges[edge].x(at: top), high = low
        var index = edge
        while true {
            let end = edges[index].x(at: Swift.min(bottom, edges[index].bottom))
            low = Swift.min(low, end)
            high = Swift.max(high, end)
            if edges[index].bottom >= bottom || index == last { break }
            // A step sideways at a vertex (a level edge left out) widens the extent too.
            let next = edges[index + 1].x(at: edges[index + 1].top)
            low = Swift.min(low, next)
            high = Swift.max(high, next)
            index += 1
        }
        return (low, high, index)
    }

    /// True when chain `index` is present from `upper` to `lower`.
    @inline(__always)
    func covers(_ index: Int, _ upper: Double, _ lower: Double) -> Bool {
        chains[index].top <= upper && chains[index].bottom >= lower
    }

    /// Puts the pieces in the left-to-right order of their chains in the part `upper`…`lower` of
    /// the row, where none crosses another: inside each cluster of overlapping extents (chains
    /// absent from the part last in theirs); the clusters themselves stay in x order.
    mutating func order(from upper: Double, to lower: Double) {
        for cluster in clusters { order(cluster, from: upper, to: lower) }
    }

    /// Puts the pieces of `cluster` in the left-to-right order of their chains from `upper` to
    /// `lower`, chains absent there last. Ordered by their mean x in the part, not by x at one
    /// height: two chains that touch somewhere (at the clip's side, at a shared vertex) still
    /// differ in their means, and chains equal in it coincide all the way, where their order does
    /// not change what is deposited.
    mutating func order(_ cluster: Range<Int>, from upper: Double, to lower: Double) {
        for index in cluster {
            let chain = pieces[index].chain
            pieces[index].middle = covers(chain, upper, lower) ? meanX(of: chain, from: upper, to: lower) : .infinity
        }
        // Few pieces, nearly in order from the part before: insertion sort.
        for index in cluster.dropFirst() {
            let piece = pieces[index]
            var slot = index
            while slot > cluster.lowerBound, piece.middle < pieces[slot - 1].middle {
                pieces[slot] = pieces[slot - 1]
                slot -= 1
            }
            pieces[slot] = piece
        }
    }

    /// The x of chain `index` just below `y` (on the edge that goes on down from `y`; at the
    /// chain's bottom, its last edge's).
    func x(below y: Double, of index: Int) -> Double {
        let chain = chains[index]
        var edge = chain.cursor
        while edge < chain.last, edges[edge].bottom <= y { edge += 1 }
        return edges[edge].x(at: y)
    }

    /// The mean x of chain `index` from `upper` to `lower` (inside the chain and the row).
    func meanX(of index: Int, from upper: Double, to lower: Double) -> Double {
        let chain = chains[index]
        var edge = chain.cursor, sum = 0.0
        while edge < chain.last, edges[edge].bottom <= upper { edge += 1 }
        while true {
            let y0 = Swift.max(upper, edges[edge].top), y1 = Swift.min(lower, edges[edge].bottom)
            if y1 > y0 { sum += (edges[edge].x(at: y0) + edges[edge].x(at: y1)) * (y1 - y0) }
            if edge == chain.last || edges[edge].bottom >= lower { break }
            edge += 1
        }
        return sum / (2 * (lower - upper))
    }

    /// True when, left to right through the chains present from `upper` to `lower` (the pieces in
    /// their order there), the winding only takes the values 0 and `sign` (set from the first
    /// non-zero winding when still 0).
    func windingIsSimple(from upper: Double, to lower: Double, sign: inout Int) -> Bool {
        var winding = 0
        for piece in pieces where covers(piece.chain, upper, lower) {
            winding += piece.direction
            if winding != 0 {
                if sign == 0 { sign = winding }
                if winding != sign { return false }
            }
        }
        return true
    }

    /// Appends to `breaks` each height where chains `a` and `b` cross inside the row `top`…`bottom`
    /// (their x difference, linear between the vertices of either, changes sign; touching, or
    /// crossing by less than 1e-7 pixel, is not crossing). Returns how many it appended.
    mutating func appendCrossings(of a: Int, _ b: Int, _ top: Double, _ bottom: Double) -> Int {
        let upper = Swift.max(top, chains[a].top, chains[b].top), lower = Swift.min(bottom, chains[a].bottom, chains[b].bottom)
        guard lower > upper else { return 0 }
        var found = 0
        var side = 0, previous = (y: upper, difference: 0.0, side: 0)
        // At a vertex a chain may step sideways (a level edge is left out of the chain): there
        // the difference is taken just above and just below, and a step across the other chain
        // is a crossing at that height.
        func visit(_ y: Double) {
            take(y, x(of: a, at: y) - x(of: b, at: y))
            take(y, x(below: y, of: a) - x(below: y, of: b))
        }
        func take(_ y: Double, _ difference: Double) {
            let here = difference > 1e-7 ? 1 : (difference < -1e-7 ? -1 : 0)
            if here != 0 {
                if side != 0, here != side {
                    // Straight between two visited heights: the crossing is where the line is 0.
                    let crossing = previous.side == 0
                        ? previous.y : previous.y + (y - previous.y) * previous.difference / (previous.difference - difference)
                    breaks.append(Swift.min(lower, Swift.max(upper, crossing)))
                    found += 1
                }
                side = here
            }
            previous = (y, difference, here)
        }
        // Both chains' vertices inside, merged in order from the top down.
        var edgeA = chains[a].cursor, edgeB = chains[b].cursor
        let lastA = chains[a].last, lastB = chains[b].last
        while edgeA < lastA, edges[edgeA].bottom <= upper { edgeA += 1 }
        while edgeB < lastB, edges[edgeB].bottom <= upper { edgeB += 1 }
        visit(upper)
        while true {
            let nextA = edgeA < lastA && edges[edgeA].bottom < lower ? edges[edgeA].bottom : lower
            let nextB = edgeB < lastB && edges[edgeB].bottom < lower ? edges[edgeB].bottom : lower
            let next = Swift.min(nextA, nextB)
            guard next < lower else { break }
            visit(next)
            if nextA == next { edgeA += 1 }
            if nextB == next { edgeB += 1 }
        }
        visit(lower)
        return found
    }
}
