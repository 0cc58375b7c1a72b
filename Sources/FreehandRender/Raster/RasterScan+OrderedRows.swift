/// A row swept in parts inside which its chains keep one left-to-right order.
///
/// The row is cut where a chain starts or ends (the tops and bottoms of curves) and where two
/// chains cross — found exactly, pair by pair, for the chains whose x extents in the row overlap
/// (chains side by side cannot cross). Inside each part the winding between chains is the same at
/// every height. Where, in every part, the winding only steps between 0 and one non-zero value,
/// every chain is a boundary of the filled region and is deposited once over the whole row (plain
/// signed-area accumulation is then exactly the non-zero coverage); elsewhere — ink over ink, a
/// loop — only the chains where the winding turns non-zero or back to zero deposit, a group of
/// chains side by side with the rest at a time (`depositGroups`).
extension RasterScan {
    /// The work a row may take — per pair of chains whose x extents overlap, the square of their
    /// vertices in the row (plus two), to find their crossings; per part of the row, its chains
    /// and the vertices of those it orders — before it is sampled instead (`sampleRow`).
    /// Handwriting takes a few dozen; a dense scribble a few thousand.
    static let orderedRowBudget = 16_384
    /// Chains crossing a row above which it is sampled at once (in handwriting, only the densest
    /// scribbles).
    static let orderedRowChains = 64

    /// Deposits the row at `top` (see above); false, with nothing deposited, when that would take
    /// more than `orderedRowBudget`.
    mutating func sweepOrderedRow(_ top: Double, clip: PixelRect) -> Bool {
        if sweepTwoSidesRow(top, clip: clip) { return true }
        if windingOnce != 0 {
            // Rings that wind once and cross nowhere: each chain's boundary, signed by its side.
            let bottom = top + 1
            for index in active {
                let chain = chains[index]
                guard Swift.min(bottom, chain.bottom) > Swift.max(top, chain.top) else { continue }
                _ = advanceCursor(of: index, to: top)
                depositChain(index, from: top, to: bottom, sign: Double(chain.direction * windingOnce), clip: clip)
            }
            return true
        }
        // Sorting the chains alone would cost more than sampling the row.
        guard active.count <= Self.orderedRowChains else { return false }
        let bottom = top + 1
        pieces.removeAll()
        var partial = false
        for index in active {
            let chain = chains[index]
            let from = Swift.max(top, chain.top), to = Swift.min(bottom, chain.bottom)
            // A chain that only touches the row covers no area in it.
            guard to > from else { continue }
            if from > top || to < bottom { partial = true }
            let cursor = advanceCursor(of: index, to: top)
            // The chain's x extent inside the row: `top` its left end, `bottom` its right.
            let (low, high, edge) = extent(from: cursor, last: chain.last, from, to)
            pieces.append(RasterPiece(top: low, bottom: high, middle: low, direction: chain.direction, chain: index, vertices: edge - cursor))
        }
        guard !pieces.isEmpty else { return true }
        Self.insertionSort(pieces) { $0.top < $1.top }
        // The row is cut into parts at the heights where chains start or end, and where two
        // cross: chains whose extents do not overlap cannot cross; the others are checked pair by
        // pair.
        breaks.removeAll()
        crossingBreaks.removeAll()
        breaks.append(top)
        var overlapping = false, work = 0, crossings = 0
        for first in pieces.indices {
            var second = first + 1
            while second < pieces.count, pieces[second].top < pieces[first].bottom {
                overlapping = true
                let vertices = pieces[first].vertices + pieces[second].vertices + 2
                work += vertices * vertices
                guard work <= Self.orderedRowBudget else { return false }
                let found = appendCrossings(of: pieces[first].chain, pieces[second].chain, top, bottom)
                if found > 0 {
                    crossings += found
                    pieces[first].crossed = true
                    pieces[second].crossed = true
                    for index in (breaks.count - found)..<breaks.count { crossingBreaks.append(RasterCrossing(y: breaks[index], piece: first)) }
                }
                second += 1
            }
        }
        clusters.removeAll()
        if overlapping {
            // The runs of pieces whose extents overlap: only inside one may the order change.
            var start = 0, right = pieces[0].bottom
            for index in pieces.indices.dropFirst() {
                if pieces[index].top >= right {
                    if index - start > 1 { clusters.append(start..<index) }
                    start = index
                }
                right = Swift.max(right, pieces[index].bottom)
            }
            if pieces.count - start > 1 { clusters.append(start..<pieces.count) }
        }
        if partial {
            for piece in pieces {
                let chain = chains[piece.chain]
                if chain.top > top { breaks.append(chain.top) }
                if chain.bottom < bottom { breaks.append(chain.bottom) }
            }
        }
        // Each part walks every piece, and orders those of the clusters by their mean x (a walk
        // over their vertices).
        var perPart = pieces.count
        if overlapping {
            for cluster in clusters {
                for index in cluster { perPart += pieces[index].vertices + 1 }
            }
        }
        guard work + breaks.count * perPart <= Self.orderedRowBudget else { return false }
        if breaks.count > 1 { Self.insertionSort(breaks, by: <) }
        breaks.append(bottom)
        // Chains that cross bound a region of ink over ink or of opposite windings.
        var sign = 0, simple = crossings == 0
        for part in breaks.indices.dropFirst() where simple && breaks[part] > breaks[part - 1] {
            if overlapping { order(from: breaks[part - 1], to: breaks[part]) }
            guard windingIsSimple(from: breaks[part - 1], to: breaks[part], sign: &sign) else {
                simple = false
                break
            }
        }
        if simple {
            for piece in pieces {
                depositChain(piece.chain, from: top, to: bottom, sign: Double(piece.direction * sign), clip: clip)
            }
            return true
        }
        depositGroups(top, clip: clip)
        return true
    }

    /// Deposits a row whose chains cross or whose winding takes more than one non-zero value, a
    /// group at a time: a cluster of overlapping pieces or a piece on its own (groups lie side by
    /// side, so chains cross only inside one). A group whose chains all span the row and cross
    /// nowhere keeps one order and, where the winding entering it is the same in every part of the
    /// row, is deposited once over the whole row; every other group is deposited in parts of its
    /// own — cut only where one of its chains starts, ends or crosses another of it, or where the
    /// winding entering it changes — and only where the winding turns non-zero or back to zero.
    private mutating func depositGroups(_ top: Double, clip: PixelRect) {
        let bottom = top + 1
        groups.removeAll()
        var start = 0, cluster = 0
        while start < pieces.count {
            var range = start..<(start + 1)
            if cluster < clusters.count, clusters[cluster].lowerBound == start {
                range = clusters[cluster]
                cluster += 1
            }
            var steady = true, net = 0
            for index in range {
                net += pieces[index].direction
                if pieces[index].crossed || !covers(pieces[index].chain, top, bottom) { steady = false }
            }
            groups.append(RasterGroup(pieces: range, isSteady: steady, net: net))
            start = range.upperBound
        }
        // The winding entering each group in each part of the row.
        enterings.removeAll()
        var partCount = 0
        for part in breaks.indices.dropFirst() where breaks[part] > breaks[part - 1] {
            let upper = breaks[part - 1], lower = breaks[part]
            var winding = 0
            for index in groups.indices {
                let group = groups[index]
                enterings.append(winding)
                if group.isSteady {
                    if partCount > 0, enterings[index] != winding { groups[index].isOnce = false }
                    winding += group.net
                } else {
                    for piece in group.pieces where covers(pieces[piece].chain, upper, lower) { winding += pieces[piece].direction }
                }
            }
            partCount += 1
        }
        for index in groups.indices {
            let group = groups[index]
            if group.isSteady && group.isOnce {
                if group.pieces.count > 1 { order(group.pieces, from: top, to: bottom) }
                depositBoundaries(of: group.pieces, entering: enterings[index], from: top, to: bottom, clip: clip)
                continue
            }
            // The heights where this group changes: its chains' crossings, starts and ends.
            ownBreaks.removeAll()
            for crossing in crossingBreaks where group.pieces.contains(crossing.piece) { ownBreaks.append(crossing.y) }
            for piece in group.pieces {
                let chain = chains[pieces[piece].chain]
                if chain.top > top { ownBreaks.append(chain.top) }
                if chain.bottom < bottom { ownBreaks.append(chain.bottom) }
            }
            if ownBreaks.count > 1 { Self.insertionSort(ownBreaks, by: <) }
            // The row's parts, joined where nothing of this group and nothing to its left changes.
            var upper = top, entering = enterings[index], part = 0, own = 0
            for boundary in breaks.indices.dropFirst() where breaks[boundary] > breaks[boundary - 1] {
                let height = breaks[boundary - 1], here = enterings[part * groups.count + index]
                part += 1
                guard height > upper else { continue }
                while own < ownBreaks.count, ownBreaks[own] < height { own += 1 }
                guard here != entering || (own < ownBreaks.count && ownBreaks[own] == height) else { continue }
                depositPart(of: group.pieces, entering: entering, from: upper, to: height, clip: clip)
                (upper, entering) = (height, here)
            }
            depositPart(of: group.pieces, entering: entering, from: upper, to: bottom, clip: clip)
        }
    }

    /// Orders the pieces of `range` between `upper` and `lower` and deposits its boundaries there.
    private mutating func depositPart(of range: Range<Int>, entering: Int, from upper: Double, to lower: Double, clip: PixelRect) {
        if range.count > 1 { order(range, from: upper, to: lower) }
        depositBoundaries(of: range, entering: entering, from: upper, to: lower, clip: clip)
    }

    /// Deposits, between `upper` and `lower`, the chains of `range` (pieces in their left-to-right
    /// order there) where the winding — `entering` to their left — turns non-zero or back to zero;
    /// returns the winding to their right.
    @discardableResult
    private mutating func depositBoundaries(of range: Range<Int>, entering: Int, from upper: Double, to lower: Double, clip: PixelRect) -> Int {
        var winding = entering
        for index in range where covers(pieces[index].chain, upper, lower) {
            let before = winding
            winding += pieces[index].direction
            if before == 0, winding != 0 {
                depositChain(pieces[index].chain, from: upper, to: lower, sign: 1, clip: clip)
            } else if before != 0, winding == 0 {
                depositChain(pieces[index].chain, from: upper, to: lower, sign: -1, clip: clip)
            }
        }
        return winding
    }

}
