import FreehandRender
import Testing
import FreehandKit

struct InkAppearanceTests {
    @Test func darkInvertsLightnessAndKeepsHueAndAlpha() {
        #expect(InkAppearance.dark.displayed(.black) == .white)
        #expect(InkAppearance.dark.displayed(.white) == .black)
        let red = RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        #expect(InkAppearance.dark.displayed(red) == red, "a saturated mid-lightness colour stays")
        let navy = RGBAColor(red: 0, green: 0, blue: 0.5)
        let shown = InkAppearance.dark.displayed(navy)
        #expect(shown.blue == 1 && shown.red == 0.5 && shown.green == 0.5, "dark navy shows light blue")
        #expect(InkAppearance.light.displayed(navy) == navy)
    }

    @Test func theSurfaceBehindTheInkDecidesTheAppearance() {
        #expect(InkAppearance(systemIsDark: true, background: .transparent) == .dark)
        #expect(InkAppearance(systemIsDark: false, background: .transparent) == .light)
        #expect(InkAppearance(systemIsDark: true, background: .white) == .light, "white paper stays light in dark mode")
        #expect(InkAppearance(systemIsDark: false, background: .black) == .dark, "black paper shows light ink")
    }
}
