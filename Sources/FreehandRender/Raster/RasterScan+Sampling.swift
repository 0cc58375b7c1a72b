/// The bounded fallback for rows the exact sweep would spend too long on.
///
/// The exact sweep (`sweepOrderedRow`) compares the chains whose x extents overlap pair by pair
/// and cuts the row at each crossing: its work grows with the pairs and their vertices in the row.
/// Handwriting has a few of each; a hostile outline can put thousands of chains and vertices into
/// one row (seconds for a 64-pixel canvas). Such a row is sampled at `subRows` heights instead —
/// the winding walked left to right at each, the covered spans deposited with exact horizontal
/// coverage — as Cairo does everywhere (15 sub-rows): at most about 1/16 of a pixel off along
/// slanted edges, in linear time.
extension RasterScan {
    /// Sub-rows per pixel row in a sampled row.
    static let subRows = 16

    /// Deposits the row at `top` sampled at `subRows` heights.
    mutating func sampleRow(_ top: Double, clip: PixelRect) {
        let origin = Double(clip.minX), width = clip.width
        let height = 1 / Double(Self.subRows)
        for step in 0..<Self.subRows {
            let y = top + (Double(step) + 0.5) * height
            pieces.removeAll()
            for index in active {
                let chain = chains[index]
                guard chain.top <= y, chain.bottom > y else { continue }
                // Sub-rows go down the row, so the chain's cursor only moves forward.
                let x = edges[advanceCursor(of: index, to: y)].x(at: y)
                pieces.append(RasterPiece(top: x, bottom: x, middle: x, direction: chain.direction, chain: index))
            }
            // Kept in `active` in this order: the next sub-row's is nearly the same, and the sort
            // (which merges runs) then does little.
            pieces.sort { $0.middle < $1.middle }
            if pieces.count == active.count {
                for index in pieces.indices { active[index] = pieces[index].chain }
            }
            var winding = 0
            for piece in pieces {
                let before = winding
                winding += piece.direction
                if before == 0, winding != 0 {
                    deposit(piece.middle - origin, piece.middle - origin, amount: height, width: width)
                } else if before != 0, winding == 0 {
                    deposit(piece.middle - origin, piece.middle - origin, amount: -height, width: width)
                }
            }
        }
    }
}
