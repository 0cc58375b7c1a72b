// The update step of `InkStroke`: samples taken in groups, the engine run once per group, and the
// commit rule — how much of the ink nothing can change any more.
extension InkStroke {
    /// How many appended samples the engine waits for before it runs (see `advance(appended:)`).
    static let sampleGroup = 4

    /// Brings the ink up to date once per `sampleGroup` appended samples; in between, the samples
    /// are only stored and the update just retires the provisional ink drawn before. Running the
    /// technique, the brush and the outline once per group instead of once per sample saves their
    /// per-call cost (a quarter of the work of a sample appended alone) and changes no ink: the
    /// path is the same for any chunking of the input, a frame's `provisionalInk()` first catches
    /// up with every sample, and committed pieces, which wait for a piece's worth of ink anyway,
    /// arrive at most three samples later.
    mutating func advance(appended count: Int) -> InkUpdate {
        deferredSamples += count
        guard deferredSamples >= Self.sampleGroup else {
            var update = InkUpdate()
            retireProvisional(into: &update)
            return update
        }
        return advance(ended: false)
    }

    /// Runs the technique over the samples not yet seen and flattens the spans it commits into
    /// `pending`.
    mutating func catchUp() {
        builder.commitAccepted()
        let spanCount = builder.committedSpans.count
        flattener.flatten(builder.committedSpans, flattenedElements..<spanCount, into: &pending)
        flattenedElements = spanCount
        if forgetsFlattenedSpans, spanCount > 1 {
            builder.forgetCommittedSpans()
            flattenedElements = 1
        }
    }

    /// The provisional ink last handed out is replaced: its area joins the update's dirty
    /// rectangle, and the next `provisionalInk()` computes it afresh.
    mutating func retireProvisional(into update: inout InkUpdate) {
        var dirty = update.committed.first?.bounds
        dirty.formUnion(provisionalBounds)
        provisionalBounds = nil
        if provisionalCache != nil { provisionalCache = nil }
        update.dirtyRect = dirty
    }

    mutating func advance(ended: Bool) -> InkUpdate {
        deferredSamples = 0
        catchUp()

        var update = InkUpdate()
        let stripStart = strip.vertices.count
        let count = ended ? pending.count : committableCount()
        // Brush properties are brought up to date only when ink is committed (or drawn): most
        // samples just add to the pending centreline.
        if count > 0 {
            let input = BrushInput(points: builder.points, samples: builder.samples, pointSampleIndices: builder.pointSampleIndices)
            refreshLive(input)
            if let piece = commit(count: count, input: input, ended: ended) {
                update.committed = [piece]
                committedBounds.formUnion(piece.bounds)
            }
        }
        if ended, let held = heldForStrip {
            strip.append(held, next: nil)
            heldForStrip = nil
        }
        if strip.vertices.count > stripStart { update.committedStrip = Array(strip.vertices[stripStart...]) }
        retireProvisional(into: &update)
        return update
    }

    /// The ink not yet committed, to draw over the committed pieces now: from the last committed
    /// piece through the newest sample and the latest append's predicted samples, with the end
    /// cap (and the matching end of the triangle strip). It replaces whatever provisional ink was
    /// drawn before; the next update's dirty rectangle covers it. Empty when nothing is drawn yet,
    /// once the stroke has ended, and for a stroke whose `outputs` are empty.
    ///
    /// Computed when asked — call it once per frame — and kept until the stroke changes: the cost
    /// is bounded by the uncommitted part, not by the stroke's length or the samples since the
    /// last frame.
    public mutating func provisionalInk() -> ProvisionalInk {
        if let provisionalCache { return provisionalCache }
        var result = ProvisionalInk()
        if builder.phase == .active, !outputs.isEmpty {
            catchUp()
            builder.refreshProvisional()
            let input = BrushInput(points: builder.points, samples: builder.samples, pointSampleIndices: builder.pointSampleIndices)
            refreshLive(input)
            let (piece, stripVertices) = tail(input: input)
            result = ProvisionalInk(outline: outputs.contains(.outlinePieces) ? piece : nil, strip: stripVertices)
        }
        provisionalBounds = result.outline?.bounds
        provisionalCache = result
        return result
    }

    /// How many pending vertices can be committed now (a prefix of them).
    mutating func committableCount() -> Int {
        // A point's properties are final once the samples the brush reads after it have settled
        // (the newest point may still merge with a repeat and change its sample).
        var lastStablePoint = brush.finalPointCount(of: Swift.min(builder.points.count - 1, builder.settledPointCount)) - 1
        if let awaited = builder.oldestAwaitedSample {
            // A late force or tilt will change this sample's point and every point whose properties
            // read it; the first point standing for it or a later sample is the first that can change.
            let indices = builder.pointSampleIndices
            var low = 0, high = indices.count
            while low < high {
                let middle = (low + high) / 2
                if indices[middle] < awaited { low = middle + 1 } else { high = middle }
            }
            lastStablePoint = Swift.min(lastStablePoint, brush.finalPointCount(of: low) - 1)
        }
        // Ink is final only once the stroke is long enough that neither a dot's width nor a short
        // stroke's shortened taper (`Taper.scale`) can still change it.
        let settled = flattener.distance >= Swift.max(taper.settledLength, settlingLength)
        let reach = settled ? flattener.distance - taper.endLength : -.infinity
        // Both bounds only grow (a sample awaited later is newer), so the scan goes on from where
        // the last one stopped. The newest vertex always waits: the final piece must have one to
        // put the end cap on.
        var count = committable
        while count < pending.count - 1 {
            let vertex = pending[count]
            // A vertex's properties read the points on both sides of it and one more beyond.
            guard vertex.progress.rounded(.down) + 2 <= Double(lastStablePoint), vertex.distance <= reach else { break }
            count += 1
        }
        committable = count
        // The start's width limit reads the vertex `settlingLength` on: the first piece reaches it.
        if vertices.isEmpty, settlingLength > 0, count > 0, pending[count - 1].distance < settlingLength { return 0 }
        // Final ink waits until there is a piece's worth of it: each piece costs its own ends and
        // polygon, and until then it is drawn as part of the provisional ink.
        return count >= Self.piecePoints ? count : 0
    }
}
