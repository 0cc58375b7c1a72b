/// The working lists of an outline's construction — segment directions, corners, folds, the
/// thinning's window — kept from one polygon to the next, so that a live stroke's pieces reuse their
/// memory instead of allocating it for each piece.
struct OutlineScratch: Sendable {
    var directions: [Point2D] = []
    var corners: [(left: OutlineJoins.Corner, right: OutlineJoins.Corner)] = []
    /// The thinning's window (`OutlineSimplifier`).
    var window: OutlineWindow?
    /// Whether each segment folds, and the unfolding's segments to check again, segments waiting
    /// and corners changed (`OutlineJoins`).
    var folding: [Bool] = []
    var again: [Int] = []
    var waiting: [Bool] = []
    var changedCorners: [Bool] = []

    /// Lets the lists go when the corners' list has room for more than `limit` vertices (one large
    /// outline's), so that a stroke does not keep megabytes for pieces of a few hundred.
    mutating func release(above limit: Int) {
        if corners.capacity > limit { self = OutlineScratch() }
    }
}
