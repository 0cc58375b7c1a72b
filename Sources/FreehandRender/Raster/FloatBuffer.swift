/// A growable block of floats, zeroed when it grows, owned by one rasterizer (no copy-on-write
/// check on each access in the inner loops).
final class FloatBuffer {
    private(set) var pointer: UnsafeMutablePointer<Float>
    private(set) var capacity: Int

    init() {
        capacity = 0
        pointer = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    }

    /// Makes room for `count` floats; a new block is all zeros.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        pointer.deallocate()
        pointer = UnsafeMutablePointer<Float>.allocate(capacity: count)
        pointer.initialize(repeating: 0, count: count)
        capacity = count
    }

    deinit { pointer.deallocate() }
}
