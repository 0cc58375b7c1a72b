/// Turns path elements tagged with sample progress (a `SpanOutput`) into centreline points, each
/// with the progress and the distance along the stroke at which it lies.
struct CentrelineFlattener {
    /// A point of the flattened centreline before the brush has given it a width.
    struct FlatPoint: Hashable {
        var position: Point2D
        var progress: Double
        var distance: Double
    }

    let flattening: Flattening
    private(set) var pen: Point2D?
    private(set) var progress = 0.0
    private(set) var distance = 0.0
    /// Points flattened so far, against `Flattening.pointBudget`.
    private(set) var pointCount = 0

    init(flattening: Flattening) {
        self.flattening = flattening
    }

    /// Appends the points of `spans.elements[range]` to `output`. A leading `move` to the current
    /// pen position adds nothing (it is how a provisional tail starts).
    mutating func flatten(_ spans: SpanOutput, _ range: Range<Int>, into output: inout [FlatPoint]) {
        for index in range {
            let element = spans.elements[index], endProgress = spans.progress[index]
            guard let start = pen else {
                pen = element.endPoint
                progress = endProgress
                output.append(FlatPoint(position: element.endPoint, progress: endProgress, distance: 0))
                continue
            }
            if case .move(let to) = element {
                if to != start {
                    // A jump inside a stroke: carry on from there (engine paths never do this).
                    distance += start.distance(to: to)
                    output.append(FlatPoint(position: to, progress: endProgress, distance: distance))
                }
                pen = to
                progress = endProgress
                continue
            }
            let segments = flattening.segments(for: element, from: start, after: pointCount)
            pointCount += segments
            var previous = start
            for step in 1...segments {
                let t = Double(step) / Double(segments)
                let point = step == segments ? element.endPoint : element.point(at: t, from: start)
                distance += previous.distance(to: point)
                previous = point
                output.append(FlatPoint(position: point, progress: progress + (endProgress - progress) * t, distance: distance))
            }
            pen = element.endPoint
            progress = endProgress
        }
    }
}
