/// One change to a drawing, recorded so that it can be undone and redone: the strokes it removed
/// (with their indices before the change) and the strokes it inserted (with their indices after).
/// Every edit — add, erase, partial erase, clear, transform — is such a pair, so undo costs only
/// what changed, not a copy of the drawing.
public struct DrawingEdit: Hashable, Sendable {
    /// Strokes removed, ascending by index in the drawing before the edit.
    public var removed: [IndexedStroke]
    /// Strokes inserted, ascending by index in the drawing after the edit.
    public var inserted: [IndexedStroke]

    /// A stroke and its position.
    public struct IndexedStroke: Hashable, Sendable {
        /// The position in the drawing's stroke list.
        public var index: Int
        /// The stroke.
        public var stroke: StrokeRecord

        /// `stroke` at position `index`.
        public init(index: Int, stroke: StrokeRecord) {
            self.index = index
            self.stroke = stroke
        }
    }

    /// The edit removing `removed` (ascending by index before it) and inserting `inserted`
    /// (ascending by index after it).
    public init(removed: [IndexedStroke], inserted: [IndexedStroke]) {
        self.removed = removed
        self.inserted = inserted
    }

    /// True when the edit changes nothing.
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty }

    /// Applies the edit to `strokes`.
    package func apply(to strokes: inout [StrokeRecord]) {
        apply(to: &strokes) { $0 }
    }

    /// Applies the edit to `list`, a list kept parallel to a drawing's strokes (say, one cached
    /// outline per stroke): removed entries go, and `make` builds the entry of each inserted stroke.
    public func apply<Element>(to list: inout [Element], making make: (StrokeRecord) -> Element) {
        for entry in removed.reversed() { list.remove(at: entry.index) }
        for entry in inserted { list.insert(make(entry.stroke), at: entry.index) }
    }

    /// The edit that undoes this one.
    public var inverse: DrawingEdit { DrawingEdit(removed: inserted, inserted: removed) }
}
