import FreehandDocument

/// The memory heavy work — a render, a conversion, an opened file, a zoom's or a compare's outlines
/// — counts on, reserved from the server's `PlaygroundLimits.workBytes` before any stroke is
/// outlined and given back when the work ends, so that the work running at once never holds more
/// than that budget whatever clients send.
enum WorkMemory {
    /// Bytes a sample takes at the peak of its work: its outline, the overlaps resolved, curves
    /// fitted and the picture's text (measured: a 4.8 M-sample random stroke's outline 2.8 GB, 1 M
    /// six-sample strokes' SVG 1.8 GB — 300 to 600 bytes a sample).
    static let bytesPerSample = 640
    /// Bytes a stroke takes besides its samples (its record, style and outline's bookkeeping).
    static let bytesPerStroke = 1024
    /// Bytes an image pixel takes: the RGBA bitmap, a band's coverage and the PNG being written.
    static let bytesPerPixel = 12

    /// About how many bytes work on `drawing` takes at its peak, with an image of `pixels` pixels.
    static func estimate(for drawing: Drawing, pixels: Double = 0) -> Int {
        let samples = drawing.sampleCount
        let image = Swift.min(Double(Int.max / 4 / bytesPerPixel), Swift.max(0, pixels.isFinite ? pixels : 0)) * Double(bytesPerPixel)
        return samples * bytesPerSample + drawing.strokes.count * bytesPerStroke + Int(image)
    }

    /// Reserves `bytes` from `memory` (nil: no budget) and returns what was reserved, for
    /// `memory.giveBack`; throws when more than the whole budget is asked (the server answers 413)
    /// or the budget is taken by other work now (503 with `Retry-After`).
    static func reserve(_ bytes: Int, from memory: Allowance?) throws(PlaygroundError) -> Int {
        guard let memory else { return 0 }
        guard bytes <= memory.capacity else {
            throw PlaygroundError.refused(.overBudget, "the work would need about \(megabytes(bytes)), over the \(megabytes(memory.capacity)) the server gives all work at once: send fewer samples or a smaller image")
        }
        guard memory.take(bytes) else {
            throw PlaygroundError.refused(.busy, "the server's memory for work is taken by other requests (this one needs about \(megabytes(bytes))): try again in a second")
        }
        return bytes
    }

    /// `count` bytes in whole mebibytes for a message (at least 1).
    static func megabytes(_ count: Int) -> String { "\(Swift.max(1, count >> 20)) MiB" }
}
