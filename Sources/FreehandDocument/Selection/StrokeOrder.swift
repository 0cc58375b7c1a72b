/// The drawing order of indexed strokes, kept so that a stroke's position is found, and a stroke
/// inserted or removed at a position, in O(log n) expected time: an implicit treap (a randomised
/// balanced tree ordered by position, each node counting its subtree) over slot numbers, with
/// parent links so that a slot's position is read by walking up. A node's priority is a hash of
/// its slot number; its links and count share 16 bytes, so each step up reads one cache line.
struct StrokeOrder: Sendable {
    private struct Node {
        var left: Int32 = -1
        var right: Int32 = -1
        var parent: Int32 = -1
        var size: Int32 = 0
    }

    private var nodes: [Node] = []
    private var root: Int32 = -1

    /// How many slots are in order.
    var count: Int { root < 0 ? 0 : Int(nodes[Int(root)].size) }

    /// The bytes the order occupies: 16 per slot.
    var memoryFootprint: Int { MemoryLayout<Node>.stride * nodes.capacity }

    /// The treap priority of `node`: its number hashed (a bijective mix: distinct slots never tie).
    @inline(__always)
    private func priority(_ node: Int32) -> UInt32 {
        var z = UInt32(bitPattern: node) &* 0x9E37_79B1
        z ^= z >> 15
        z = z &* 0x85EB_CA77
        z ^= z >> 13
        return z
    }

    /// Puts `slot` (a number not in order) at `position` (0…count).
    mutating func insert(_ slot: Int32, at position: Int) {
        let node = Int(slot)
        while nodes.count <= node { nodes.append(Node()) }
        nodes[node] = Node(left: -1, right: -1, parent: -1, size: 1)
        let (before, after) = split(root, position)
        root = merge(merge(before, slot), after)
        nodes[Int(root)].parent = -1
    }

    /// Takes the slot at `position` (0..<count) out of order and returns it.
    mutating func remove(at position: Int) -> Int32 {
        let (before, rest) = split(root, position)
        let (taken, after) = split(rest, 1)
        root = merge(before, after)
        if root >= 0 { nodes[Int(root)].parent = -1 }
        return taken
    }

    /// The position of `slot`, which is in order.
    func position(of slot: Int32) -> Int {
        nodes.withUnsafeBufferPointer { nodes in
            var node = slot
            var position = subtreeSize(nodes[Int(node)].left, nodes)
            while true {
                let up = nodes[Int(node)].parent
                guard up >= 0 else { return position }
                if nodes[Int(up)].right == node { position += subtreeSize(nodes[Int(up)].left, nodes) + 1 }
                node = up
            }
        }
    }

    @inline(__always)
    private func subtreeSize(_ node: Int32, _ nodes: UnsafeBufferPointer<Node>) -> Int { node < 0 ? 0 : Int(nodes[Int(node)].size) }

    private func subtreeSize(_ node: Int32) -> Int { node < 0 ? 0 : Int(nodes[Int(node)].size) }

    private mutating func update(_ node: Int32) {
        let n = Int(node)
        nodes[n].size = Int32(1 + subtreeSize(nodes[n].left) + subtreeSize(nodes[n].right))
    }

    /// Splits the tree at `node` into its first `count` slots and the rest (both roots, parentless).
    private mutating func split(_ node: Int32, _ count: Int) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let n = Int(node)
        if subtreeSize(nodes[n].left) >= count {
            let (a, b) = split(nodes[n].left, count)
            nodes[n].left = b
            if b >= 0 { nodes[Int(b)].parent = node }
            update(node)
            if a >= 0 { nodes[Int(a)].parent = -1 }
            nodes[n].parent = -1
            return (a, node)
        }
        let (a, b) = split(nodes[n].right, count - subtreeSize(nodes[n].left) - 1)
        nodes[n].right = a
        if a >= 0 { nodes[Int(a)].parent = node }
        update(node)
        if b >= 0 { nodes[Int(b)].parent = -1 }
        nodes[n].parent = -1
        return (node, b)
    }

    /// Joins two trees, every slot of `a` before every slot of `b`.
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        if priority(a) > priority(b) {
            let joined = merge(nodes[Int(a)].right, b)
            nodes[Int(a)].right = joined
            nodes[Int(joined)].parent = a
            update(a)
            return a
        }
        let joined = merge(a, nodes[Int(b)].left)
        nodes[Int(b)].left = joined
        nodes[Int(joined)].parent = b
        update(b)
        return b
    }
}
