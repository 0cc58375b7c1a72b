/// The drawing order of indexed strokes, kept so that a stroke's position is found, and a stroke
/// inserted or removed at a position, in O(log n) expected time: an implicit treap (a randomised
/// balanced tree ordered by position, each node counting its subtree) over slot numbers, with
/// parent links so that a slot's position is read by walking up.
struct StrokeOrder: Sendable {
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var parent: [Int32] = []
    private var size: [Int32] = []
    private var priority: [UInt32] = []
    private var root: Int32 = -1
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// How many slots are in order.
    var count: Int { root < 0 ? 0 : Int(size[Int(root)]) }

    /// The bytes the order occupies: five 4-byte numbers per slot.
    var memoryFootprint: Int { 4 * (left.capacity + right.capacity + parent.capacity + size.capacity + priority.capacity) }

    /// Puts `slot` (a number not in order) at `position` (0…count).
    mutating func insert(_ slot: Int32, at position: Int) {
        let node = Int(slot)
        while left.count <= node {
            left.append(-1)
            right.append(-1)
            parent.append(-1)
            size.append(0)
            priority.append(0)
        }
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        (left[node], right[node], parent[node], size[node], priority[node]) = (-1, -1, -1, 1, UInt32(truncatingIfNeeded: seed >> 33))
        let (before, after) = split(root, position)
        root = merge(merge(before, slot), after)
        parent[Int(root)] = -1
    }

    /// Takes the slot at `position` (0..<count) out of order and returns it.
    mutating func remove(at position: Int) -> Int32 {
        let (before, rest) = split(root, position)
        let (taken, after) = split(rest, 1)
        root = merge(before, after)
        if root >= 0 { parent[Int(root)] = -1 }
        return taken
    }

    /// The position of `slot`, which is in order.
    func position(of slot: Int32) -> Int {
        var node = Int(slot)
        var position = subtreeSize(left[node])
        while parent[node] >= 0 {
            let up = Int(parent[node])
            if right[up] == Int32(node) { position += subtreeSize(left[up]) + 1 }
            node = up
        }
        return position
    }

    private func subtreeSize(_ node: Int32) -> Int { node < 0 ? 0 : Int(size[Int(node)]) }

    private mutating func update(_ node: Int32) {
        let n = Int(node)
        size[n] = Int32(1 + subtreeSize(left[n]) + subtreeSize(right[n]))
    }

    /// Splits the tree at `node` into its first `count` slots and the rest (both roots, parentless).
    private mutating func split(_ node: Int32, _ count: Int) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let n = Int(node)
        if subtreeSize(left[n]) >= count {
            let (a, b) = split(left[n], count)
            left[n] = b
            if b >= 0 { parent[Int(b)] = node }
            update(node)
            if a >= 0 { parent[Int(a)] = -1 }
            parent[n] = -1
            return (a, node)
        }
        let (a, b) = split(right[n], count - subtreeSize(left[n]) - 1)
        right[n] = a
        if a >= 0 { parent[Int(a)] = node }
        update(node)
        if b >= 0 { parent[Int(b)] = -1 }
        parent[n] = -1
        return (node, b)
    }

    /// Joins two trees, every slot of `a` before every slot of `b`.
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        if priority[Int(a)] > priority[Int(b)] {
            let joined = merge(right[Int(a)], b)
            right[Int(a)] = joined
            parent[Int(joined)] = a
            update(a)
            return a
        }
        let joined = merge(a, left[Int(b)])
        left[Int(b)] = joined
        parent[Int(joined)] = b
        update(b)
        return b
    }
}
