import FreehandKit
import Testing

struct InkPresetTests {
    @Test func everyPresetIsFoundByItsNameAndBuildsItsTechniqueAndStyle() throws {
        #expect(InkPreset.names == ["signature", "handwriting", "sketch", "raw", "fountain-pen", "highlighter"])
        for preset in InkPreset.all {
            #expect(try InkPreset.named(preset.name) == preset)
            _ = try preset.makeTechnique()
            let style = try preset.makeStyle()
            #expect(style.taper.endLength == preset.taperEnd)
        }
        #expect(throws: ParameterError.self) { try InkPreset.named("calligraphy") }
    }

    @Test func theRawPresetDrawsTheStraightPolylineThroughTheInput() throws {
        let input = [Point2D(0, 0), Point2D(10, 5), Point2D(20, -5), Point2D(30, 0)].map { Sample(location: $0) }
        let path = StrokeBuilder.path(for: input, technique: try InkPreset.raw.makeTechnique())
        let corners = path.elements.map(\.endPoint)
        #expect(corners == input.map(\.location))
    }

    @Test func eachPresetDrawsItsOwnLook() throws {
        // A fast stroke with rising force: handwriting widens with force, the sketch tapers its
        // end, raw keeps one width. A stroke at a steady pace that then speeds up fourfold: the
        // signature thins where it speeds up.
        let input = (0..<40).map { index in
            Sample(location: Point2D(Double(index * index) * 0.2, 0), timestamp: Double(index) / 60, force: Double(index) / 40)
        }
        let spurt = (0..<60).map { index -> Sample in
            let x: Double = index < 30 ? Double(index) : 30 + Double(index - 30) * 4
            return Sample(location: Point2D(x, 0), timestamp: Double(index) / 100)
        }
        func vertices(_ preset: InkPreset, _ input: [Sample]) throws -> [CentrelineVertex] {
            var stroke = InkStroke(technique: try preset.makeTechnique(), style: try preset.makeStyle(), outputs: [])
            try stroke.append(input)
            try stroke.end()
            return stroke.vertices
        }
        func widths(_ preset: InkPreset) throws -> [Double] { try vertices(preset, input).map(\.width) }
        let handwriting = try widths(.handwriting), sketch = try widths(.sketch), raw = try widths(.raw)
        let signature = try vertices(.signature, spurt)
        func width(at x: Double) throws -> Double { try #require(signature.first { $0.position.x >= x }).width }
        #expect(try width(at: 20) > width(at: 45) * 1.3)
        #expect(handwriting[handwriting.count / 4] < handwriting[3 * handwriting.count / 4])
        #expect(sketch.last! < sketch[sketch.count - 10])
        #expect(Set(raw).count == 1)
    }
}
