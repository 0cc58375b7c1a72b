import FreehandRender
import Testing

/// The labels' font draws every character the demo sheet and the comparison sheets write.
struct BitmapFontTests {
    /// `text` drawn at size 1 on a bitmap just large enough.
    private func drawn(_ text: String) -> [UInt8] {
        var bitmap = Bitmap(width: BitmapFont.width(of: text, size: 1) + 1, height: BitmapFont.glyphHeight)
        BitmapFont.draw(text, at: 0, 0, size: 1, color: .black, into: &bitmap)
        return bitmap.pixels
    }

    @Test func degreeSignInALabelIsNoHollowBox() {
        // U+0001 has no glyph: it draws the box every unknown character draws.
        #expect(drawn("45°") != drawn("45\u{1}"))
    }

    @Test func everySignTheSheetsWriteHasItsOwnGlyph() {
        let box = drawn("\u{1}")
        for sign in ["°", "×", "%", "+", "=", "'", "-", ".", ",", ":", "(", ")", "/"] {
            #expect(drawn(sign) != box, "\(sign) draws as the hollow box")
        }
    }
}
