/// A growable list of plain values (no references, nothing to release) owned by one rasterizer:
/// its sweep reads and writes the edges, chains and pieces of every row, and an array would check
/// its index, whether its storage is shared, and retain it, on each access. Cleared without
/// releasing its memory, so that it is reused polygon after polygon.
///
/// Every write's index is checked, so that nothing outside the list is ever overwritten (a bad one
/// stops the process); reads are checked in debug builds (the sweep's indices come from its own
/// counts, and the fuzzer's pipeline target runs it on hostile outlines).
final class RasterBuffer<Element>: RandomAccessCollection {
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

    /// Sorts the elements in place with the standard library's sort (an array's, on its buffer).
    func sort(by isBefore: (Element, Element) -> Bool) {
        var elements = UnsafeMutableBufferPointer(start: storage, count: count)
        elements.sort(by: isBefore)
    }

    /// Sorts a short list in place, stably (few elements, often nearly in order).
    func insertionSort(by isBefore: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        let storage = self.storage
        for index in 1..<count {
            let item = storage[index]
            var slot = index
            while slot > 0, isBefore(item, storage[slot - 1]) {
                storage[slot] = storage[slot - 1]
                slot -= 1
            }
            storage[slot] = item
        }
    }

    private func grow(to size: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: size)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = size
    }
}
