import FreehandKit

/// Compact SVG path data for a closed polygon: an absolute move, then relative lines with the
/// `l` command given once, numbers on a 1/10 grid with no leading zero, no trailing zeros and no
/// space before a minus sign (`M12.5 3l.2-1.5 2 .7…z`). Each relative step is taken between the
/// rounded positions, so rounding never accumulates: every vertex lands within 0.05 of its true
/// place (points), half the outline's own 0.1 tolerance (1/10 pt is 0.035 mm on paper, and the grid
/// of the PDF export too).
enum SVGPolygonData {
    /// Grid steps per point (a divisor of 100).
    static let resolution = 10.0

    /// The path data of `points` closed with `z`; empty for no point. Non-finite coordinates count as 0.
    static func text(_ points: [Point2D]) -> String {
        guard let first = points.first else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 9 + 16)
        var previous = (quantized(first.x), quantized(first.y))
        var lastHadPoint = false
        bytes.append(UInt8(ascii: "M"))
        append(previous.0, to: &bytes, lastHadPoint: &lastHadPoint)
        append(previous.1, to: &bytes, lastHadPoint: &lastHadPoint)
        var wroteLine = false
        for point in points.dropFirst() {
            let current = (quantized(point.x), quantized(point.y))
            if current == previous { continue }
            if !wroteLine {
                bytes.append(UInt8(ascii: "l"))
                wroteLine = true
            }
            append(current.0 - previous.0, to: &bytes, lastHadPoint: &lastHadPoint)
            append(current.1 - previous.1, to: &bytes, lastHadPoint: &lastHadPoint)
            previous = current
        }
        bytes.append(UInt8(ascii: "z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path data of the closed outline `points` drawn with lines and, where they are shorter,
    /// relative cubics (`c`) within `curveTolerance` points of it (`OutlineCurves`; lines alone past
    /// `OutlineCurves.maximumFittedPoints`); every written
    /// point (ends and controls) on the same 1/10 grid, each step taken between rounded positions.
    static func text(_ points: [Point2D], curveTolerance: Double) -> String {
        // Millions of points are written as the polygon's own lines: fitting curves to them would
        // take more memory than the budget (the picture is the same).
        guard points.count <= OutlineCurves.maximumFittedPoints, let path = OutlineCurves.path(fitting: points, tolerance: curveTolerance) else {
            return text(points)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.segments.count * 12 + 16)
        var previous = (quantized(path.start.x), quantized(path.start.y))
        var lastHadPoint = false
        bytes.append(UInt8(ascii: "M"))
        append(previous.0, to: &bytes, lastHadPoint: &lastHadPoint)
        append(previous.1, to: &bytes, lastHadPoint: &lastHadPoint)
        var command: UInt8 = 0
        func use(_ letter: Character) {
            let byte = UInt8(ascii: letter.unicodeScalars.first!)
            if command != byte {
                bytes.append(byte)
                command = byte
            }
        }
        for segment in path.segments {
            switch segment {
            case .line(let to):
                let end = (quantized(to.x), quantized(to.y))
                if end == previous { continue }
                use("l")
                append(end.0 - previous.0, to: &bytes, lastHadPoint: &lastHadPoint)
                append(end.1 - previous.1, to: &bytes, lastHadPoint: &lastHadPoint)
                previous = end
            case .cubic(let control1, let control2, let to):
                use("c")
                for point in [control1, control2, to] {
                    append(quantized(point.x) - previous.0, to: &bytes, lastHadPoint: &lastHadPoint)
                    append(quantized(point.y) - previous.1, to: &bytes, lastHadPoint: &lastHadPoint)
                }
                previous = (quantized(to.x), quantized(to.y))
            }
        }
        bytes.append(UInt8(ascii: "z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A coordinate in grid steps, bounded (±1e15 steps) so the conversion cannot trap.
    private static func quantized(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(Swift.min(1e15, Swift.max(-1e15, (value * resolution).rounded())))
    }

    /// Appends `steps` grid steps (each 1/`resolution`) as a number, with a space first unless a minus sign or a command
    /// already separates it, or the previous number has a point and this one starts with one.
    private static func append(_ steps: Int, to bytes: inout [UInt8], lastHadPoint: inout Bool) {
        let negative = steps < 0
        let magnitude = steps.magnitude * UInt(100 / Int(resolution))
        let whole = magnitude / 100, fraction = magnitude % 100
        let startsWithPoint = whole == 0 && fraction > 0
        if let last = bytes.last, last != UInt8(ascii: "M"), last != UInt8(ascii: "l"), last != UInt8(ascii: "c"), !negative {
            // ".5" may follow a number that already has a point: "1.5.5" reads as 1.5 and .5.
            if !(startsWithPoint && lastHadPoint) { bytes.append(UInt8(ascii: " ")) }
        }
        if negative { bytes.append(UInt8(ascii: "-")) }
        if !startsWithPoint { bytes.appendDecimal(whole) }
        if fraction > 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
        lastHadPoint = fraction > 0
    }
}
