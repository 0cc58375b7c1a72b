// The width and opacity along an `InkStroke`: the brush's properties per point, smoothed and
// frozen once committed, the start's settling, the taper and the dot.
extension InkStroke {
    /// Brings the properties of the points not yet frozen up to date. A point's properties read
    /// the samples up to the brush's lookahead after it, and the newest point may still merge with
    /// a repeat: only the points from there on (as of the last refresh) and the new ones are
    /// computed again, in order from the last one kept.
    mutating func refreshLive(_ input: BrushInput) {
        // Opened once, not per point.
        let style = self.style, brush = self.brush
        if liveDropped != builder.droppedStartPoints {
            live.removeAll(keepingCapacity: true)
            liveBasis = 0
            liveNewest = nil
            liveSettled = 0
            liveDropped = builder.droppedStartPoints
        }
        // Points before the newest one as of the last refresh read only samples it had seen, unless
        // that newest point itself changed since.
        var newestChanged = true
        if let newest = liveNewest, liveBasis > 0, liveBasis <= input.count {
            newestChanged = input.pointSampleIndices[liveBasis - 1] != newest.sample || input.points[liveBasis - 1] != newest.location
        }
        let unsettled = Swift.max(frozen.count, brush.finalPointCount(of: Swift.min(liveBasis - (newestChanged ? 1 : 0), liveSettled)))
        let keep = Swift.min(live.count, Swift.max(0, unsettled - frozen.count))
        live.removeLast(live.count - keep)
        var previous = live.last ?? frozen.last
        for index in Swift.min(input.count, frozen.count + keep)..<input.count {
            let properties = style.smoothed(brush.properties(at: index, of: input, previous: previous), previous: previous)
            live.append(properties)
            previous = properties
        }
        liveBasis = input.count
        liveSettled = builder.settledPointCount
        liveNewest = input.count > 0 ? (input.pointSampleIndices[input.count - 1], input.points[input.count - 1]) : nil
    }

    /// The properties interpolated at a flattened point's progress, before the taper, the start's
    /// settling and the dot.
    func baseProperties(_ point: CentrelineFlattener.FlatPoint) -> InkProperties {
        func properties(_ index: Int) -> InkProperties {
            if index < frozen.count { return frozen[index] }
            let liveIndex = index - frozen.count
            if liveIndex < live.count { return live[liveIndex] }
            return live.last ?? frozen.last ?? InkProperties(width: 0)
        }
        let lower = Swift.max(0, point.progress.rounded(.down))
        let index = Int(lower), t = point.progress - lower
        // Smooth across samples (a monotone cubic through the neighbours), so that the edges do not
        // kink at each sample where the width changes fast.
        return t == 0
            ? properties(index)
            : InkProperties.smooth(properties(Swift.max(0, index - 1)), properties(index), properties(index + 1), properties(index + 2), at: t)
    }

    /// The widest the start may be (`startLimit`), from the stroke's first flattened points in
    /// order: the width of the first one `settlingLength` from the start, else of the last.
    func startWidthLimit(from points: some BidirectionalCollection<CentrelineFlattener.FlatPoint>) -> Double {
        guard settlingLength > 0, let settled = points.first(where: { $0.distance >= settlingLength }) ?? points.last else { return .infinity }
        return baseProperties(settled).width
    }

    /// The vertex for a flattened point: the properties interpolated at its progress, the width no
    /// wider than `startLimit` over the first `settlingLength`, scaled by the taper, and at least a dot
    /// for a short stroke. `totalLength` is the stroke's length, or infinity while unknown.
    func centrelineVertex(_ point: CentrelineFlattener.FlatPoint, totalLength: Double, startLimit: Double) -> CentrelineVertex {
        let base = baseProperties(point)
        let scale = taper.scale(distanceFromStart: point.distance, distanceToEnd: totalLength - point.distance)
        // The start settles (`settlingLength`).
        var width = (point.distance < settlingLength ? Swift.min(base.width, startLimit) : base.width) * scale
        // A tap or a short dash is drawn at least as wide as the brush's dot.
        if totalLength < dotLength {
            width = Swift.max(width, dotWidth * Swift.min(1, (dotLength - totalLength) / dotWidth))
        }
        return CentrelineVertex(position: point.position, width: width, opacity: base.opacity, distance: point.distance)
    }

    /// The direction of the last committed segment, if there is one.
    func lastDirection() -> Point2D? {
        guard let last = vertices.last else { return nil }
        for vertex in vertices.reversed().dropFirst() {
            let delta = last.position - vertex.position
            let length = delta.length
            if length >= Outline.minimumSegment { return delta / length }
        }
        return nil
    }
}
