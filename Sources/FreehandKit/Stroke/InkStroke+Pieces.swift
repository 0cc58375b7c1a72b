// The output of `InkStroke`: committed vertices turned into outline pieces and the triangle
// strip, and the provisional tail drawn from the rest.
extension InkStroke {
    /// How many centreline vertices a committed piece gathers (but the last) before it is handed
    /// out: a few samples' worth, so that a stroke fed one sample at a time is not cut into a piece
    /// per sample.
    static let piecePoints = 32

    /// Centreline vertices above which the working lists of one piece (a whole stroke's, appended
    /// at once) are not kept for the next: a live stroke's pieces need a few dozen.
    static let scratchLimit = 16_384

    /// Commits the first `count` pending vertices as a piece of outline, freezing the properties
    /// they read. Returns nil when there is nothing to draw yet.
    mutating func commit(count: Int, input: BrushInput, ended: Bool) -> OutlinePiece? {
        guard count > 0 else { return nil }
        // A piece needs a segment of its own; a lone first vertex waits (unless the stroke ended: a dot).
        if !ended {
            let anchor = vertices.last?.position ?? pending[0].position
            guard pending[0..<count].contains(where: { ($0.position - anchor).length >= Outline.minimumSegment }) else { return nil }
        }
        let highest = Int(pending[count - 1].progress.rounded(.down)) + 2
        let freezing = Swift.max(0, Swift.min(highest + 1, input.count) - frozen.count)
        frozen.append(contentsOf: live.prefix(freezing))
        live.removeFirst(Swift.min(freezing, live.count))
        committable = Swift.max(0, committable - count)
        let totalLength = ended ? flattener.distance : .infinity
        let startIndex = Swift.max(0, vertices.count - 1)
        let startKind: Outline.End = vertices.isEmpty ? .round : .cut(joining: lastDirection())
        // Grow geometrically but at once (a whole stroke arrives in one commit in batch use).
        if vertices.capacity < vertices.count + count { vertices.reserveCapacity(Swift.max(vertices.count + count, 2 * vertices.capacity)) }
        do {
            // Scoped: alive at `removeFirst` below, this slice would make it copy the remainder.
            let newOnes = pending[0..<count]
            if vertices.isEmpty { startLimit = startWidthLimit(from: newOnes) }
            for point in newOnes {
                let vertex = centrelineVertex(point, totalLength: totalLength, startLimit: startLimit)
                vertices.append(vertex)
                opacity.add(vertex)
                if outputs.contains(.triangleStrip) {
                    if let held = heldForStrip { strip.append(held, next: vertex.position) }
                    heldForStrip = vertex
                }
            }
        }
        pending.removeFirst(count)
        guard outputs.contains(.outlinePieces) else { return nil }
        let slice = vertices[startIndex...]
        var piece = Outline.piece(
            around: slice, start: startKind, end: ended ? .round : .cut(joining: nil), opacity: OutlinePiece.meanOpacity(of: slice),
            tolerance: outlineTolerance, scratch: &outlineScratch)
        piece.layering = layering
        outlineScratch.release(above: Self.scratchLimit)
        return piece
    }

    /// The provisional piece and strip: from the last committed vertex through the pending vertices
    /// and the provisional path to the newest (or predicted) point.
    mutating func tail(input: BrushInput) -> (OutlinePiece?, [Point2D]) {
        // The lists of the last frame's tail, emptied and refilled (no allocation per frame).
        var points: [CentrelineFlattener.FlatPoint] = [], tailVertices: [CentrelineVertex] = []
        swap(&points, &tailPoints)
        swap(&tailVertices, &self.tailVertices)
        defer {
            swap(&points, &tailPoints)
            swap(&tailVertices, &self.tailVertices)
        }
        points.removeAll(keepingCapacity: true)
        points.append(contentsOf: pending)
        var tailFlattener = flattener
        let provisional = builder.provisionalSpans
        tailFlattener.flatten(provisional, 0..<provisional.count, into: &points)
        guard !points.isEmpty else { return (nil, []) }
        let totalLength = tailFlattener.distance
        tailVertices.removeAll(keepingCapacity: true)
        tailVertices.reserveCapacity(points.count + 1)
        if let boundary = vertices.last { tailVertices.append(boundary) }
        let limit = vertices.isEmpty ? startWidthLimit(from: points) : startLimit
        for point in points { tailVertices.append(centrelineVertex(point, totalLength: totalLength, startLimit: limit)) }
        let startKind: Outline.End = vertices.isEmpty ? .round : .cut(joining: lastDirection())
        let slice = tailVertices[...]
        let opacity = OutlinePiece.meanOpacity(of: slice)
        var piece = outputs.contains(.outlinePieces)
            ? Outline.piece(around: slice, start: startKind, end: .round, opacity: opacity, tolerance: outlineTolerance, scratch: &outlineScratch)
            : OutlinePiece(polygon: [], opacity: opacity)
        piece.layering = layering
        outlineScratch.release(above: Self.scratchLimit)
        guard outputs.contains(.triangleStrip) else { return (piece, []) }
        var provisionalStrip = TriangleStrip(continuing: strip)
        let stripVertices = heldForStrip.map { [$0] } ?? []
        let sequence = stripVertices + tailVertices.dropFirst(vertices.isEmpty ? 0 : 1)
        for (index, vertex) in sequence.enumerated() {
            provisionalStrip.append(vertex, next: index + 1 < sequence.count ? sequence[index + 1].position : nil)
        }
        return (piece, provisionalStrip.vertices)
    }
}
