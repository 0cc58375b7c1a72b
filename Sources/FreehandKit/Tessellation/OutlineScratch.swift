/// The working lists of an outline's construction — segment directions, corners, folds, the points
/// before thinning — kept from one polygon to the next, so that a live stroke's pieces reuse their
/// memory instead of allocating it for each piece.
struct OutlineScratch: Sendable {
    var directions: [Point] = []
    var corners: [(left: OutlineJoins.Corner, right: OutlineJoins.Corner)] = []
    var points: [Point] = []
    var removable: [Bool] = []
    /// Whether each segment folds, and the unfolding's segments to check again, segments waiting
    /// and corners changed (`OutlineJoins`).
    var folding: [Bool] = []
    var again: [Int] = []
    var waiting: [Bool] = []
    var changedCorners: [Bool] = []

    /// Lets the lists go when the points' list has room for more than `limit` points (one large
    /// outline's), so that a stroke does not keep megabytes for pieces of a few hundred.
    mutating func release(above limit: Int) {
        if points.capacity > limit { self = OutlineScratch() }
    }
}
