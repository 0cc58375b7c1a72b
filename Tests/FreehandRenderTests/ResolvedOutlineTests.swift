import FreehandDocument
import FreehandKit
import FreehandRender
import Foundation
import Testing

/// A stroke's outline resolved to the boundary of its ink (`OutlinePiece.resolvingOverlaps()`)
/// renders as its raw outline does, and the renderer, told the rings wind once, fills them without
/// looking for overlaps to the same pixels.
struct ResolvedOutlineTests {
    static func pieces(_ file: String, brush: any Brush) throws -> [OutlinePiece] {
        let drawing = try PDFTests.drawing(file)
        let style = try InkStyle(brush: brush)
        // The spline alone, through the raw samples: their overlaps are what is resolved here (the
        // default's denoiser smooths some of them away).
        let technique = try FreehandTechnique(denoising: nil)
        return drawing.strokes.compactMap { InkStroke.outline(for: $0.samples, technique: technique, style: style) }
    }

    @Test(arguments: ["perfect-freehand-hey.json", "inkable-pencil-antigrain.json", "wacom-special-ink.json"])
    func resolvedOutlinesRenderAsTheRawOnes(file: String) throws {
        for brush in [try PressureBrush() as any Brush, try VelocityBrush(), try ConstantBrush(width: 3)] {
            let raw = try Self.pieces(file, brush: brush)
            #expect(!raw.isEmpty)
            let resolved = raw.map { $0.resolvingOverlaps() }
            #expect(resolved.contains { $0.isResolved && !$0.holes.isEmpty } || resolved.contains { $0.isResolved && $0.polygon != raw[0].polygon })
            // Unflagged copies of the resolved rings go through the rows' overlap checks.
            let checked = resolved.map { OutlinePiece(polygon: $0.polygon, holes: $0.holes, opacity: $0.opacity) }
            let frame = InkFrame(enclosing: raw, margin: 4)
            func placed(_ pieces: [OutlinePiece]) -> [OutlinePiece] { pieces.map { $0.offset(by: frame.offset) } }
            let renderer = InkRenderer(size: frame.size, scale: 2)
            let a = renderer.render(placed(raw)), b = renderer.render(placed(resolved)), c = renderer.render(placed(checked))
            // Moving a piece keeps what is known of its rings.
            #expect(zip(placed(resolved), resolved).allSatisfy { $0.isResolved == $1.isResolved })
            #expect(b.pixels == c.pixels, "\(file): the rings filled without overlap checks differ")
            let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "\(file): resolved outlines differ from the raw ones by \(worst)/255")
        }
    }
}
