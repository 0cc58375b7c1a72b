import FreehandDocument
import FreehandKit
import Testing

/// One rule lays a look over saved strokes for every front end: a preset first, then the
/// technique, the brush (options kept for the stroke's own brush), the options, taper and colour.
struct LookOverrideTests {
    static let saved: StrokeRecord = {
        var record = StrokeRecord(samples: [Sample(x: 0, y: 0, timestamp: 0), Sample(x: 10, y: 4, timestamp: 0.02)])
        record.technique = "catmull-rom"
        record.alpha = 0.3
        record.brush = "velocity"
        record.brushOptions = BrushOptions(maximumWidth: 9, smoothing: 0.5)
        record.taperStart = 3
        record.color = RGBAColor(red: 1, green: 0, blue: 0)
        return record
    }()

    @Test func nothingSetLeavesAStrokeAsItIs() {
        #expect(LookOverride().isEmpty)
        #expect(LookOverride().applied(to: Self.saved) == Self.saved)
        let drawing = Drawing(strokes: [Self.saved])
        #expect(drawing.restyled(by: LookOverride()) == drawing)
    }

    @Test func theStrokesOwnBrushKeepsItsOptionsAndTheOptionsGivenReplaceTheirs() {
        let look = LookOverride(brush: "velocity", brushOptions: BrushOptions(minimumWidth: 0.5))
        let styled = look.applied(to: Self.saved)
        #expect(styled.brush == "velocity")
        #expect(styled.brushOptions == BrushOptions(minimumWidth: 0.5, maximumWidth: 9, smoothing: 0.5))
        #expect(styled.technique == "catmull-rom" && styled.alpha == 0.3 && styled.taperStart == 3, "the rest as saved")
    }

    @Test func anotherBrushStartsFromItsOwnDefaults() {
        let styled = LookOverride(brush: "constant", brushOptions: BrushOptions(width: 4)).applied(to: Self.saved)
        #expect(styled.brush == "constant" && styled.brushOptions == BrushOptions(width: 4))
        #expect(LookOverride(brush: "pressure").applied(to: Self.saved).brushOptions == BrushOptions())
    }

    @Test func aTechniqueComesWithItsOwnAlphaOrItsDefault() {
        let plain = LookOverride(technique: "freehand").applied(to: Self.saved)
        #expect(plain.technique == "freehand" && plain.alpha == nil)
        #expect(LookOverride(technique: "catmull-rom", alpha: 0.9).applied(to: Self.saved).alpha == 0.9)
    }

    @Test func aPresetComesFirstAndTheSettingsAfterItWin() {
        let preset = InkPreset.signature
        let look = LookOverride(preset: preset, technique: "linear", taperEnd: 7, color: .black)
        let styled = look.applied(to: Self.saved)
        let base = Self.saved.restyled(with: preset)
        #expect(styled.brush == base.brush && styled.brushOptions == base.brushOptions && styled.taperStart == base.taperStart)
        #expect(styled.technique == "linear" && styled.taperEnd == 7 && styled.color == .black)
        #expect(styled.samples == Self.saved.samples && styled.pointer == Self.saved.pointer)
        let drawing = Drawing(strokes: [Self.saved, Self.saved], recording: RecordingInfo(source: "test"))
        let restyled = drawing.restyled(by: look)
        #expect(restyled.strokes == [styled, styled] && restyled.recording == drawing.recording)
    }

    @Test func checkRefusesWhatNoStrokeCouldBeDrawnWith() throws {
        try LookOverride(technique: "hermite", brush: "constant", brushOptions: BrushOptions(width: 3), taperStart: 2).check()
        try LookOverride(brushOptions: BrushOptions(width: 500)).check()  // read by each stroke's own brush
        #expect(throws: ParameterError.self) { try LookOverride(technique: "spline").check() }
        #expect(throws: ParameterError.self) { try LookOverride(technique: "catmull-rom", alpha: 2).check() }
        #expect(throws: ParameterError.self) { try LookOverride(brush: "crayon").check() }
        #expect(throws: ParameterError.self) { try LookOverride(brush: "constant", brushOptions: BrushOptions(width: -1)).check() }
        #expect(throws: ParameterError.self) { try LookOverride(taperEnd: -3).check() }
    }

    @Test func optionsOverriddenKeepWhatIsNotGiven() {
        let saved = BrushOptions(width: 2, minimumWidth: 1, sensitivity: 3, response: .easeIn)
        #expect(saved.overridden(by: BrushOptions()) == saved)
        #expect(saved.overridden(by: BrushOptions(width: 5, smoothing: 0.2)) == BrushOptions(width: 5, minimumWidth: 1, sensitivity: 3, response: .easeIn, smoothing: 0.2))
    }
}
