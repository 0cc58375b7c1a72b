/// Whether ink is shown on a light or a dark surface (UIKit's light and dark user-interface
/// styles). Stored strokes keep their true colours; only what a view shows follows the appearance,
/// as PencilKit's canvas does in Dark Mode, so that black ink written in light mode stays readable
/// in dark mode and is exported black.
public enum InkAppearance: Hashable, Sendable {
    /// Ink as stored: dark ink on a light surface.
    case light
    /// Ink shown on a dark surface: each colour's lightness inverted, its hue and saturation kept.
    case dark

    /// The appearance that keeps ink readable over `background` on a system in dark mode
    /// (`systemIsDark`) or not: a see-through background (alpha under 0.5) shows the system's
    /// surface, so the system's style decides; an opaque paper decides by its own lightness (a
    /// white page stays `.light` in dark mode, a black one is `.dark` in light mode).
    public init(systemIsDark: Bool, background: RGBAColor) {
        if background.alpha < 0.5 {
            self = systemIsDark ? .dark : .light
        } else {
            let lightness = (max(background.red, background.green, background.blue) + min(background.red, background.green, background.blue)) / 2
            self = lightness < 0.5 ? .dark : .light
        }
    }

    /// `color` as shown in this appearance. In `.dark`, the HSL lightness L becomes 1 − L: black
    /// shows white, white shows black, dark navy shows light blue, a fully saturated mid-lightness
    /// colour (pure red) stays as it is; alpha is kept. In `.light`, `color` itself.
    public func displayed(_ color: RGBAColor) -> RGBAColor {
        guard self == .dark else { return color }
        let high = max(color.red, color.green, color.blue), low = min(color.red, color.green, color.blue)
        // Inverting HSL lightness maps each channel c to c + (1 − high − low): the spread between
        // channels (and with it hue and saturation) is kept, the middle moves to the other side.
        let shift = 1 - high - low
        return RGBAColor(red: color.red + shift, green: color.green + shift, blue: color.blue + shift, alpha: color.alpha)
    }
}
