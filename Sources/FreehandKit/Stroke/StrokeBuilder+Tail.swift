extension StrokeBuilder {
    /// Computes the provisional tail through the newest real sample and the latest append's
    /// predicted samples (see `tracksProvisional`), keeps it in `provisionalSpans` and returns it.
    /// Empty once the stroke has ended or when nothing is drawn yet.
    ///
    /// - Complexity: O(samples since the last tail + unsettled points + predicted).
    @discardableResult
    public mutating func refreshProvisional() -> BezierPath {
        guard phase == .active else { return BezierPath() }
        provisionalSpans = tail(predicted: predicted)
        return provisional
    }

    /// The provisional tail through the real points and then `predicted`, as if the stroke ended at
    /// the last of them, computed on the scratch copy (`StrokePoints.provisional`).
    mutating func tail(predicted: [Sample]) -> SpanOutput {
        guard stage.count > 0 else { return SpanOutput() }
        var predictionFollower = follower
        var guesses: [(location: Point2D, timestamp: Double?)] = []
        guesses.reserveCapacity(predicted.count)
        for sample in predicted {
            guard let valid = intake.validate(predicted: sample) else { continue }
            var location = valid.location
            if var current = predictionFollower {
                location = current.follow(location)
                predictionFollower = current
            }
            guesses.append((location, valid.timestamp))
        }
        stage.provisional(predicted: guesses, in: &scratch)
        var spans = SpanOutput()
        if let end = committedSpans.elements.last?.endPoint, let progress = committedSpans.progress.last {
            spans.append(.move(to: end), progress: progress)
        }
        technique.finish(scratch.locations[...], times: scratch.times[...], cursor: cursor, into: &spans)
        return spans.count > 1 || committedSpans.count == 0 ? spans : SpanOutput()
    }

    /// The longest committed piece built in `pieceBuffer`, elements.
    private static let reusedPieceLength = 64

    /// The elements committed since `start`, led by a move to where they begin.
    ///
    /// A short piece (a few samples' worth) is built in a buffer the builder keeps: when the caller
    /// has let go of the previous update (the usual case) the buffer is reused, so a sample
    /// appended alone allocates nothing; a piece still held elsewhere keeps its elements (the
    /// buffer is copied on write, not changed). A long one (a batch) gets its own array, so the
    /// builder does not keep a second copy of the path.
    mutating func committedPiece(from start: Int) -> BezierPath {
        let elements = committedSpans.elements
        guard start < elements.count else { return BezierPath() }
        guard elements.count - start <= Self.reusedPieceLength else {
            var piece: [PathElement] = []
            piece.reserveCapacity(elements.count - start + 1)
            if start > 0 { piece.append(.move(to: elements[start - 1].endPoint)) }
            piece.append(contentsOf: elements[start...])
            return BezierPath(piece)
        }
        pieceBuffer.removeAll(keepingCapacity: true)
        if start > 0 { pieceBuffer.append(.move(to: elements[start - 1].endPoint)) }
        pieceBuffer.append(contentsOf: elements[start...])
        return BezierPath(pieceBuffer)
    }
}
