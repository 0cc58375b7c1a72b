/// The column ranges of a row's cells that deposits wrote, in the order they were recorded: a
/// growable block owned by one rasterizer, cleared for each row without releasing its memory (an
/// array's `removeAll(keepingCapacity:)` and its copy-on-write checks cost more than the few
/// ranges a row holds).
final class CellRanges {
    private(set) var pointer: UnsafeMutablePointer<Range<Int>>
    /// The ranges held.
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 16
        pointer = UnsafeMutablePointer<Range<Int>>.allocate(capacity: capacity)
    }

    deinit { pointer.deallocate() }

    /// Records `range`, or widens the last one to hold it when they lie within `gap` cells of each
    /// other (the edges of one chain come one after another and touch).
    @inline(__always)
    func add(_ range: Range<Int>, joiningWithin gap: Int) {
        if count > 0 {
            let last = pointer[count - 1]
            if range.lowerBound <= last.upperBound + gap, range.upperBound + gap >= last.lowerBound {
                pointer[count - 1] = Swift.min(last.lowerBound, range.lowerBound)..<Swift.max(last.upperBound, range.upperBound)
                return
            }
        }
        if count == capacity { grow() }
        (pointer + count).initialize(to: range)
        count += 1
    }

    /// Puts the ranges in order of their first column (insertion sort: a row holds few, nearly in
    /// order).
    func sortByStart() {
        guard count > 1 else { return }
        for index in 1..<count {
            let item = pointer[index]
            var slot = index
            while slot > 0, item.lowerBound < pointer[slot - 1].lowerBound {
                pointer[slot] = pointer[slot - 1]
                slot -= 1
            }
            pointer[slot] = item
        }
    }

    /// Forgets every range (the memory stays for the next row).
    func removeAll() { count = 0 }

    private func grow() {
        let larger = UnsafeMutablePointer<Range<Int>>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: pointer, count: count)
        pointer.deallocate()
        pointer = larger
        capacity *= 2
    }
}
