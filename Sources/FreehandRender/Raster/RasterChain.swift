/// A run of consecutive polygon edges going the same way (all down or all up), top to bottom.
struct RasterChain {
    /// The index of its top edge in the scan's edge list.
    var first: Int
    /// The index of its bottom edge.
    var last: Int
    var top: Double
    var bottom: Double
    /// +1 for a chain drawn downwards, −1 upwards.
    var direction: Int
    /// The first edge that may still reach the current row.
    var cursor: Int

    init(first: Int, last: Int, top: Double, bottom: Double, direction: Int) {
        (self.first, self.last, self.top, self.bottom, self.direction, self.cursor) = (first, last, top, bottom, direction, first)
    }
}
