/// A growable list of plain values (no references, nothing to release) owned by one rasterizer:
/// its sweep reads and writes the edges, chains and pieces of every row, and an array would check
/// its index, whether its storage is shared, and retain it, on each access. Cleared without
/// releasing its memory, so that it is reused polygon after polygon.
///
/// Every write's index is checked, so that nothing outside the list is ever overwritten (a bad one
/// stops the process); reads are checked in debug builds (the sweep's indices come from its own
/// counts, and the fuzzer's pipeline target runs it on hostile outlines).
final class RasterBuffer<Element>: RandomAccessCollection, MutableCollection {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The elements held.
    private(set) var count = 0

    /// An empty list with room for `capacity` elements.
    init(capacity: Int = 16) {
        // Plain values only: elements are forgotten, never deinitialized.
        precondition(_isPOD(Element.self), "a raster buffer holds plain values")
        self.capacity = Swift.max(1, capacity)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return storage[index]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            storage[index] = newValue
        }
    }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow(to: 2 * capacity) }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Forgets every element; the memory stays for reuse.
    func removeAll() { count = 0 }

    /// Forgets the last `k` elements.
    func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more than the list holds")
        count -= k
    }

    /// The elements as one buffer, for the standard library's algorithms (sorting: the same as an
    /// array's).
    func withContiguousMutableStorageIfAvailable<R>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R? {
        var buffer = UnsafeMutableBufferPointer(start: storage, count: count)
        return try body(&buffer)
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }

    private func grow(to size: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: size)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = size
    }
}
