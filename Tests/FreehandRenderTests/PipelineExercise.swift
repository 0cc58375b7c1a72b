import FreehandKit
import FreehandRender

/// The whole pipeline — samples → technique → brush → outline → raster, SVG
/// and canvas, and shape recognition — with arbitrary finite values (huge, tiny, repeated, backwards in time) must never
/// trap, and every outline point it hands out must be finite.
///
/// The bytes choose the technique, the brush and its options, the taper, then the samples (each
/// value small, a raw bit pattern clamped to the finite range, a power of ten, or a step from the
/// one before), fed in chunks with predicted samples and late estimated updates.
///
/// Shared by the fuzz target and the regression tests (`Tests/FreehandRenderTests` links this file).
/// The fuzz target runs one consumer per input (chosen by the input's length, so the bytes keep
/// their meaning) to double its rate; the regression tests run both. Returns what it did, for the
/// tests to check; the fuzz target traps on a non-finite point (`PipelineReport.check`).
@discardableResult
func exercisePipeline(_ bytes: [UInt8], through consumers: PipelineConsumers = .all) -> PipelineReport {
    var report = PipelineReport()
    var input = FuzzInput(bytes)
    let technique = (try? TechniqueCatalog.technique(
        named: TechniqueCatalog.names[Int(input.byte()) % TechniqueCatalog.names.count],
        alpha: input.byte() % 2 == 0 ? nil : input.value())) ?? FreehandTechnique.standard
    let options = BrushOptions(
        width: input.optionalValue(), minimumWidth: input.optionalValue(), maximumWidth: input.optionalValue(),
        sensitivity: input.optionalValue(), smoothing: input.optionalValue())
    let brush = (try? BrushCatalog.brush(named: BrushCatalog.names[Int(input.byte()) % BrushCatalog.names.count], options: options))
        ?? ConstantBrush.standard
    let taper = (try? Taper(startLength: input.value(), endLength: input.value())) ?? .none
    let style = (try? InkStyle(brush: brush, taper: taper, widthSmoothing: Double(input.byte() % 96) / 100)) ?? .default

    var stroke = InkStroke(technique: technique, style: style)
    // The canvas shows the pieces of a stroke of its own, as a view shows a session's.
    let canvas = consumers.contains(.canvas) ? InkCanvas(width: 64, height: 48) : nil
    var canvasStroke = InkStroke(technique: technique, style: style, outputs: .outlinePieces)
    canvas?.beginInk("fuzz", tool: .ink, color: .black, layering: style.brush.layering)
    var pieces: [OutlinePiece] = []
    var all: [Sample] = []
    var updateIndex = 0
    while !input.isAtEnd {
        var chunk: [Sample] = []
        for _ in 0..<(Int(input.byte() % 8) + 1) where !input.isAtEnd {
            var sample = input.sample()
            if input.byte() % 4 == 0 {
                sample.estimationUpdateIndex = updateIndex
                updateIndex += 1
            }
            chunk.append(sample)
        }
        let predicted = (0..<Int(input.byte() % 3)).map { _ in input.sample() }
        all += chunk
        if consumers.contains(.stroke), let update = try? stroke.append(chunk, predicted: predicted) {
            pieces += update.committed
            // The provisional ink a frame would draw now.
            if let tail = stroke.provisionalInk().outline { report.count(tail.polygon) }
        }
        if let canvas, let update = try? canvasStroke.append(chunk, predicted: predicted) {
            canvas.drawInk("fuzz", committed: update.committed, provisional: canvasStroke.provisionalInk().outline)
        }
        if input.byte() % 5 == 0, updateIndex > 0 {
            let update = EstimatedUpdate(estimationUpdateIndex: Int(input.byte()) % (updateIndex + 1), force: input.optionalValue())
            if consumers.contains(.stroke) { pieces += stroke.update(estimated: [update]).committed }
            if let canvas {
                let committed = canvasStroke.update(estimated: [update]).committed
                canvas.drawInk("fuzz", committed: committed, provisional: canvasStroke.provisionalInk().outline)
            }
        }
    }
    if let canvas {
        canvas.drawInk("fuzz", committed: (try? canvasStroke.end())?.committed ?? [], provisional: nil)
        canvas.endInk("fuzz")
    }
    report.samples = all.count
    report.canvasPixels = canvas.map { $0.image.width * $0.image.height } ?? 0
    guard consumers.contains(.stroke) else { return report }
    if let update = try? stroke.end() { pieces += update.committed }
    let batch = InkStroke.outline(for: all, technique: technique, style: style)
    for piece in pieces + (batch.map { [$0] } ?? []) { report.count(piece.polygon) }
    report.pieces = pieces.count
    // The batch outline resolved to the boundary of its ink, as stored drawings and exports keep it.
    let resolved = batch?.resolvingOverlaps()
    if let resolved { for ring in resolved.rings { report.count(ring) } }
    // Shape recognition of the same samples, as hold to snap runs it: a finite clean path or none.
    let snap = HoldToSnap(holdDuration: 0, recognizer: ShapeRecognizer(minimumSize: 0, minimumConfidence: 0, minimumLineConfidence: 0))
    if let shape = snap.shape(for: all) {
        report.shapes += 1
        report.count(snap.cleanSamples(for: shape, like: all).map(\.location))
    }
    report.check()
    let image = InkRenderer(size: Point2D(64, 48), scale: 1).render(pieces + (resolved.map { [$0] } ?? []))
    report.renderedPixels = image.width * image.height
    var svg = SVGDocument(width: 64, height: 48)
    if let batch { svg.fillOutline(batch, color: "#000", opacity: batch.opacity) }
    report.svgBytes = svg.text.utf8.count
    // Repainted from the kept outline, as an undo or an erase over it does.
    if let canvas, let resolved { canvas.repaint(canvas.image.bounds, from: [(piece: resolved, color: .black)]) }
    return report
}

/// What one pass through the pipeline did: what the tests check beyond "no trap".
struct PipelineReport {
    /// Samples fed.
    var samples = 0
    /// Committed outline pieces the live stroke handed out.
    var pieces = 0
    /// Outline points handed out (live pieces, provisional tails, the batch outline, its rings, the
    /// clean path of a recognised shape).
    var outlinePoints = 0
    /// Shapes recognised in the samples (hold to snap with every threshold at 0).
    var shapes = 0
    /// Of those, the points that are not finite (must be 0).
    var nonFinitePoints = 0
    /// Pixels of the canvas and of the rendered image (0 when that consumer did not run).
    var canvasPixels = 0, renderedPixels = 0
    /// Bytes of the SVG written.
    var svgBytes = 0

    mutating func count(_ points: [Point2D]) {
        outlinePoints += points.count
        nonFinitePoints += points.reduce(0) { $0 + ($1.isFinite ? 0 : 1) }
    }

    /// Traps on a non-finite point: how the fuzz target reports one.
    func check() {
        precondition(nonFinitePoints == 0, "\(nonFinitePoints) outline points are not finite")
    }
}

/// Which consumers of the samples an input runs through.
struct PipelineConsumers: OptionSet {
    let rawValue: Int
    /// `InkStroke` fed in chunks, the batch outline (raw and resolved), `InkRenderer` and
    /// `SVGDocument`.
    static let stroke = PipelineConsumers(rawValue: 1)
    /// An `InkCanvas` drawing the live stroke.
    static let canvas = PipelineConsumers(rawValue: 2)
    static let all: PipelineConsumers = [.stroke, .canvas]
}

/// Reads the fuzzer's bytes as choices and values; past the end every read gives zero.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0
    private var last = 0.0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A finite value: small, a raw bit pattern (clamped to the finite range), a power of ten, or a
    /// small step from the value before.
    mutating func value() -> Double {
        let value: Double
        switch byte() % 4 {
        case 0:
            value = Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) / 16
        case 1:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            let raw = Double(bitPattern: bits)
            value = raw.isNaN ? 0 : Swift.max(-Double.greatestFiniteMagnitude, Swift.min(Double.greatestFiniteMagnitude, raw))
        case 2:
            let exponent = Int(byte() % 64) - 32
            var power = 1.0
            for _ in 0..<abs(exponent) { power *= 10 }
            value = (byte() % 2 == 0 ? 1 : -1) * (exponent < 0 ? 1 / power : power)
        default:
            value = last + Double(Int8(bitPattern: byte())) / 8
        }
        last = value
        return value
    }

    mutating func optionalValue() -> Double? {
        byte() % 3 == 0 ? nil : value()
    }

    mutating func sample() -> Sample {
        let flags = byte()
        return Sample(
            x: value(), y: value(),
            timestamp: flags & 1 != 0 ? value() : nil, force: flags & 2 != 0 ? value() : nil,
            altitude: flags & 4 != 0 ? value() : nil, azimuth: flags & 8 != 0 ? value() : nil,
            majorRadius: flags & 16 != 0 ? value() : nil,
            kind: [PointerKind.pen, .finger, .mouse][Int(flags >> 5) % 3])
    }
}
