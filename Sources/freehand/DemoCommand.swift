import ArgumentParser
import FreehandDocument
import FreehandEvaluation
import FreehandKit
import FreehandRender
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Draw the bundled sample ink with every technique and brush, side by side, into an SVG and a PNG.",
        discussion: "Writes freehand-demo.svg and freehand-demo.png (or -o's name and the other form beside it). Techniques on \"hey\" (mouse) thinned to every 4th sample; brushes on \"ink\" (pen with pressure and tilt)."
    )

    @Option(name: .shortAndLong, help: "The sheet to write, .svg or .png; the other form goes beside it with its own extension.")
    var output = "freehand-demo.svg"

    func validate() throws {
        guard ["svg", "png"].contains((output as NSString).pathExtension.lowercased()) else {
            throw ValidationError("-o must name a .svg or .png file (the other form is written beside it)")
        }
    }

    func run() throws {
        BatchMemory.keepFreedMemory()
        let hey = try SampleInk.hey.strokes()
        let pen = try SampleInk.inkPen.strokes()
        let sheet = DemoSheet()
        let brushes: [(String, InkStyle)] = [
            ("constant", try InkStyle(brush: try ConstantBrush(width: 3))),
            ("pressure", try InkStyle(brush: try PressureBrush(sensitivity: 6), taper: try Taper(startLength: 6, endLength: 10))),
            ("velocity", try InkStyle(brush: try VelocityBrush(maximumWidth: 5, minimumWidth: 1))),
            ("tilt-shading at 0.75 rad", try InkStyle(brush: try TiltShadingBrush(shadingAltitude: 0.75, maximumShadingWidth: 14, minimumShadingWidth: 2))),
            ("fountain pen, 45° nib", try InkStyle(brush: try FountainPenBrush(width: 6, minimumWidth: 0.8))),
            ("highlighter", try InkStyle(brush: HighlighterBrush.standard)),
        ]
        // Thinned to every 4th sample (about 31 Hz) so the techniques differ visibly.
        let thinned = hey.map { $0.decimated(keepingEvery: 4) }
        let techniqueTitle = "Techniques: \"hey\" (mouse, 125 Hz) thinned to every 4th sample; dots are the samples"
        let brushTitle = "Brushes: \"ink\" (pen, 250 Hz, pressure and tilt), default technique"
        let document = sheet.document(sections: [
            (techniqueTitle, sheet.techniquePanels(thinned, TechniqueCatalog.all)),
            (brushTitle, sheet.brushPanels(pen, brushes)),
        ])
        let base = (output as NSString).deletingPathExtension
        let svgPath = base + ".svg", pngPath = base + ".png"
        try InkOutput.write(document.text, to: svgPath)
        let raster = RasterSheet()
        let bitmap = raster.render(sections: [
            ("techniques on hey (mouse) thinned to every 4th sample", TechniqueCatalog.all.map { raster.techniquePanel(thinned, technique: $0) }),
            ("brushes on ink (pen with pressure and tilt)", brushes.map { raster.brushPanel(pen, label: $0.0, style: $0.1) }),
        ])
        try InkOutput.write(PNGEncoder.encode(bitmap), to: pngPath)
        print("wrote \(svgPath) and \(pngPath)")
    }
}
